import { same } from "../catalogue-types";
import {
  accessToken,
  failed,
  num,
  providerJson,
  rateLimited,
  readTextPrefix,
  str,
  succeeded,
  withQuery,
} from "../provider-http";
import type { SaasTool } from "./adapter";
import { AdapterError, type AdapterContext } from "../../../../../shared/connectors/adapter-port";
import { defineSaasConnector } from "./define";
import { googleError, googleHttp, googleOAuth, isGoogleRateLimit } from "./google";
import { closed, nullableString, optional } from "./schema";

/**
 * Google Drive (API v3, https://developers.google.com/drive/api/reference/rest/v3). Google Docs,
 * Sheets and Slides have no bytes of their own: their text comes from `files.export`; other
 * text files are downloaded with `alt=media`. Uploads are `uploadType=multipart` (metadata + media).
 */
const DRIVE = "https://www.googleapis.com/drive/v3";
const DRIVE_UPLOAD = "https://www.googleapis.com/upload/drive/v3/files";
const PROVIDER = "Google Drive";
const api = googleHttp(PROVIDER, DRIVE);

/** Default and largest text a read returns; the answer is cut there and marked `truncated`. */
export const DEFAULT_TEXT_BYTES = 200_000;
const MAX_TEXT_BYTES = 1_000_000;

/** Export formats for Google's own file types (files.export caps exports at 10 MB). */
const EXPORTS: Record<string, string> = {
  "application/vnd.google-apps.document": "text/plain",
  "application/vnd.google-apps.spreadsheet": "text/csv",
  "application/vnd.google-apps.presentation": "text/plain",
  "application/vnd.google-apps.script": "application/vnd.google-apps.script+json",
};
const TEXTUAL = /^(text\/|application\/(json|xml|javascript|x-yaml|yaml|csv|sql|x-sh|x-httpd-php|ld\+json|rtf))/;

const FILE_FIELDS =
  "id,name,mimeType,description,size,createdTime,modifiedTime,webViewLink,parents,owners(displayName,emailAddress),trashed";
const LIST_FIELDS = "nextPageToken,incompleteSearch,files(id,name,mimeType,size,modifiedTime,webViewLink,parents)";

const fileId = { type: "string", pattern: "^[A-Za-z0-9_-]{1,200}$" };

interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  description?: string;
  size?: string;
  createdTime?: string;
  modifiedTime?: string;
  webViewLink?: string;
  parents?: string[];
  owners?: { displayName?: string; emailAddress?: string }[];
  trashed?: boolean;
}

const fileSummarySchema = {
  type: "object",
  required: ["id", "name", "mimeType", "size", "modifiedTime", "webViewLink", "parents"],
  properties: {
    id: { type: "string" },
    name: nullableString,
    mimeType: nullableString,
    size: { type: ["integer", "null"], minimum: 0 },
    modifiedTime: nullableString,
    webViewLink: nullableString,
    parents: { type: "array", items: { type: "string" } },
  },
};

const summary = (file: DriveFile) => ({
  id: file.id,
  name: file.name ?? null,
  mimeType: file.mimeType ?? null,
  // Drive sends int64 as a string; Google-native files have no size.
  size: file.size === undefined ? null : Number(file.size),
  modifiedTime: file.modifiedTime ?? null,
  webViewLink: file.webViewLink ?? null,
  parents: file.parents ?? [],
});

