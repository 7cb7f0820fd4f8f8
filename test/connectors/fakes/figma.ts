import { bearerOf, installFakeHost, json, record, type RecordedRequest } from "./fake-host";
import { FakeOAuthServer } from "./oauth-server";

/**
 * A local Figma REST API: GET /v1/files/:key (depth), GET/POST /v1/files/:key/comments, GET
 * /v1/me; Figma's error shape `{status, err}`; 429 with Retry-After. OAuth: /oauth (authorize),
 * /v1/oauth/token (code exchange; HTTP Basic client auth, form body) and /v1/oauth/refresh
 * (refresh without a new refresh token); token failures as `{error:true,status,message}`.
 * Scenarios: file key `missingfile00` (404), `ratelimited0` (429).
 */
export const FIGMA_FAKE = "https://figma.fake.test";
export const FIGMA_TOKEN = "figu_fake_token";
export const FILE_KEY = "FzVmKIVw7UKn7nvA1W8Ogr";

export const figmaRequests: RecordedRequest[] = [];

export const figmaOAuthServer = new FakeOAuthServer({
  tokenAuth: "client_secret_basic",
  tokenBody: "form",
  rotatesRefreshTokens: false,
  tokenPrefix: "figu_",
  tokenAnswer: ({ accessToken, refreshToken }) =>
    json({
      user_id_string: "1234567890",
      access_token: accessToken,
      token_type: "bearer",
      expires_in: 7776000,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    }),
  errorAnswer: (error, status) =>
    json(
      {
        error: true,
        status: status === 405 ? 400 : status,
        message: error === "invalid_grant" ? "Invalid code" : "Invalid client credentials",
        i18n: null,
      },
      status === 405 ? 400 : status,
    ),
});

const figmaError = (status: number, err: string, headers: Record<string, string> = {}) =>
  json({ status, err }, status, headers);

const DOCUMENT = {
  id: "0:0",
  name: "Document",
  type: "DOCUMENT",
  children: [
    {
      id: "0:1",
      name: "Cover",
      type: "CANVAS",
      backgroundColor: { r: 1, g: 1, b: 1, a: 1 },
      children: [
        { id: "1:2", name: "Hero", type: "FRAME", children: [{ id: "1:3", name: "Title", type: "TEXT" }] },
        { id: "1:4", name: "Logo", type: "COMPONENT" },
      ],
    },
    { id: "0:2", name: "Flows", type: "CANVAS", children: [] },
  ],
};

/** Figma's `depth`: 1 returns pages without children, 2 pages and their top-level nodes. */
function trim(node: Record<string, any>, depth: number): Record<string, any> {
  if (!node.children) return node;
  if (depth <= 0) {
    const { children: _dropped, ...rest } = node;
    return rest;
  }
  return { ...node, children: node.children.map((child: Record<string, any>) => trim(child, depth - 1)) };
}

const COMMENTS = [
  {
    id: "1001",
    file_key: FILE_KEY,
    parent_id: "",
    user: { handle: "ada", img_url: "https://example.com/ada.png", id: "42" },
    created_at: "2026-11-10T09:00:00Z",
    resolved_at: null,
    message: "Can we make the hero bigger?",
    client_meta: { x: 10, y: 20 },
    order_id: 1,
    reactions: [],
  },
  {
    id: "1002",
    file_key: FILE_KEY,
    parent_id: "1001",
    user: { handle: "bob", img_url: "https://example.com/bob.png", id: "43" },
    created_at: "2026-11-10T10:00:00Z",
    resolved_at: "2026-11-11T10:00:00Z",
    message: "Done.",
    client_meta: null,
    order_id: null,
    reactions: [],
  },
];

function api(request: RecordedRequest, path: string): Response {
  if (request.method === "GET" && path === "/v1/me")
    return json({ id: "42", email: "ada@example.com", handle: "ada", img_url: "https://example.com/ada.png" });
  const file = /^\/v1\/files\/([^/]+)(\/comments)?$/.exec(path);
  if (!file) return figmaError(404, "Not found");
  if (file[1] === "ratelimited0") return figmaError(429, "Rate limit exceeded", { "Retry-After": "45" });
  if (file[1] !== FILE_KEY) return figmaError(404, "Not found");
  if (!file[2] && request.method === "GET") {
    const depth = request.url.searchParams.get("depth");
    const document = depth ? trim(DOCUMENT, Number(depth)) : DOCUMENT;
    return json({
      name: "Marketing site",
      role: "editor",
      lastModified: "2026-11-12T08:00:00Z",
      editorType: "figma",
      thumbnailUrl: "https://example.com/thumb.png",
      version: "4242",
      document,
      components: {},
      componentSets: {},
      schemaVersion: 0,
      styles: {},
    });
  }
  if (file[2] && request.method === "GET") return json({ comments: COMMENTS });
  if (file[2] && request.method === "POST") {
    if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json"))
      return figmaError(400, "Invalid body");
    const body = JSON.parse(request.body) as { message?: string; comment_id?: string };
    if (!body.message) return figmaError(400, "Missing message");
    if (body.comment_id && !COMMENTS.some((c) => c.id === body.comment_id)) return figmaError(404, "Comment not found");
    return json({
      id: "1003",
      file_key: FILE_KEY,
      parent_id: body.comment_id ?? "",
      user: { handle: "ada", img_url: "", id: "42" },
      created_at: "2026-11-20T10:00:00Z",
      resolved_at: null,
      message: body.message,
      client_meta: null,
      order_id: body.comment_id ? null : 3,
      reactions: [],
    });
  }
  return figmaError(404, "Not found");
}

export function installFakeFigma() {
  installFakeHost(FIGMA_FAKE, async (raw) => {
    const request = await record(raw, figmaRequests);
    const path = request.url.pathname;
    if (path === "/oauth") return figmaOAuthServer.authorize(request.url);
    if (path === "/v1/oauth/token") return figmaOAuthServer.token(request);
    if (path === "/v1/oauth/refresh") {
      // Figma's refresh endpoint takes just `refresh_token`; the fake's token logic wants the grant named.
      const params = new URLSearchParams(request.body);
      params.set("grant_type", "refresh_token");
      return figmaOAuthServer.token({ ...request, body: params.toString() });
    }
    const token = bearerOf(request);
    if (!token || (token !== FIGMA_TOKEN && !figmaOAuthServer.accessTokens.has(token)))
      return figmaError(403, "Invalid token");
    return api(request, path);
  });
}
