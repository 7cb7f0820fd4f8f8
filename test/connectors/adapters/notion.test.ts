import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOTION_VERSION, notionConnector } from "../../../src/domains/connectors/adapters/saas/notion";
import { bearerOf } from "../fakes/fake-host";
import {
  DATABASE_ID,
  installFakeNotion,
  MISSING_ID,
  NOTION_FAKE,
  NOTION_TOKEN,
  notionOAuthServer,
  notionRequests,
  PAGE_ID,
} from "../fakes/notion";
import { DEAD_REFRESH_TOKEN } from "../fakes/oauth-server";
import { authorizeCode, contextFor, expectToolList, inputErrors, REDIRECT_URI, run, tokenRequest } from "./helpers";

const context = () => contextFor(NOTION_FAKE, NOTION_TOKEN);
const last = () => notionRequests[notionRequests.length - 1]!;

beforeAll(() => installFakeNotion());
beforeEach(() => {
  notionRequests.length = 0;
});

describe("notion adapter", () => {
  it("lists the catalogue's tools: create_page needs approval", async () => {
    await expectToolList(
      notionConnector.adapter,
      { search: false, get_page: false, query_database: false, create_page: true },
      context(),
    );
  });

  it("search POSTs to /v1/search with the version header and maps titles of pages and databases", async () => {
    const result = await run(notionConnector.adapter, "search", { query: "launch", pageSize: 10 }, context());
    expect(result.output).toEqual({
      results: [
        {
          object: "page",
          id: PAGE_ID,
          title: "Launch plan",
          url: "https://www.notion.so/Launch-plan-598337872cf94fdf8782e53db20768a5",
          lastEditedTime: "2026-11-01T08:00:00.000Z",
        },
        {
          object: "database",
          id: DATABASE_ID,
          title: "Tasks",
          url: "https://www.notion.so/d9824bdc84454327be8b5b47500af6ce",
          lastEditedTime: "2026-11-03T08:00:00.000Z",
        },
      ],
      nextCursor: null,
      hasMore: false,
    });
    expect(last().method).toBe("POST");
    expect(last().headers.get("Notion-Version")).toBe(NOTION_VERSION);
    expect(bearerOf(last())).toBe(NOTION_TOKEN);
    expect(JSON.parse(last().body)).toEqual({ query: "launch", page_size: 10 });
    await run(notionConnector.adapter, "search", { filter: "database", startCursor: "abc" }, context());
    expect(JSON.parse(last().body)).toEqual({
      page_size: 20,
      filter: { property: "object", value: "database" },
      start_cursor: "abc",
    });
  });

  it("get_page reads the page and the text of its top-level blocks", async () => {
    const result = await run(notionConnector.adapter, "get_page", { pageId: PAGE_ID.replace(/-/g, "") }, context());
    expect(result.output).toMatchObject({
      id: PAGE_ID,
      title: "Launch plan",
      archived: false,
      parent: { type: "workspace", id: null },
      content: [
        { id: "b1", type: "heading_1", text: "Goals", hasChildren: false },
        { id: "b2", type: "to_do", text: "Ship adapters", hasChildren: true },
        { id: "b3", type: "image", text: "", hasChildren: false },
      ],
      contentHasMore: false,
    });
    expect(last().url.pathname).toBe(`/v1/blocks/${PAGE_ID.replace(/-/g, "")}/children`);
    expect(last().url.searchParams.get("page_size")).toBe("100");
    const bare = await run(notionConnector.adapter, "get_page", { pageId: PAGE_ID, includeContent: false }, context());
    expect(bare.output.content).toEqual([]);
    expect(last().url.pathname).toBe(`/v1/pages/${PAGE_ID}`);
  });

  it("query_database passes Notion's filter and sorts", async () => {
    const filter = { property: "Status", select: { equals: "Done" } };
    const result = await run(
      notionConnector.adapter,
      "query_database",
      { databaseId: DATABASE_ID, filter, sorts: [{ timestamp: "last_edited_time", direction: "descending" }] },
      context(),
    );
    expect(result.output).toMatchObject({
      results: [
        {
          id: "2f1b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d",
          title: "Write docs",
          properties: { Status: { select: { name: "Done" } } },
        },
      ],
      hasMore: false,
      nextCursor: null,
    });
    expect(last().url.pathname).toBe(`/v1/databases/${DATABASE_ID}/query`);
    expect(JSON.parse(last().body)).toEqual({
      page_size: 20,
      filter,
      sorts: [{ timestamp: "last_edited_time", direction: "descending" }],
    });
  });

  it("create_page under a page (title property) and in a database (named title property), paragraphs as children", async () => {
    const result = await run(
      notionConnector.adapter,
      "create_page",
      { parentPageId: PAGE_ID, title: "Minutes", content: "First.\n\nSecond paragraph." },
      context(),
    );
    expect(result.output).toEqual({
      id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      url: "https://www.notion.so/New-7c9e6679742540de944be07fc1f90ae7",
    });
    expect(JSON.parse(last().body)).toEqual({
      parent: { page_id: PAGE_ID },
      properties: { title: { title: [{ type: "text", text: { content: "Minutes" } }] } },
      children: [
        {
          object: "block",
          type: "paragraph",
          paragraph: { rich_text: [{ type: "text", text: { content: "First." } }] },
        },
        {
          object: "block",
          type: "paragraph",
          paragraph: { rich_text: [{ type: "text", text: { content: "Second paragraph." } }] },
        },
      ],
    });
    await run(
      notionConnector.adapter,
      "create_page",
      {
        parentDatabaseId: DATABASE_ID,
        title: "Task",
        properties: { Status: { select: { name: "Todo" } } },
        content: "x".repeat(2500),
      },
      context(),
    );
    const sent = JSON.parse(last().body);
    expect(sent.properties).toEqual({
      Status: { select: { name: "Todo" } },
      Name: { title: [{ type: "text", text: { content: "Task" } }] },
    });
    expect(
      sent.children[0].paragraph.rich_text.map((r: { text: { content: string } }) => r.text.content.length),
    ).toEqual([2000, 500]);
  });

  it("create_page needs exactly one parent", () => {
    expect(inputErrors(notionConnector.adapter, "create_page", { title: "x" })).not.toEqual([]);
    expect(
      inputErrors(notionConnector.adapter, "create_page", {
        title: "x",
        parentPageId: PAGE_ID,
        parentDatabaseId: DATABASE_ID,
      }),
    ).not.toEqual([]);
    expect(inputErrors(notionConnector.adapter, "get_page", { pageId: "../users" })).not.toEqual([]);
  });

  it("errors: Notion's error shape, 401 and 429 with Retry-After", async () => {
    expect(await run(notionConnector.adapter, "get_page", { pageId: MISSING_ID }, context())).toEqual({
      success: false,
      output: {},
      error: `Notion: object_not_found: Could not find page with ID: ${MISSING_ID}. Make sure the relevant pages and databases are shared with your integration.`,
      httpStatus: 404,
    });
    expect(await run(notionConnector.adapter, "search", {}, contextFor(NOTION_FAKE, "ntn_wrong"))).toMatchObject({
      httpStatus: 401,
      error: "Notion: unauthorized: API token is invalid.",
    });
    expect(await run(notionConnector.adapter, "search", { query: "rate-limit" }, context())).toEqual({
      success: false,
      output: {},
      error:
        "Rate limited by Notion (rate_limited: You have been rate limited. Please try again in a few minutes.); retry after 3 s",
      httpStatus: 429,
    });
  });

  it("health check: users/me ok, a bad token fails", async () => {
    expect(await notionConnector.adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to Notion workspace Fake Workspace as Platform bot",
    });
    expect(last().url.pathname).toBe("/v1/users/me");
    expect(await notionConnector.adapter.healthCheck(contextFor(NOTION_FAKE, "ntn_revoked"))).toEqual({
      ok: false,
      message: "Notion: unauthorized: API token is invalid. (HTTP 401)",
    });
  });
});

