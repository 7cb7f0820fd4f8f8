import { bearerOf, installFakeHost, json, record, type RecordedRequest } from "./fake-host";
import { GOOGLE_AUTHORIZE_PATH, GOOGLE_TOKEN_PATH, googleOAuthServer, unauthenticated } from "./google-oauth";

/**
 * A local Google Drive API v3: files.list (q, fields), files.get (fields; alt=media downloads),
 * files.export, multipart uploads under /upload/drive/v3/files, about (fields=user). Drive's
 * error body has `errors[].reason` and no `status` field, and per-user quota errors are 403
 * `userRateLimitExceeded`, as the real one answers. Scenarios: file `f404`, text `rate-limit`
 * (403 userRateLimitExceeded), text `too-many` (429).
 */
export const DRIVE_FAKE = "https://drive.fake.test";
export const DRIVE_TOKEN = "ya29.fake-drive-token";
/** The text file `big1` is this long (more than the default read cap). */
export const BIG_FILE_BYTES = 300_000;

export const driveRequests: RecordedRequest[] = [];
export const driveUploads: { metadata: Record<string, unknown>; contentType: string; content: string }[] = [];
export const driveOAuthServer = googleOAuthServer("ya29.drive-");

const driveError = (code: number, reason: string, message: string, headers: Record<string, string> = {}) =>
  json({ error: { errors: [{ domain: "usageLimits", reason, message }], code, message } }, code, headers);

const FILES: Record<string, Record<string, unknown>> = {
  doc1: {
    id: "doc1",
    name: "Roadmap",
    mimeType: "application/vnd.google-apps.document",
    createdTime: "2026-01-02T10:00:00.000Z",
    modifiedTime: "2026-03-04T10:00:00.000Z",
    webViewLink: "https://docs.google.com/document/d/doc1/edit",
    parents: ["root1"],
    owners: [{ kind: "drive#user", displayName: "Ada", emailAddress: "ada@example.com", me: true }],
    trashed: false,
  },
  txt1: {
    id: "txt1",
    name: "notes.txt",
    mimeType: "text/plain",
    size: "12",
    description: "Plain notes",
    createdTime: "2026-01-02T10:00:00.000Z",
    modifiedTime: "2026-03-05T10:00:00.000Z",
    webViewLink: "https://drive.google.com/file/d/txt1/view",
    parents: ["root1"],
    owners: [],
    trashed: false,
  },
  big1: {
    id: "big1",
    name: "big.log",
    mimeType: "text/plain",
    size: String(BIG_FILE_BYTES),
    modifiedTime: "2026-03-05T10:00:00.000Z",
    parents: [],
    trashed: false,
  },
  pdf1: {
    id: "pdf1",
    name: "scan.pdf",
    mimeType: "application/pdf",
    size: "52132",
    modifiedTime: "2026-03-05T10:00:00.000Z",
    parents: [],
    trashed: false,
  },
};

function pick(file: Record<string, unknown>, fields: string | null) {
  if (!fields) return { kind: "drive#file", id: file.id, name: file.name, mimeType: file.mimeType };
  const names = fields
    .replace(/\([^)]*\)/g, "")
    .split(",")
    .map((field) => field.trim());
  return Object.fromEntries(Object.entries(file).filter(([key]) => names.includes(key)));
}

function parseMultipart(
  request: RecordedRequest,
): { metadata: Record<string, unknown>; contentType: string; content: string } | null {
  const boundary = /^multipart\/related; boundary=(.+)$/.exec(request.headers.get("Content-Type") ?? "")?.[1];
  if (!boundary) return null;
  const parts = request.body.split(`--${boundary}`).slice(1, -1);
  if (parts.length !== 2 || !request.body.trimEnd().endsWith(`--${boundary}--`)) return null;
  const [head1, ...meta] = parts[0]!.replace(/^\r\n/, "").split("\r\n\r\n");
  const [head2, ...content] = parts[1]!.replace(/^\r\n/, "").split("\r\n\r\n");
  if (!head1?.startsWith("Content-Type: application/json")) return null;
  try {
    return {
      metadata: JSON.parse(meta.join("\r\n\r\n")),
      contentType: head2!.replace(/^Content-Type: /, ""),
      content: content.join("\r\n\r\n").replace(/\r\n$/, ""),
    };
  } catch {
    return null;
  }
}

