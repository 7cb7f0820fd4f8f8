import { toBase64 } from "../../../../lib/bytes";
import { base64url, fromBase64url } from "../../../../lib/crypto";
import { num, str, succeeded } from "../provider-http";
import type { SaasTool } from "./adapter";
import { AdapterError } from "../../../../../shared/connectors/adapter-port";
import { same } from "../catalogue-types";
import { defineSaasConnector } from "./define";
import { googleHttp, googleOAuth } from "./google";
import { closed, nullableString, optional } from "./schema";

/**
 * Gmail (API v1, https://developers.google.com/gmail/api/reference/rest), always as `users/me`.
 * Mail is composed as an RFC 2822 message (UTF-8, base64 body) and sent base64url in `raw`.
 */
const api = googleHttp("Gmail", "https://gmail.googleapis.com/gmail/v1/users/me");

/** A message body in a tool result is capped: a tool output is stored and shown, not a mailbox export. */
export const MAX_MESSAGE_TEXT_CHARS = 100_000;

/** Bare addresses only: no display names, and nothing that could break out of a header line. */
const address = {
  type: "string",
  pattern: '^[^\\s@<>(),;:"\\[\\]\\\\]+@[^\\s@<>(),;:"\\[\\]\\\\]+\\.[^\\s@<>(),;:"\\[\\]\\\\]+$',
  maxLength: 254,
};
const addresses = { type: "array", items: address, minItems: 1, maxItems: 100, uniqueItems: true };
const messageId = { type: "string", pattern: "^[A-Za-z0-9_-]{1,128}$" };

// --- base64url and MIME helpers -------------------------------------------------------------

/** Exported for the tests, which decode what `composeRaw` encodes. */
export const base64UrlDecode = fromBase64url;

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${toBase64(new TextEncoder().encode(value))}?=`;

interface Composed {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  body: string;
}

/** An RFC 2822 message (text/plain, UTF-8, base64 body wrapped at 76 columns) as Gmail's `raw`. */
export function composeRaw(mail: Composed): string {
  const headerValues = [...mail.to, ...(mail.cc ?? []), ...(mail.bcc ?? []), mail.subject];
  if (headerValues.some((value) => /[\r\n]/.test(value)))
    throw new AdapterError("invalid_input", "Header values may not contain line breaks");
  const lines = [`To: ${mail.to.join(", ")}`];
  if (mail.cc?.length) lines.push(`Cc: ${mail.cc.join(", ")}`);
  if (mail.bcc?.length) lines.push(`Bcc: ${mail.bcc.join(", ")}`);
  lines.push(
    `Subject: ${encodeHeader(mail.subject)}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="UTF-8"',
    "Content-Transfer-Encoding: base64",
    "",
  );
  const body = toBase64(new TextEncoder().encode(mail.body)).replace(/.{76}/g, "$&\r\n");
  return base64url(new TextEncoder().encode(`${lines.join("\r\n")}\r\n${body}`));
}

interface GmailPart {
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: GmailPart[];
}

interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  payload?: GmailPart;
}

function decodePart(part: GmailPart): string {
  const charset =
    /charset="?([^";]+)"?/i.exec(
      part.headers?.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "",
    )?.[1] ?? "utf-8";
  const bytes = base64UrlDecode(part.body?.data ?? "");
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

function findPart(part: GmailPart | undefined, mimeType: string): GmailPart | null {
  if (!part) return null;
  if (part.mimeType === mimeType && part.body?.data && !part.filename) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, mimeType);
    if (found) return found;
  }
  return null;
}

function attachmentsOf(
  part: GmailPart | undefined,
  into: { filename: string; mimeType: string; size: number; attachmentId: string | null }[] = [],
) {
  if (!part) return into;
  if (part.filename)
    into.push({
      filename: part.filename,
      mimeType: part.mimeType ?? "application/octet-stream",
      size: part.body?.size ?? 0,
      attachmentId: part.body?.attachmentId ?? null,
    });
  for (const child of part.parts ?? []) attachmentsOf(child, into);
  return into;
}

/** HTML mail without a text/plain part: tags dropped, entities of the common kind decoded. */
const htmlToText = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

function messageText(payload: GmailPart | undefined): string {
  const plain = findPart(payload, "text/plain");
  if (plain) return decodePart(plain);
  const html = findPart(payload, "text/html");
  return html ? htmlToText(decodePart(html)) : "";
}

// --- tools -----------------------------------------------------------------------------------

