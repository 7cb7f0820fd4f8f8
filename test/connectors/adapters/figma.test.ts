import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { figmaConnector } from "../../../src/domains/connectors/adapters/saas/figma";
import { bearerOf } from "../fakes/fake-host";
import { FIGMA_FAKE, FIGMA_TOKEN, figmaOAuthServer, figmaRequests, FILE_KEY, installFakeFigma } from "../fakes/figma";
import { DEAD_REFRESH_TOKEN } from "../fakes/oauth-server";
import { authorizeCode, contextFor, expectToolList, inputErrors, REDIRECT_URI, run, tokenRequest } from "./helpers";

const context = () => contextFor(FIGMA_FAKE, FIGMA_TOKEN);
const last = () => figmaRequests[figmaRequests.length - 1]!;

beforeAll(() => installFakeFigma());
beforeEach(() => {
  figmaRequests.length = 0;
});

describe("figma adapter", () => {
  it("lists the catalogue's tools: post_comment needs approval", async () => {
    await expectToolList(
      figmaConnector.adapter,
      { get_file: false, list_comments: false, post_comment: true },
      context(),
    );
  });

  it("get_file reads pages and top-level frames at depth 2", async () => {
    const result = await run(figmaConnector.adapter, "get_file", { fileKey: FILE_KEY }, context());
    expect(result.output).toEqual({
      name: "Marketing site",
      lastModified: "2026-11-12T08:00:00Z",
      version: "4242",
      editorType: "figma",
      role: "editor",
      thumbnailUrl: "https://example.com/thumb.png",
      pages: [
        {
          id: "0:1",
          name: "Cover",
          frames: [
            { id: "1:2", name: "Hero", type: "FRAME" },
            { id: "1:4", name: "Logo", type: "COMPONENT" },
          ],
        },
        { id: "0:2", name: "Flows", frames: [] },
      ],
    });
    expect(last().url.pathname).toBe(`/v1/files/${FILE_KEY}`);
    expect(last().url.searchParams.get("depth")).toBe("2");
    expect(bearerOf(last())).toBe(FIGMA_TOKEN);
    const shallow = await run(figmaConnector.adapter, "get_file", { fileKey: FILE_KEY, depth: 1 }, context());
    expect((shallow.output.pages as { frames: unknown[] }[])[0]!.frames).toEqual([]);
  });

  it("list_comments maps comments and replies", async () => {
    const result = await run(figmaConnector.adapter, "list_comments", { fileKey: FILE_KEY }, context());
    expect(result.output).toEqual({
      comments: [
        {
          id: "1001",
          message: "Can we make the hero bigger?",
          author: "ada",
          createdAt: "2026-11-10T09:00:00Z",
          resolvedAt: null,
          parentId: null,
          orderId: "1",
        },
        {
          id: "1002",
          message: "Done.",
          author: "bob",
          createdAt: "2026-11-10T10:00:00Z",
          resolvedAt: "2026-11-11T10:00:00Z",
          parentId: "1001",
          orderId: null,
        },
      ],
    });
    expect(last().url.pathname).toBe(`/v1/files/${FILE_KEY}/comments`);
  });

  it("post_comment POSTs JSON, as a reply with comment_id", async () => {
    const result = await run(
      figmaConnector.adapter,
      "post_comment",
      { fileKey: FILE_KEY, message: "Looks good", replyTo: "1001" },
      context(),
    );
    expect(result.output).toMatchObject({ id: "1003", message: "Looks good", parentId: "1001", author: "ada" });
    expect(last().method).toBe("POST");
    expect(JSON.parse(last().body)).toEqual({ message: "Looks good", comment_id: "1001" });
    await run(figmaConnector.adapter, "post_comment", { fileKey: FILE_KEY, message: "Top level" }, context());
    expect(JSON.parse(last().body)).toEqual({ message: "Top level" });
  });

  it("errors: Figma's {status, err}, an invalid token, and 429 with Retry-After", async () => {
    expect(await run(figmaConnector.adapter, "get_file", { fileKey: "missingfile00" }, context())).toEqual({
      success: false,
      output: {},
      error: "Figma: Not found",
      httpStatus: 404,
    });
    expect(
      await run(figmaConnector.adapter, "post_comment", { fileKey: FILE_KEY, message: "x", replyTo: "999" }, context()),
    ).toMatchObject({ httpStatus: 404, error: "Figma: Comment not found" });
    expect(
      await run(figmaConnector.adapter, "list_comments", { fileKey: FILE_KEY }, contextFor(FIGMA_FAKE, "figu_wrong")),
    ).toMatchObject({ httpStatus: 403, error: "Figma: Invalid token" });
    expect(await run(figmaConnector.adapter, "list_comments", { fileKey: "ratelimited0" }, context())).toEqual({
      success: false,
      output: {},
      error: "Rate limited by Figma (Rate limit exceeded); retry after 45 s",
      httpStatus: 429,
    });
    expect(inputErrors(figmaConnector.adapter, "get_file", { fileKey: "../me" })).not.toEqual([]);
  });

  it("health check: /v1/me ok, a bad token fails", async () => {
    expect(await figmaConnector.adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to Figma as ada",
    });
    expect(last().url.pathname).toBe("/v1/me");
    expect(await figmaConnector.adapter.healthCheck(contextFor(FIGMA_FAKE, "figu_revoked"))).toEqual({
      ok: false,
      message: "Figma: Invalid token (HTTP 403)",
    });
  });
});

describe("figma OAuth", () => {
  it("Figma's URLs and scopes; exchange at /v1/oauth/token, refresh at /v1/oauth/refresh, a dead grant", async () => {
    expect(figmaConnector.oauth).toEqual({
      authorizeUrl: "https://www.figma.com/oauth",
      tokenUrl: "https://api.figma.com/v1/oauth/token",
      scopes: ["current_user:read", "file_content:read", "file_comments:read", "file_comments:write"],
      scopeSeparator: ",",
      pkce: false,
      tokenAuth: "client_secret_basic",
      tokenBody: "form",
    });
    expect(figmaConnector.refreshUrl).toBe("https://api.figma.com/v1/oauth/refresh");
    const { code } = await authorizeCode(figmaConnector.oauth, FIGMA_FAKE);
    expect(figmaOAuthServer.lastAuthorize?.get("scope")).toBe(
      "current_user:read,file_content:read,file_comments:read,file_comments:write",
    );
    const now = new Date("2026-11-20T10:00:00Z");
    const tokens = await figmaConnector.readTokens(
      await tokenRequest(figmaConnector.oauth, FIGMA_FAKE, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
      }),
      now,
    );
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^figu_access-/),
      refresh_token: expect.stringMatching(/^figu_refresh-/),
      expires_at: "2027-02-18T10:00:00.000Z",
    });
    expect((await figmaConnector.adapter.healthCheck(contextFor(FIGMA_FAKE, tokens.access_token))).ok).toBe(true);
    const refreshed = await figmaConnector.readTokens(
      await tokenRequest(
        figmaConnector.oauth,
        FIGMA_FAKE,
        { refresh_token: tokens.refresh_token! },
        figmaConnector.refreshUrl,
      ),
      now,
    );
    expect(refreshed.refresh_token).toBeUndefined();
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await expect(
      figmaConnector.readTokens(
        await tokenRequest(
          figmaConnector.oauth,
          FIGMA_FAKE,
          { refresh_token: DEAD_REFRESH_TOKEN },
          figmaConnector.refreshUrl,
        ),
      ),
    ).rejects.toMatchObject({ kind: "invalid_grant" });
  });
});