const searchFiles: SaasTool = {
  toolKey: "search_files",
  texts: {
    en: {
      displayName: "Search files",
      description:
        "Finds Drive files by name or content, or with a Drive query (q) such as mimeType = 'application/pdf'.",
    },
    de: {
      displayName: "Dateien suchen",
      description:
        "Findet Drive-Dateien nach Name oder Inhalt oder mit einer Drive-Abfrage (q) wie mimeType = 'application/pdf'.",
    },
    fr: {
      displayName: "Rechercher des fichiers",
      description:
        "Trouve des fichiers Drive par nom ou contenu, ou avec une requête Drive (q) comme mimeType = 'application/pdf'.",
    },
    es: {
      displayName: "Buscar archivos",
      description:
        "Encuentra archivos de Drive por nombre o contenido, o con una consulta de Drive (q) como mimeType = 'application/pdf'.",
    },
    ja: {
      displayName: "ファイルを検索",
      description:
        "名前や内容、または mimeType = 'application/pdf' のような Drive クエリ (q) で Drive のファイルを検索します。",
    },
  },
  inputSchema: closed({
    text: optional({
      type: "string",
      minLength: 1,
      maxLength: 500,
      description: "Words to find in the name or content",
    }),
    query: optional({
      type: "string",
      minLength: 1,
      maxLength: 2000,
      description: "A Drive search query (q); combined with `text` by and",
    }),
    pageSize: optional({ type: "integer", minimum: 1, maximum: 100, default: 20 }),
    pageToken: optional({ type: "string", minLength: 1, maxLength: 1000 }),
    orderBy: optional({ type: "string", pattern: "^[a-zA-Z, ]{1,100}$", description: "e.g. modifiedTime desc" }),
    includeTrashed: optional({ type: "boolean", default: false }),
  }),
  outputSchema: {
    type: "object",
    required: ["files", "nextPageToken", "incompleteSearch"],
    properties: {
      files: { type: "array", items: fileSummarySchema },
      nextPageToken: nullableString,
      incompleteSearch: { type: "boolean" },
    },
  },
  requiresApproval: false,
  // Drive allows 12,000 queries per minute per user: no limit of our own.
  rateLimitRpm: null,
  async run(input, context) {
    const clauses: string[] = [];
    const text = str(input.text);
    // Drive query strings are single-quoted; backslash and quote are escaped with a backslash.
    if (text) clauses.push(`fullText contains '${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`);
    if (str(input.query)) clauses.push(`(${str(input.query)})`);
    if (input.includeTrashed !== true) clauses.push("trashed = false");
    const outcome = await api.call<{ files?: DriveFile[]; nextPageToken?: string; incompleteSearch?: boolean }>(
      context,
      "/files",
      {
        query: {
          q: clauses.join(" and "),
          pageSize: num(input.pageSize) ?? 20,
          pageToken: str(input.pageToken),
          orderBy: str(input.orderBy),
          fields: LIST_FIELDS,
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
        },
      },
    );
    if (!outcome.ok) return outcome.result;
    return succeeded({
      files: (outcome.body.files ?? []).map(summary),
      nextPageToken: outcome.body.nextPageToken ?? null,
      incompleteSearch: outcome.body.incompleteSearch === true,
    });
  },
};

const getFile: SaasTool = {
  toolKey: "get_file",
  texts: {
    en: {
      displayName: "Get file details",
      description: "Reads a Drive file's metadata: name, type, size, owners, dates and link.",
    },
    de: {
      displayName: "Dateidetails abrufen",
      description: "Liest die Metadaten einer Drive-Datei: Name, Typ, Größe, Eigentümer, Daten und Link.",
    },
    fr: {
      displayName: "Détails du fichier",
      description: "Lit les métadonnées d'un fichier Drive : nom, type, taille, propriétaires, dates et lien.",
    },
    es: {
      displayName: "Detalles del archivo",
      description: "Lee los metadatos de un archivo de Drive: nombre, tipo, tamaño, propietarios, fechas y enlace.",
    },
    ja: {
      displayName: "ファイル情報を取得",
      description: "Drive ファイルのメタデータ（名前、種類、サイズ、所有者、日時、リンク）を読み取ります。",
    },
  },
  inputSchema: closed({ fileId }),
  outputSchema: {
    type: "object",
    required: [...fileSummarySchema.required, "description", "createdTime", "owners", "trashed"],
    properties: {
      ...fileSummarySchema.properties,
      description: nullableString,
      createdTime: nullableString,
      owners: {
        type: "array",
        items: {
          type: "object",
          required: ["displayName", "emailAddress"],
          properties: { displayName: nullableString, emailAddress: nullableString },
        },
      },
      trashed: { type: "boolean" },
    },
  },
  requiresApproval: false,
  rateLimitRpm: null,
  async run(input, context) {
    const outcome = await fileMetadata(context, str(input.fileId) ?? "");
    if (!outcome.ok) return outcome.result;
    const file = outcome.body;
    return succeeded({
      ...summary(file),
      description: file.description ?? null,
      createdTime: file.createdTime ?? null,
      owners: (file.owners ?? []).map((owner) => ({
        displayName: owner.displayName ?? null,
        emailAddress: owner.emailAddress ?? null,
      })),
      trashed: file.trashed === true,
    });
  },
};