const searchMessages: SaasTool = {
  toolKey: "search_messages",
  texts: {
    en: {
      displayName: "Search email",
      description:
        "Finds Gmail messages with Gmail's search syntax (from:, to:, subject:, newer_than:, is:unread ...).",
    },
    de: {
      displayName: "E-Mails suchen",
      description:
        "Findet Gmail-Nachrichten mit der Gmail-Suchsyntax (from:, to:, subject:, newer_than:, is:unread ...).",
    },
    fr: {
      displayName: "Rechercher des e-mails",
      description:
        "Trouve des messages Gmail avec la syntaxe de recherche de Gmail (from:, to:, subject:, newer_than:, is:unread ...).",
    },
    es: {
      displayName: "Buscar correos",
      description:
        "Encuentra mensajes de Gmail con la sintaxis de búsqueda de Gmail (from:, to:, subject:, newer_than:, is:unread ...).",
    },
    ja: {
      displayName: "メールを検索",
      description: "Gmail の検索構文（from:、to:、subject:、newer_than:、is:unread など）でメッセージを検索します。",
    },
  },
  inputSchema: closed({
    query: { type: "string", minLength: 1, maxLength: 2000 },
    maxResults: optional({ type: "integer", minimum: 1, maximum: 100, default: 20 }),
    pageToken: optional({ type: "string", minLength: 1, maxLength: 500 }),
    includeSpamTrash: optional({ type: "boolean", default: false }),
  }),
  outputSchema: {
    type: "object",
    required: ["messages", "nextPageToken", "resultSizeEstimate"],
    properties: {
      messages: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "threadId"],
          properties: { id: { type: "string" }, threadId: nullableString },
        },
      },
      nextPageToken: nullableString,
      resultSizeEstimate: { type: "integer", minimum: 0 },
    },
  },
  requiresApproval: false,
  // messages.list costs 5 of the 15,000 quota units per user per minute: no limit of our own.
  rateLimitRpm: null,
  async run(input, context) {
    const outcome = await api.call<{
      messages?: { id: string; threadId?: string }[];
      nextPageToken?: string;
      resultSizeEstimate?: number;
    }>(context, "/messages", {
      query: {
        q: str(input.query),
        maxResults: num(input.maxResults) ?? 20,
        pageToken: str(input.pageToken),
        includeSpamTrash: input.includeSpamTrash === true,
      },
    });
    if (!outcome.ok) return outcome.result;
    return succeeded({
      messages: (outcome.body.messages ?? []).map((message) => ({
        id: message.id,
        threadId: message.threadId ?? null,
      })),
      nextPageToken: outcome.body.nextPageToken ?? null,
      resultSizeEstimate: outcome.body.resultSizeEstimate ?? 0,
    });
  },
};

const readMessage: SaasTool = {
  toolKey: "read_message",
  texts: {
    en: { displayName: "Read email", description: "Reads one Gmail message: its headers, text and attachment list." },
    de: {
      displayName: "E-Mail lesen",
      description: "Liest eine Gmail-Nachricht: Kopfzeilen, Text und Liste der Anhänge.",
    },
    fr: {
      displayName: "Lire un e-mail",
      description: "Lit un message Gmail : ses en-têtes, son texte et la liste de ses pièces jointes.",
    },
    es: {
      displayName: "Leer correo",
      description: "Lee un mensaje de Gmail: sus encabezados, su texto y la lista de adjuntos.",
    },
    ja: {
      displayName: "メールを読む",
      description: "Gmail のメッセージを 1 件読み取ります（ヘッダー、本文、添付ファイル一覧）。",
    },
  },
  inputSchema: closed({ messageId }),
  outputSchema: {
    type: "object",
    required: [
      "id",
      "threadId",
      "labelIds",
      "subject",
      "from",
      "to",
      "cc",
      "date",
      "snippet",
      "text",
      "truncated",
      "attachments",
    ],
    properties: {
      id: { type: "string" },
      threadId: nullableString,
      labelIds: { type: "array", items: { type: "string" } },
      subject: nullableString,
      from: nullableString,
      to: nullableString,
      cc: nullableString,
      date: nullableString,
      snippet: { type: "string" },
      text: { type: "string", maxLength: MAX_MESSAGE_TEXT_CHARS },
      truncated: { type: "boolean" },
      attachments: {
        type: "array",
        items: {
          type: "object",
          required: ["filename", "mimeType", "size", "attachmentId"],
          properties: {
            filename: { type: "string" },
            mimeType: { type: "string" },
            size: { type: "integer", minimum: 0 },
            attachmentId: nullableString,
          },
        },
      },
    },
  },
  requiresApproval: false,
  rateLimitRpm: null,
  async run(input, context) {
    const outcome = await api.call<GmailMessage>(
      context,
      `/messages/${encodeURIComponent(str(input.messageId) ?? "")}`,
      {
        query: { format: "full" },
      },
    );
    if (!outcome.ok) return outcome.result;
    const message = outcome.body;
    const header = (name: string) =>
      message.payload?.headers?.find((h) => h.name.toLowerCase() === name)?.value ?? null;
    const text = messageText(message.payload);
    return succeeded({
      id: message.id,
      threadId: message.threadId ?? null,
      labelIds: message.labelIds ?? [],
      subject: header("subject"),
      from: header("from"),
      to: header("to"),
      cc: header("cc"),
      date: header("date"),
      snippet: message.snippet ?? "",
      text: text.slice(0, MAX_MESSAGE_TEXT_CHARS),
      truncated: text.length > MAX_MESSAGE_TEXT_CHARS,
      attachments: attachmentsOf(message.payload),
    });
  },
};

