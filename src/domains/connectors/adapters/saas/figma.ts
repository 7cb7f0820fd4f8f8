import { same } from "../catalogue-types";
import { num, shortMessage, str, succeeded } from "../provider-http";
import type { SaasTool } from "./adapter";
import { saasHttp } from "./api";
import { defineSaasConnector } from "./define";
import { closed, nullableString, optional } from "./schema";

/**
 * Figma (REST API, https://developers.figma.com/docs/rest-api/). OAuth tokens go in
 * `Authorization: Bearer` (personal access tokens would use `X-Figma-Token`). Errors are
 * `{status, err}`; rate limits are per plan and seat (tiers), answered with 429 and Retry-After.
 */
const figmaError = (body: unknown, status: number) => {
  const error = body as { err?: string; message?: string } | null;
  return shortMessage(error?.err ?? error?.message, `HTTP ${status}`);
};

const api = saasHttp({
  name: "Figma",
  baseUrl: "https://api.figma.com/v1",
  headers: { Accept: "application/json" },
  errorOf: figmaError,
});

const fileKey = {
  type: "string",
  pattern: "^[A-Za-z0-9]{10,128}$",
  description: "The key in the file's URL (figma.com/design/<key>/...)",
};

interface FigmaNode {
  id: string;
  name?: string;
  type?: string;
  children?: FigmaNode[];
}

const nodeSchema = {
  type: "object",
  required: ["id", "name", "type"],
  properties: { id: { type: "string" }, name: nullableString, type: nullableString },
};
const node = (item: FigmaNode) => ({ id: item.id, name: item.name ?? null, type: item.type ?? null });

const getFile: SaasTool = {
  toolKey: "get_file",
  texts: {
    en: {
      displayName: "Get design file",
      description: "Reads a Figma file's name, version and pages with their top-level frames.",
    },
    de: {
      displayName: "Designdatei abrufen",
      description: "Liest Name, Version und Seiten einer Figma-Datei mit ihren obersten Frames.",
    },
    fr: {
      displayName: "Obtenir le fichier de design",
      description: "Lit le nom, la version et les pages d'un fichier Figma avec leurs cadres de premier niveau.",
    },
    es: {
      displayName: "Obtener archivo de diseño",
      description: "Lee el nombre, la versión y las páginas de un archivo de Figma con sus marcos de primer nivel.",
    },
    ja: {
      displayName: "デザインファイルを取得",
      description: "Figma ファイルの名前、バージョン、ページと最上位フレームを読み取ります。",
    },
  },
  // depth 1 = pages only, 2 = pages and their top-level frames; deeper trees get large fast.
  inputSchema: closed({ fileKey, depth: optional({ type: "integer", minimum: 1, maximum: 2, default: 2 }) }),
  outputSchema: {
    type: "object",
    required: ["name", "lastModified", "version", "editorType", "role", "thumbnailUrl", "pages"],
    properties: {
      name: { type: "string" },
      lastModified: nullableString,
      version: nullableString,
      editorType: nullableString,
      role: nullableString,
      thumbnailUrl: nullableString,
      pages: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "name", "frames"],
          properties: { id: { type: "string" }, name: nullableString, frames: { type: "array", items: nodeSchema } },
        },
      },
    },
  },
  requiresApproval: false,
  // GET file is a Tier 1 endpoint: 10 per minute on the smallest paid plan (Dev/Full seat).
  rateLimitRpm: 10,
  async run(input, context) {
    const outcome = await api.call<{
      name?: string;
      lastModified?: string;
      version?: string;
      editorType?: string;
      role?: string;
      thumbnailUrl?: string;
      document?: FigmaNode;
    }>(context, `/files/${encodeURIComponent(str(input.fileKey) ?? "")}`, { query: { depth: num(input.depth) ?? 2 } });
    if (!outcome.ok) return outcome.result;
    const file = outcome.body;
    return succeeded({
      name: file.name ?? "",
      lastModified: file.lastModified ?? null,
      version: file.version ?? null,
      editorType: file.editorType ?? null,
      role: file.role ?? null,
      thumbnailUrl: file.thumbnailUrl ?? null,
      pages: (file.document?.children ?? []).map((page) => ({
        id: page.id,
        name: page.name ?? null,
        frames: (page.children ?? []).map(node),
      })),
    });
  },
};

interface FigmaComment {
  id: string;
  message?: string;
  parent_id?: string;
  order_id?: string | number | null;
  created_at?: string;
  resolved_at?: string | null;
  user?: { id?: string; handle?: string };
}

const commentSchema = {
  type: "object",
  required: ["id", "message", "author", "createdAt", "resolvedAt", "parentId", "orderId"],
  properties: {
    id: { type: "string" },
    message: { type: "string" },
    author: nullableString,
    createdAt: nullableString,
    resolvedAt: nullableString,
    parentId: nullableString,
    orderId: nullableString,
  },
};