const fileMetadata = (context: AdapterContext, id: string) =>
  api.call<DriveFile>(context, `/files/${encodeURIComponent(id)}`, {
    query: { fields: FILE_FIELDS, supportsAllDrives: true },
  });

const readFileText: SaasTool = {
  toolKey: "read_file_text",
  texts: {
    en: {
      displayName: "Read file text",
      description: "Reads the text of a Google Doc, Sheet (as CSV), Slides deck or text file, up to a size limit.",
    },
    de: {
      displayName: "Dateitext lesen",
      description:
        "Liest den Text eines Google-Dokuments, einer Tabelle (als CSV), einer Präsentation oder einer Textdatei bis zu einer Größengrenze.",
    },
    fr: {
      displayName: "Lire le texte du fichier",
      description:
        "Lit le texte d'un Google Doc, d'une feuille (en CSV), d'une présentation ou d'un fichier texte, jusqu'à une taille limite.",
    },
    es: {
      displayName: "Leer texto del archivo",
      description:
        "Lee el texto de un documento, hoja de cálculo (como CSV), presentación de Google o archivo de texto, hasta un límite de tamaño.",
    },
    ja: {
      displayName: "ファイルのテキストを読む",
      description:
        "Google ドキュメント、スプレッドシート（CSV）、スライド、テキストファイルの本文をサイズ上限まで読み取ります。",
    },
  },
  inputSchema: closed({
    fileId,
    maxBytes: optional({ type: "integer", minimum: 1, maximum: MAX_TEXT_BYTES, default: DEFAULT_TEXT_BYTES }),
  }),
  outputSchema: {
    type: "object",
    required: ["id", "name", "mimeType", "exportedAs", "text", "truncated"],
    properties: {
      id: { type: "string" },
      name: nullableString,
      mimeType: { type: "string" },
      exportedAs: nullableString,
      text: { type: "string" },
      truncated: { type: "boolean" },
    },
  },
  requiresApproval: false,
  rateLimitRpm: null,
  async run(input, context) {
    const id = str(input.fileId) ?? "";
    const metadata = await fileMetadata(context, id);
    if (!metadata.ok) return metadata.result;
    const mimeType = metadata.body.mimeType ?? "application/octet-stream";
    const exportAs = EXPORTS[mimeType] ?? null;
    if (!exportAs && !TEXTUAL.test(mimeType))
      throw new AdapterError("invalid_input", `The file is ${mimeType}, which has no text to read`);
    const url = exportAs
      ? withQuery(`${DRIVE}/files/${encodeURIComponent(id)}/export`, { mimeType: exportAs })
      : withQuery(`${DRIVE}/files/${encodeURIComponent(id)}`, { alt: "media", supportsAllDrives: true });
    const response = await context.fetch(url, {
      headers: { Authorization: `Bearer ${accessToken(context)}` },
      signal: context.signal,
    });
    if (!response.ok) {
      // Errors of a media download are Google's JSON error shape like any other call.
      const answer = await providerJson(response, PROVIDER);
      if (answer.status === 429 || isGoogleRateLimit(answer.body, answer.status))
        return rateLimited(PROVIDER, answer.retryAfterSeconds);
      return failed(answer.status, `${PROVIDER}: ${googleError(answer.body, answer.status)}`);
    }
    const { text, truncated } = await readTextPrefix(response, num(input.maxBytes) ?? DEFAULT_TEXT_BYTES);
    return succeeded({ id, name: metadata.body.name ?? null, mimeType, exportedAs: exportAs, text, truncated });
  },
};

