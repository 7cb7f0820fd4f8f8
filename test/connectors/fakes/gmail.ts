import { bearerOf, installFakeHost, json, record, type RecordedRequest } from "./fake-host";
import {
  GOOGLE_AUTHORIZE_PATH,
  GOOGLE_TOKEN_PATH,
  googleError,
  googleOAuthServer,
  unauthenticated,
} from "./google-oauth";

/**
 * A local Gmail API v1 (users/me) speaking Google's JSON: messages.list (q required), messages.get
 * (format=full, base64url parts), drafts.create and messages.send (JSON with a base64url RFC 2822
 * `raw` that must carry a To header), users.getProfile; Google's error shape. Scenarios: query
 * `rate-limit` and recipient `ratelimit@example.com` (429), message `m404` (404), message `mhtml`
 * (HTML only).
 */
export const GMAIL_FAKE = "https://gmail.fake.test";
export const GMAIL_TOKEN = "ya29.fake-gmail-token";

export const gmailRequests: RecordedRequest[] = [];
/** The RFC 2822 messages the fake received, decoded. */
export const gmailRawMessages: string[] = [];
export const gmailOAuthServer = googleOAuthServer("ya29.gmail-");

const b64url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
};
const decodeRaw = (raw: string) => {
  const base64 = raw.replace(/-/g, "+").replace(/_/g, "/");
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
};

const rateLimited = () =>
  googleError(429, "RESOURCE_EXHAUSTED", "Too many concurrent requests for user.", "rateLimitExceeded", {
    "Retry-After": "5",
  });

function fullMessage(id: string) {
  const text = {
    partId: "0.0",
    mimeType: "text/plain",
    filename: "",
    headers: [{ name: "Content-Type", value: 'text/plain; charset="UTF-8"' }],
    body: { size: 28, data: b64url("Grüße aus München,\nAda\n") },
  };
  const html = {
    partId: "0.1",
    mimeType: "text/html",
    filename: "",
    headers: [{ name: "Content-Type", value: 'text/html; charset="UTF-8"' }],
    body: { size: 60, data: b64url("<p>Hello &amp; <b>welcome</b></p><script>x()</script>") },
  };
  const attachment = {
    partId: "1",
    mimeType: "application/pdf",
    filename: "report.pdf",
    headers: [],
    body: { attachmentId: "ANGjdJ8", size: 52132 },
  };
  const alternative = {
    partId: "0",
    mimeType: "multipart/alternative",
    filename: "",
    headers: [],
    body: { size: 0 },
    parts: id === "mhtml" ? [html] : [text, html],
  };
  return {
    id,
    threadId: "t-1",
    labelIds: ["INBOX", "UNREAD"],
    snippet: "Grüße aus München",
    historyId: "9001",
    internalDate: "1712345678000",
    sizeEstimate: 54000,
    payload: {
      partId: "",
      mimeType: "multipart/mixed",
      filename: "",
      headers: [
        { name: "From", value: "Ada Lovelace <ada@example.com>" },
        { name: "To", value: "me@example.com" },
        { name: "Subject", value: "Quarterly report" },
        { name: "Date", value: "Fri, 5 Apr 2024 19:34:38 +0000" },
      ],
      body: { size: 0 },
      parts: [alternative, attachment],
    },
  };
}

function readRaw(request: RecordedRequest, pick: (body: Record<string, any>) => unknown): string | Response {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json"))
    return googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.", "badRequest");
  let body: Record<string, any>;
  try {
    body = JSON.parse(request.body);
  } catch {
    return googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.", "badRequest");
  }
  const raw = pick(body);
  if (typeof raw !== "string" || !/^[A-Za-z0-9_-]+$/.test(raw))
    return googleError(400, "INVALID_ARGUMENT", "Invalid value for ByteString", "invalidArgument");
  const message = decodeRaw(raw);
  if (!/^To: .+$/m.test(message))
    return googleError(400, "FAILED_PRECONDITION", "Precondition check failed.", "failedPrecondition");
  gmailRawMessages.push(message);
  return message;
}

function api(request: RecordedRequest, path: string): Response {
  if (request.method === "GET" && path === "/profile")
    return json({ emailAddress: "me@example.com", messagesTotal: 1234, threadsTotal: 987, historyId: "9001" });
  if (request.method === "GET" && path === "/messages") {
    const q = request.url.searchParams.get("q");
    if (q === "rate-limit") return rateLimited();
    const max = Number(request.url.searchParams.get("maxResults") ?? 100);
    const all = [
      { id: "18e9f1", threadId: "t-1" },
      { id: "18e9f2", threadId: "t-2" },
    ];
    return json({
      messages: all.slice(0, max),
      ...(max < all.length ? { nextPageToken: "08601201" } : {}),
      resultSizeEstimate: all.length,
    });
  }
  const get = /^\/messages\/([^/]+)$/.exec(path);
  if (request.method === "GET" && get) {
    if (get[1] === "m404") return googleError(404, "NOT_FOUND", "Requested entity was not found.", "notFound");
    if (request.url.searchParams.get("format") !== "full")
      return googleError(400, "INVALID_ARGUMENT", "format must be full here", "invalidArgument");
    return json(fullMessage(get[1]!));
  }
  if (request.method === "POST" && path === "/drafts") {
    const raw = readRaw(request, (body) => body.message?.raw);
    if (raw instanceof Response) return raw;
    return json({
      id: "r-5824396",
      message: { id: "18e9f9", threadId: JSON.parse(request.body).message.threadId ?? "t-9", labelIds: ["DRAFT"] },
    });
  }
  if (request.method === "POST" && path === "/messages/send") {
    const raw = readRaw(request, (body) => body.raw);
    if (raw instanceof Response) return raw;
    if (raw.includes("ratelimit@example.com")) return rateLimited();
    return json({ id: "18e9fa", threadId: JSON.parse(request.body).threadId ?? "t-10", labelIds: ["SENT"] });
  }
  return googleError(404, "NOT_FOUND", "Method not found.", "notFound");
}

export function installFakeGmail() {
  installFakeHost(GMAIL_FAKE, async (raw) => {
    const request = await record(raw, gmailRequests);
    const path = request.url.pathname;
    if (path === GOOGLE_AUTHORIZE_PATH) return gmailOAuthServer.authorize(request.url);
    if (path === GOOGLE_TOKEN_PATH) return gmailOAuthServer.token(request);
    const prefix = "/gmail/v1/users/me";
    if (!path.startsWith(prefix)) return new Response("Not found", { status: 404 });
    const token = bearerOf(request);
    if (!token || (token !== GMAIL_TOKEN && !gmailOAuthServer.accessTokens.has(token))) return unauthenticated();
    return api(request, path.slice(prefix.length));
  });
}
