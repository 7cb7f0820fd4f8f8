import { bearerOf, installFakeHost, json, record, type RecordedRequest } from "./fake-host";
import { FakeOAuthServer } from "./oauth-server";

/**
 * A local Notion API v1: it insists on `Notion-Version: 2022-06-28` (400 `missing_version`
 * otherwise), the Bearer token and JSON bodies; search, pages.retrieve, blocks.children.list,
 * databases.query, pages.create; Notion's error shape `{object:"error",status,code,message}`.
 * Its OAuth token endpoint takes HTTP Basic client auth and a JSON body, like Notion's.
 * Scenarios: page/database id starting `00000000` (404), search query `rate-limit` (429).
 */
export const NOTION_FAKE = "https://notion.fake.test";
export const NOTION_TOKEN = "ntn_fake_token";
export const PAGE_ID = "59833787-2cf9-4fdf-8782-e53db20768a5";
export const DATABASE_ID = "d9824bdc-8445-4327-be8b-5b47500af6ce";
export const MISSING_ID = "00000000-0000-4000-8000-000000000000";

export const notionRequests: RecordedRequest[] = [];

export const notionOAuthServer = new FakeOAuthServer({
  tokenAuth: "client_secret_basic",
  tokenBody: "json",
  rotatesRefreshTokens: true,
  tokenPrefix: "ntn_",
  tokenAnswer: ({ accessToken, refreshToken }) =>
    json({
      access_token: accessToken,
      token_type: "bearer",
      refresh_token: refreshToken,
      bot_id: "b3414d65-9d3f-4a4f-a13e-c8ab2a6a1e4e",
      workspace_name: "Fake Workspace",
      workspace_icon: null,
      workspace_id: "8ce5e2d9-6d3e-4b6f-9a54-b2a8a8d1f0a7",
      owner: { type: "user", user: { object: "user", id: "1d6a1a0e-3b1a-4b4b-9b4c-0a1b2c3d4e5f" } },
      duplicated_template_id: null,
      request_id: "f1e2d3c4-b5a6-4789-8abc-def012345678",
    }),
  errorAnswer: (error, status) =>
    json(
      { error, error_description: error === "invalid_grant" ? "Invalid code." : "Invalid client." },
      status === 405 ? 400 : status,
    ),
});

const notionError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json({ object: "error", status, code, message, request_id: "req-1" }, status, headers);

const title = (text: string) => [
  { type: "text", text: { content: text, link: null }, annotations: { bold: false }, plain_text: text, href: null },
];

const PAGE = {
  object: "page",
  id: PAGE_ID,
  created_time: "2026-10-01T08:00:00.000Z",
  last_edited_time: "2026-11-01T08:00:00.000Z",
  archived: false,
  in_trash: false,
  url: "https://www.notion.so/Launch-plan-598337872cf94fdf8782e53db20768a5",
  parent: { type: "workspace", workspace: true },
  properties: { title: { id: "title", type: "title", title: title("Launch plan") } },
};

const ROW = {
  object: "page",
  id: "2f1b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d",
  last_edited_time: "2026-11-02T08:00:00.000Z",
  url: "https://www.notion.so/Task-2f1b3c4d5e6f4a0b8c1d2e3f4a5b6c7d",
  parent: { type: "database_id", database_id: DATABASE_ID },
  properties: {
    Status: { id: "s", type: "select", select: { name: "Done" } },
    Name: { id: "title", type: "title", title: title("Write docs") },
  },
};

const DATABASE = {
  object: "database",
  id: DATABASE_ID,
  title: title("Tasks"),
  url: "https://www.notion.so/d9824bdc84454327be8b5b47500af6ce",
  last_edited_time: "2026-11-03T08:00:00.000Z",
  properties: {},
};

const sameId = (a: string, b: string) => a.replace(/-/g, "") === b.replace(/-/g, "");