/** A multipart/related upload body: JSON metadata, then the content (RFC 2387). */
function multipart(metadata: Record<string, unknown>, content: string, contentType: string) {
  const boundary = `part-${crypto.randomUUID()}`;
  const body = [
    `--${boundary}`,
    "Content-Type: application/json; charset=UTF-8",
    "",
    JSON.stringify(metadata),
    `--${boundary}`,
    `Content-Type: ${contentType}; charset=UTF-8`,
    "",
    content,
    `--${boundary}--`,
    "",
  ].join("\r\n");
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

const createFile: SaasTool = {
  toolKey: "create_file",
  texts: {
    en: {
      displayName: "Create file",
      description: "Creates a text file in Drive (optionally converted to a Google Doc) in a folder of your choice.",
    },
    de: {
      displayName: "Datei erstellen",
      description: "Erstellt eine Textdatei in Drive (optional als Google-Dokument) in einem Ordner deiner Wahl.",
    },
    fr: {
      displayName: "Créer un fichier",
      description:
        "Crée un fichier texte dans Drive (éventuellement converti en Google Doc) dans le dossier de votre choix.",
    },
    es: {
      displayName: "Crear archivo",
      description:
        "Crea un archivo de texto en Drive (opcionalmente convertido en documento de Google) en la carpeta que elijas.",
    },
    ja: {
      displayName: "ファイルを作成",
      description: "Drive の任意のフォルダにテキストファイルを作成します（Google ドキュメントへの変換も可能）。",
    },
  },
  inputSchema: closed({
    name: { type: "string", minLength: 1, maxLength: 255, pattern: "^[^\\r\\n]+$" },
    // Multipart uploads are for files up to 5 MB; text written by a tool stays far below.
    content: { type: "string", maxLength: 1_000_000 },
    mimeType: optional({
      enum: ["text/plain", "text/markdown", "text/csv", "text/html", "application/json"],
      default: "text/plain",
    }),
    parentId: optional(fileId),
    convertToGoogleDoc: optional({ type: "boolean", default: false }),
  }),
  outputSchema: {
    type: "object",
    required: ["id", "name", "mimeType", "webViewLink"],
    properties: { id: { type: "string" }, name: nullableString, mimeType: nullableString, webViewLink: nullableString },
  },
  requiresApproval: true,
  rateLimitRpm: null,
  async run(input, context) {
    const contentType = str(input.mimeType) ?? "text/plain";
    const metadata: Record<string, unknown> = { name: str(input.name) };
    if (str(input.parentId)) metadata.parents = [str(input.parentId)];
    if (input.convertToGoogleDoc === true)
      metadata.mimeType =
        contentType === "text/csv" ? "application/vnd.google-apps.spreadsheet" : "application/vnd.google-apps.document";
    const upload = multipart(metadata, str(input.content) ?? "", contentType);
    const outcome = await api.call<DriveFile>(context, DRIVE_UPLOAD, {
      method: "POST",
      query: { uploadType: "multipart", fields: "id,name,mimeType,webViewLink", supportsAllDrives: true },
      headers: { "Content-Type": upload.contentType },
      body: upload.body,
    });
    if (!outcome.ok) return outcome.result;
    return succeeded({
      id: outcome.body.id,
      name: outcome.body.name ?? null,
      mimeType: outcome.body.mimeType ?? null,
      webViewLink: outcome.body.webViewLink ?? null,
    });
  },
};

export const googleDriveConnector = defineSaasConnector({
  key: "google-drive",
  catalogue: {
    category: "productivity",
    displayName: same("Google Drive"),
    description: {
      en: "Search, read and create files in Google Drive.",
      de: "Dateien in Google Drive suchen, lesen und anlegen.",
      fr: "Rechercher, lire et créer des fichiers dans Google Drive.",
      es: "Buscar, leer y crear archivos en Google Drive.",
      ja: "Google ドライブのファイルを検索、閲覧、作成します。",
    },
  },
  oauth: googleOAuth([
    // Reading any file the user can open (search, metadata, text).
    "https://www.googleapis.com/auth/drive.readonly",
    // Creating files (per-file access to what this app creates).
    "https://www.googleapis.com/auth/drive.file",
  ]),
  http: api,
  health: {
    path: "/about",
    request: { query: { fields: "user" } },
    describe: (about: { user?: { displayName?: string; emailAddress?: string } }) =>
      `Connected to Google Drive as ${about.user?.emailAddress ?? about.user?.displayName ?? "?"}`,
  },
  tools: [searchFiles, getFile, readFileText, createFile],
});