function api(request: RecordedRequest, path: string): Response {
  const params = request.url.searchParams;
  if (request.method === "GET" && path === "/drive/v3/about") {
    if (params.get("fields") !== "user")
      return driveError(400, "required", "The 'fields' parameter is required for this method.");
    return json({
      user: { kind: "drive#user", displayName: "Ada", emailAddress: "ada@example.com", permissionId: "0123", me: true },
    });
  }
  if (request.method === "GET" && path === "/drive/v3/files") {
    const q = params.get("q") ?? "";
    if (!params.get("fields")?.includes("files("))
      return driveError(400, "invalidParameter", "fields must select files");
    if (q.includes("'rate-limit'")) return driveError(403, "userRateLimitExceeded", "User Rate Limit Exceeded.");
    if (q.includes("'too-many'"))
      return driveError(429, "rateLimitExceeded", "Rate Limit Exceeded", { "Retry-After": "12" });
    if (q.includes("invalid query")) return driveError(400, "invalid", "Invalid Value");
    const files = Object.values(FILES).filter(
      (file) => !q.includes("fullText contains") || q.includes(`'${String(file.name).split(".")[0]}'`),
    );
    const size = Number(params.get("pageSize") ?? 100);
    return json({
      kind: "drive#fileList",
      incompleteSearch: false,
      files: files.slice(0, size).map((file) => pick(file, "id,name,mimeType,size,modifiedTime,webViewLink,parents")),
      ...(size < files.length ? { nextPageToken: "~!!~next" } : {}),
    });
  }
  const exportMatch = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(path);
  if (request.method === "GET" && exportMatch) {
    const file = FILES[exportMatch[1]!];
    if (!file) return driveError(404, "notFound", `File not found: ${exportMatch[1]}.`);
    if (file.mimeType !== "application/vnd.google-apps.document" || params.get("mimeType") !== "text/plain")
      return driveError(400, "badRequest", "Export only supports Docs Editors files.");
    return new Response("\uFEFFRoadmap\r\nQ1: ship connectors", { headers: { "Content-Type": "text/plain" } });
  }
  const fileMatch = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
  if (request.method === "GET" && fileMatch) {
    const file = FILES[fileMatch[1]!];
    if (!file) return driveError(404, "notFound", `File not found: ${fileMatch[1]}.`);
    if (params.get("alt") === "media") {
      if (String(file.mimeType).startsWith("application/vnd.google-apps"))
        return driveError(
          403,
          "fileNotDownloadable",
          "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
        );
      return new Response(file.id === "big1" ? "é".repeat(BIG_FILE_BYTES / 2) : "hello, drive", {
        headers: { "Content-Type": String(file.mimeType) },
      });
    }
    return json(pick(file, params.get("fields")));
  }
  if (request.method === "POST" && path === "/upload/drive/v3/files") {
    if (params.get("uploadType") !== "multipart") return driveError(400, "badRequest", "Invalid uploadType");
    const upload = parseMultipart(request);
    if (!upload || typeof upload.metadata.name !== "string")
      return driveError(400, "badContent", "Malformed multipart body.");
    driveUploads.push(upload);
    const mimeType = (upload.metadata.mimeType as string | undefined) ?? upload.contentType.split(";")[0];
    return json({
      id: "new1",
      name: upload.metadata.name,
      mimeType,
      webViewLink: "https://drive.google.com/file/d/new1/view",
    });
  }
  return driveError(404, "notFound", "Not Found");
}

export function installFakeDrive() {
  installFakeHost(DRIVE_FAKE, async (raw) => {
    const request = await record(raw, driveRequests);
    const path = request.url.pathname;
    if (path === GOOGLE_AUTHORIZE_PATH) return driveOAuthServer.authorize(request.url);
    if (path === GOOGLE_TOKEN_PATH) return driveOAuthServer.token(request);
    const token = bearerOf(request);
    if (!token || (token !== DRIVE_TOKEN && !driveOAuthServer.accessTokens.has(token))) return unauthenticated();
    return api(request, path);
  });
}