const composeInput = closed({
  to: addresses,
  cc: optional(addresses),
  bcc: optional(addresses),
  subject: { type: "string", maxLength: 900, pattern: "^[^\\r\\n]*$" },
  // Gmail's message size limit is 25 MB; a text tool stays far below it.
  body: { type: "string", maxLength: 1_000_000 },
  threadId: optional(messageId),
});

const composeFrom = (input: Record<string, unknown>): Composed => ({
  to: input.to as string[],
  cc: input.cc as string[] | undefined,
  bcc: input.bcc as string[] | undefined,
  subject: str(input.subject) ?? "",
  body: str(input.body) ?? "",
});

const createDraft: SaasTool = {
  toolKey: "create_draft",
  texts: {
    en: { displayName: "Create draft", description: "Saves a plain-text email as a Gmail draft without sending it." },
    de: {
      displayName: "Entwurf erstellen",
      description: "Speichert eine Text-E-Mail als Gmail-Entwurf, ohne sie zu senden.",
    },
    fr: {
      displayName: "Créer un brouillon",
      description: "Enregistre un e-mail en texte brut comme brouillon Gmail sans l'envoyer.",
    },
    es: {
      displayName: "Crear borrador",
      description: "Guarda un correo de texto sin formato como borrador de Gmail sin enviarlo.",
    },
    ja: { displayName: "下書きを作成", description: "テキストメールを送信せずに Gmail の下書きとして保存します。" },
  },
  inputSchema: composeInput,
  outputSchema: {
    type: "object",
    required: ["draftId", "messageId", "threadId"],
    properties: { draftId: { type: "string" }, messageId: nullableString, threadId: nullableString },
  },
  requiresApproval: true,
  rateLimitRpm: null,
  async run(input, context) {
    const message = {
      raw: composeRaw(composeFrom(input)),
      ...(str(input.threadId) ? { threadId: str(input.threadId) } : {}),
    };
    const outcome = await api.call<{ id: string; message?: { id?: string; threadId?: string } }>(context, "/drafts", {
      method: "POST",
      json: { message },
    });
    if (!outcome.ok) return outcome.result;
    return succeeded({
      draftId: outcome.body.id,
      messageId: outcome.body.message?.id ?? null,
      threadId: outcome.body.message?.threadId ?? null,
    });
  },
};

const sendEmail: SaasTool = {
  toolKey: "send_email",
  texts: {
    en: { displayName: "Send email", description: "Sends a plain-text email from the connected Gmail account." },
    de: { displayName: "E-Mail senden", description: "Sendet eine Text-E-Mail vom verbundenen Gmail-Konto." },
    fr: {
      displayName: "Envoyer un e-mail",
      description: "Envoie un e-mail en texte brut depuis le compte Gmail connecté.",
    },
    es: {
      displayName: "Enviar correo",
      description: "Envía un correo de texto sin formato desde la cuenta de Gmail conectada.",
    },
    ja: { displayName: "メールを送信", description: "接続した Gmail アカウントからテキストメールを送信します。" },
  },
  inputSchema: composeInput,
  outputSchema: {
    type: "object",
    required: ["id", "threadId", "labelIds"],
    properties: {
      id: { type: "string" },
      threadId: nullableString,
      labelIds: { type: "array", items: { type: "string" } },
    },
  },
  requiresApproval: true,
  // messages.send costs 100 quota units (of 250 per user per second); the daily sending cap is Google's.
  rateLimitRpm: null,
  async run(input, context) {
    const outcome = await api.call<{ id: string; threadId?: string; labelIds?: string[] }>(context, "/messages/send", {
      method: "POST",
      json: {
        raw: composeRaw(composeFrom(input)),
        ...(str(input.threadId) ? { threadId: str(input.threadId) } : {}),
      },
    });
    if (!outcome.ok) return outcome.result;
    return succeeded({
      id: outcome.body.id,
      threadId: outcome.body.threadId ?? null,
      labelIds: outcome.body.labelIds ?? [],
    });
  },
};

export const gmailConnector = defineSaasConnector({
  key: "gmail",
  catalogue: {
    category: "communication",
    displayName: same("Gmail"),
    description: {
      en: "Search and read e-mail, create drafts and send messages.",
      de: "E-Mails suchen und lesen, Entwürfe anlegen und Nachrichten senden.",
      fr: "Rechercher et lire des e-mails, créer des brouillons et envoyer des messages.",
      es: "Buscar y leer correos, crear borradores y enviar mensajes.",
      ja: "メールの検索と閲覧、下書きの作成、送信を行います。",
    },
  },
  oauth: googleOAuth([
    "https://www.googleapis.com/auth/gmail.readonly",
    // Drafts and sending (gmail.compose covers both drafts.create and messages.send).
    "https://www.googleapis.com/auth/gmail.compose",
  ]),
  http: api,
  health: {
    path: "/profile",
    describe: (profile: { emailAddress?: string }) => `Connected to Gmail as ${profile.emailAddress ?? "?"}`,
  },
  tools: [searchMessages, readMessage, createDraft, sendEmail],
});