describe("notion OAuth", () => {
  it("Notion's URLs, owner=user, no scopes or PKCE, Basic auth and a JSON token body", async () => {
    expect(notionConnector.oauth).toEqual({
      authorizeUrl: "https://api.notion.com/v1/oauth/authorize",
      tokenUrl: "https://api.notion.com/v1/oauth/token",
      scopes: [],
      scopeSeparator: " ",
      pkce: false,
      tokenAuth: "client_secret_basic",
      tokenBody: "json",
      authorizeParams: { owner: "user" },
    });
    const { code } = await authorizeCode(notionConnector.oauth, NOTION_FAKE);
    expect(notionOAuthServer.lastAuthorize?.get("owner")).toBe("user");
    const tokens = await notionConnector.readTokens(
      await tokenRequest(notionConnector.oauth, NOTION_FAKE, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
      }),
    );
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^ntn_access-/),
      refresh_token: expect.stringMatching(/^ntn_refresh-/),
    });
    expect((await notionConnector.adapter.healthCheck(contextFor(NOTION_FAKE, tokens.access_token))).ok).toBe(true);
    const refreshed = await notionConnector.readTokens(
      await tokenRequest(notionConnector.oauth, NOTION_FAKE, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token!,
      }),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(
      notionConnector.readTokens(
        await tokenRequest(notionConnector.oauth, NOTION_FAKE, {
          grant_type: "refresh_token",
          refresh_token: DEAD_REFRESH_TOKEN,
        }),
      ),
    ).rejects.toMatchObject({ kind: "invalid_grant" });
    // A form body is not what Notion takes.
    await expect(
      notionConnector.readTokens(
        await tokenRequest({ ...notionConnector.oauth, tokenBody: "form" }, NOTION_FAKE, {
          grant_type: "refresh_token",
          refresh_token: refreshed.refresh_token!,
        }),
      ),
    ).rejects.toMatchObject({ kind: "invalid_grant" });
  });
});