function api(request: RecordedRequest, path: string): Response {
  const isPost = request.method === "POST";
  let body: Record<string, any> = {};
  if (isPost) {
    if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json"))
      return notionError(400, "invalid_json", "Body is not JSON.");
    try {
      body = JSON.parse(request.body);
    } catch {
      return notionError(400, "invalid_json", "Error parsing JSON body.");
    }
  }
  if (request.method === "GET" && path === "/v1/users/me") {
    return json({
      object: "user",
      id: "b3414d65-9d3f-4a4f-a13e-c8ab2a6a1e4e",
      name: "Platform bot",
      avatar_url: null,
      type: "bot",
      bot: { owner: { type: "workspace", workspace: true }, workspace_name: "Fake Workspace" },
    });
  }
  if (isPost && path === "/v1/search") {
    if (body.query === "rate-limit")
      return notionError(429, "rate_limited", "You have been rate limited. Please try again in a few minutes.", {
        "Retry-After": "3",
      });
    if (body.filter && (body.filter.property !== "object" || !["page", "database"].includes(body.filter.value)))
      return notionError(400, "validation_error", "body.filter.value should be `page` or `database`.");
    const all = [PAGE, DATABASE].filter((item) => !body.filter || item.object === body.filter.value);
    const size = body.page_size ?? 100;
    return json({
      object: "list",
      results: all.slice(0, size),
      next_cursor: size < all.length ? "cursor-2" : null,
      has_more: size < all.length,
      type: "page_or_database",
      page_or_database: {},
    });
  }
  const page = /^\/v1\/pages\/([^/]+)$/.exec(path);
  if (request.method === "GET" && page) {
    if (!sameId(page[1]!, PAGE_ID))
      return notionError(
        404,
        "object_not_found",
        `Could not find page with ID: ${page[1]}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    return json(PAGE);
  }
  const children = /^\/v1\/blocks\/([^/]+)\/children$/.exec(path);
  if (request.method === "GET" && children) {
    if (!sameId(children[1]!, PAGE_ID)) return notionError(404, "object_not_found", "Could not find block.");
    return json({
      object: "list",
      results: [
        {
          object: "block",
          id: "b1",
          type: "heading_1",
          has_children: false,
          heading_1: { rich_text: title("Goals"), is_toggleable: false, color: "default" },
        },
        {
          object: "block",
          id: "b2",
          type: "to_do",
          has_children: true,
          to_do: { rich_text: title("Ship adapters"), checked: true, color: "default" },
        },
        {
          object: "block",
          id: "b3",
          type: "image",
          has_children: false,
          image: { type: "external", external: { url: "https://example.com/a.png" } },
        },
      ].slice(0, Number(request.url.searchParams.get("page_size") ?? 100)),
      next_cursor: null,
      has_more: false,
      type: "block",
      block: {},
    });
  }
  const query = /^\/v1\/databases\/([^/]+)\/query$/.exec(path);
  if (isPost && query) {
    if (!sameId(query[1]!, DATABASE_ID))
      return notionError(404, "object_not_found", `Could not find database with ID: ${query[1]}.`);
    if (body.filter && !body.filter.property && !body.filter.and && !body.filter.or)
      return notionError(400, "validation_error", "body.filter.property should be defined.");
    return json({
      object: "list",
      results: [ROW],
      next_cursor: null,
      has_more: false,
      type: "page_or_database",
      page_or_database: {},
    });
  }
  if (isPost && path === "/v1/pages") {
    const parent = body.parent ?? {};
    if (!parent.page_id && !parent.database_id)
      return notionError(400, "validation_error", "body.parent should be defined.");
    if (sameId(parent.page_id ?? parent.database_id, MISSING_ID))
      return notionError(404, "object_not_found", "Could not find parent.");
    const titleKey = parent.page_id ? "title" : "Name";
    if (!body.properties?.[titleKey]?.title?.[0]?.text?.content)
      return notionError(400, "validation_error", `Title is not provided.`);
    if ((body.children ?? []).length > 100)
      return notionError(400, "validation_error", "body.children.length should be ≤ 100.");
    return json({
      ...PAGE,
      id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      url: "https://www.notion.so/New-7c9e6679742540de944be07fc1f90ae7",
      parent: { type: parent.page_id ? "page_id" : "database_id", ...parent },
    });
  }
  return notionError(400, "invalid_request_url", "Invalid request URL.");
}

export function installFakeNotion() {
  installFakeHost(NOTION_FAKE, async (raw) => {
    const request = await record(raw, notionRequests);
    const path = request.url.pathname;
    if (path === "/v1/oauth/authorize") return notionOAuthServer.authorize(request.url);
    if (path === "/v1/oauth/token") return notionOAuthServer.token(request);
    const token = bearerOf(request);
    if (!token || (token !== NOTION_TOKEN && !notionOAuthServer.accessTokens.has(token)))
      return notionError(401, "unauthorized", "API token is invalid.");
    if (request.headers.get("Notion-Version") !== "2022-06-28")
      return notionError(
        400,
        "missing_version",
        "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.",
      );
    return api(request, path);
  });
}