const comment = (item: FigmaComment) => ({
  id: item.id,
  message: item.message ?? "",
  author: item.user?.handle ?? null,
  createdAt: item.created_at ?? null,
  resolvedAt: item.resolved_at ?? null,
  // Replies carry their thread's id; top-level comments an empty string.
  parentId: item.parent_id || null,
  orderId: item.order_id === null || item.order_id === undefined ? null : String(item.order_id),
});

const listComments: SaasTool = {
  toolKey: "list_comments",
  texts: {
    en: { displayName: "List comments", description: "Lists the comments and replies on a Figma file." },
    de: {
      displayName: "Kommentare auflisten",
      description: "Listet die Kommentare und Antworten einer Figma-Datei auf.",
    },
    fr: {
      displayName: "Lister les commentaires",
      description: "Liste les commentaires et réponses d'un fichier Figma.",
    },
    es: {
      displayName: "Listar comentarios",
      description: "Enumera los comentarios y respuestas de un archivo de Figma.",
    },
    ja: { displayName: "コメント一覧", description: "Figma ファイルのコメントと返信を一覧表示します。" },
  },
  inputSchema: closed({ fileKey }),
  outputSchema: {
    type: "object",
    required: ["comments"],
    properties: { comments: { type: "array", items: commentSchema } },
  },
  requiresApproval: false,
  // GET comments is Tier 2: 25 per minute on the smallest paid plan.
  rateLimitRpm: 25,
  async run(input, context) {
    const outcome = await api.call<{ comments?: FigmaComment[] }>(
      context,
      `/files/${encodeURIComponent(str(input.fileKey) ?? "")}/comments`,
    );
    if (!outcome.ok) return outcome.result;
    return succeeded({ comments: (outcome.body.comments ?? []).map(comment) });
  },
};

const postComment: SaasTool = {
  toolKey: "post_comment",
  texts: {
    en: {
      displayName: "Post comment",
      description: "Posts a comment on a Figma file, or a reply to an existing comment.",
    },
    de: {
      displayName: "Kommentar posten",
      description: "Schreibt einen Kommentar zu einer Figma-Datei oder eine Antwort auf einen bestehenden Kommentar.",
    },
    fr: {
      displayName: "Publier un commentaire",
      description: "Publie un commentaire sur un fichier Figma, ou une réponse à un commentaire existant.",
    },
    es: {
      displayName: "Publicar comentario",
      description: "Publica un comentario en un archivo de Figma, o una respuesta a un comentario existente.",
    },
    ja: {
      displayName: "コメントを投稿",
      description: "Figma ファイルにコメント、または既存コメントへの返信を投稿します。",
    },
  },
  inputSchema: closed({
    fileKey,
    message: { type: "string", minLength: 1, maxLength: 5000 },
    replyTo: optional({ type: "string", pattern: "^[0-9]{1,20}$", description: "The id of the comment to reply to" }),
  }),
  outputSchema: commentSchema,
  requiresApproval: true,
  // POST comments is Tier 2 as well.
  rateLimitRpm: 25,
  async run(input, context) {
    const body: Record<string, unknown> = { message: str(input.message) };
    if (str(input.replyTo)) body.comment_id = str(input.replyTo);
    const outcome = await api.call<FigmaComment>(
      context,
      `/files/${encodeURIComponent(str(input.fileKey) ?? "")}/comments`,
      { method: "POST", json: body },
    );
    if (!outcome.ok) return outcome.result;
    return succeeded(comment(outcome.body));
  },
};

export const figmaConnector = defineSaasConnector({
  key: "figma",
  catalogue: {
    category: "design",
    displayName: same("Figma"),
    description: {
      en: "Read design files and comments and post comments in Figma.",
      de: "Designdateien und Kommentare lesen und in Figma kommentieren.",
      fr: "Lire des fichiers de design et des commentaires et commenter dans Figma.",
      es: "Leer archivos de diseño y comentarios y comentar en Figma.",
      ja: "Figma のデザインファイルとコメントを読み取り、コメントを投稿します。",
    },
  },
  // Token answers `{access_token, expires_in, refresh_token, user_id_string}`; failures
  // `{error:true,status,message}` (400 = dead grant): RFC 6749 reading works.
  oauth: {
    authorizeUrl: "https://www.figma.com/oauth",
    tokenUrl: "https://api.figma.com/v1/oauth/token",
    scopes: ["current_user:read", "file_content:read", "file_comments:read", "file_comments:write"],
    scopeSeparator: ",",
    // Not documented for Figma's OAuth apps in the material we could check: off (see docs).
    pkce: false,
    tokenAuth: "client_secret_basic",
    tokenBody: "form",
    // Figma refreshes at its own endpoint (form body `refresh_token`, Basic client auth) and
    // answers without a new refresh token; the code exchange stays at `tokenUrl`.
    refreshUrl: "https://api.figma.com/v1/oauth/refresh",
  },
  http: api,
  health: {
    path: "/me",
    describe: (me: { handle?: string; email?: string }) => `Connected to Figma as ${me.handle ?? me.email ?? "?"}`,
  },
  tools: [getFile, listComments, postComment],
});
