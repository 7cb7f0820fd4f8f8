import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSlackTokens, slackConnector } from "../../../src/domains/connectors/adapters/saas/slack";
import { AdapterError, OAuthTokenError } from "../../../shared/connectors/adapter-port";
import { bearerOf } from "../fakes/fake-host";
import { DEAD_REFRESH_TOKEN, FAKE_REFRESH_TOKEN } from "../fakes/oauth-server";
import {
  installFakeSlack,
  SLACK_FAKE,
  SLACK_RETRY_AFTER,
  SLACK_REVOKED_TOKEN,
  SLACK_TOKEN,
  slackOAuthServer,
  slackRequests,
} from "../fakes/slack";
import { authorizeCode, contextFor, expectToolList, inputErrors, REDIRECT_URI, run, tokenRequest } from "./helpers";

const context = () => contextFor(SLACK_FAKE, SLACK_TOKEN);
const last = () => slackRequests[slackRequests.length - 1]!;

beforeAll(() => installFakeSlack());
beforeEach(() => {
  slackRequests.length = 0;
});

describe("slack adapter", () => {
  it("lists the catalogue's four tools, post_message needing approval, with texts in every locale", async () => {
    await expectToolList(
      slackConnector.adapter,
      { list_channels: false, read_channel_history: false, search_messages: false, post_message: true },
      context(),
    );
  });

  it("list_channels calls conversations.list with the user token and maps channels", async () => {
    const result = await run(slackConnector.adapter, "list_channels", { limit: 1 }, context());
    expect(result).toMatchObject({ success: true, httpStatus: 200 });
    expect(result.output).toEqual({
      channels: [
        {
          id: "C0GENERAL",
          name: "general",
          isPrivate: false,
          isArchived: false,
          topic: "Company-wide",
          purpose: "Everyone",
          memberCount: 42,
        },
      ],
      nextCursor: "dGVhbTpDMDYxRkE1UEI=",
    });
    const request = last();
    expect(request.method).toBe("GET");
    expect(request.url.pathname).toBe("/api/conversations.list");
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      types: "public_channel,private_channel",
      exclude_archived: "true",
      limit: "1",
    });
    expect(bearerOf(request)).toBe(SLACK_TOKEN);

    const next = await run(
      slackConnector.adapter,
      "list_channels",
      { limit: 1, cursor: "dGVhbTpDMDYxRkE1UEI=" },
      context(),
    );
    expect(next.output).toMatchObject({
      channels: [{ id: "G0SECRET", isPrivate: true, topic: null, memberCount: null }],
      nextCursor: null,
    });
  });

  it("read_channel_history maps messages and paging", async () => {
    const result = await run(
      slackConnector.adapter,
      "read_channel_history",
      { channel: "C0GENERAL", limit: 2, oldest: "1712000000" },
      context(),
    );
    expect(result.output).toEqual({
      messages: [
        {
          ts: "1712345678.000200",
          user: "U0FAKE",
          botId: null,
          text: "Ship it",
          threadTs: "1712345678.000200",
          replyCount: 2,
        },
        { ts: "1712345600.000100", user: null, botId: "B0BOT", text: "Build passed", threadTs: null, replyCount: 0 },
      ],
      hasMore: true,
      nextCursor: "bmV4dF90czoxNzEyMzQ1NjAw",
    });
    expect(Object.fromEntries(last().url.searchParams)).toEqual({
      channel: "C0GENERAL",
      limit: "2",
      oldest: "1712000000",
    });
  });

  it("search_messages passes Slack's search arguments and maps matches", async () => {
    const result = await run(
      slackConnector.adapter,
      "search_messages",
      { query: "in:#general deploy", count: 5, sort: "timestamp" },
      context(),
    );
    expect(result.output).toEqual({
      total: 1,
      page: 1,
      pageCount: 1,
      messages: [
        {
          ts: "1712345678.000200",
          text: "Found: in:#general deploy",
          user: "U0FAKE",
          username: "ada",
          channel: { id: "C0GENERAL", name: "general" },
          permalink: "https://fake-team.slack.com/archives/C0GENERAL/p1712345678000200",
        },
      ],
    });
    expect(Object.fromEntries(last().url.searchParams)).toEqual({
      query: "in:#general deploy",
      count: "5",
      page: "1",
      sort: "timestamp",
      sort_dir: "desc",
    });
  });

  it("post_message POSTs JSON to chat.postMessage", async () => {
    const result = await run(
      slackConnector.adapter,
      "post_message",
      { channel: "C0GENERAL", text: "Hello from the platform", threadTs: "1712345678.000200" },
      context(),
    );
    expect(result.output).toEqual({ channel: "C0GENERAL", ts: "1712400000.000300", text: "Hello from the platform" });
    const request = last();
    expect(request.method).toBe("POST");
    expect(request.url.pathname).toBe("/api/chat.postMessage");
    expect(request.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(JSON.parse(request.body)).toEqual({
      channel: "C0GENERAL",
      text: "Hello from the platform",
      thread_ts: "1712345678.000200",
    });
  });

  it("an ok:false answer is a failed result with Slack's real status (200) and its error name", async () => {
    expect(await run(slackConnector.adapter, "read_channel_history", { channel: "C404" }, context())).toEqual({
      success: false,
      output: {},
      error: "Slack: channel_not_found",
      httpStatus: 200,
    });
    expect(
      await run(slackConnector.adapter, "post_message", { channel: "CARCHIVED", text: "hi" }, context()),
    ).toMatchObject({
      error: "Slack: is_archived",
      httpStatus: 200,
    });
    expect(await run(slackConnector.adapter, "search_messages", { query: "needs-scope" }, context())).toMatchObject({
      error: "Slack: missing_scope (needs search:read)",
      httpStatus: 200,
    });
    const revoked = await run(slackConnector.adapter, "list_channels", {}, contextFor(SLACK_FAKE, SLACK_REVOKED_TOKEN));
    expect(revoked).toMatchObject({ success: false, error: "Slack: token_revoked", httpStatus: 200 });
    expect(JSON.stringify(revoked)).not.toContain(SLACK_REVOKED_TOKEN);
  });

  it("answers a 429 as a rate-limited result with Retry-After", async () => {
    const result = await run(slackConnector.adapter, "read_channel_history", { channel: "CRATE" }, context());
    expect(result).toEqual({
      success: false,
      output: {},
      error: `Rate limited by Slack; retry after ${SLACK_RETRY_AFTER} s`,
      httpStatus: 429,
    });
    expect((await run(slackConnector.adapter, "search_messages", { query: "rate-limit" }, context())).httpStatus).toBe(
      429,
    );
  });

  it("throws bad_response for an answer that is not JSON, unknown_tool for a tool it does not have", async () => {
    await expect(slackConnector.adapter.execute("list_channels", { cursor: "html" }, context())).rejects.toMatchObject({
      kind: "bad_response",
    });
    await expect(slackConnector.adapter.execute("delete_workspace", {}, context())).rejects.toBeInstanceOf(
      AdapterError,
    );
    await expect(slackConnector.adapter.execute("delete_workspace", {}, context())).rejects.toMatchObject({
      kind: "unknown_tool",
    });
  });

  it("refuses inputs outside the schemas before anything is sent", () => {
    expect(inputErrors(slackConnector.adapter, "post_message", { channel: "C0GENERAL" })).not.toEqual([]);
    expect(inputErrors(slackConnector.adapter, "read_channel_history", { channel: "general; DROP" })).not.toEqual([]);
    expect(inputErrors(slackConnector.adapter, "list_channels", { limit: 500 })).not.toEqual([]);
    expect(inputErrors(slackConnector.adapter, "list_channels", { extra: true })).not.toEqual([]);
  });

  it("health check: auth.test ok, and a revoked token fails with Slack's reason", async () => {
    expect(await slackConnector.adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to Slack workspace Fake Team as ada",
    });
    expect(last().url.pathname).toBe("/api/auth.test");
    expect(last().method).toBe("POST");
    expect(await slackConnector.adapter.healthCheck(contextFor(SLACK_FAKE, SLACK_REVOKED_TOKEN))).toEqual({
      ok: false,
      message: "Slack: token_revoked",
    });
    expect(await slackConnector.adapter.healthCheck(contextFor(SLACK_FAKE, "xoxp-wrong"))).toEqual({
      ok: false,
      message: "Slack: invalid_auth",
    });
  });

  it("a network failure is unreachable, and the health check reports it", async () => {
    const down = contextFor("https://slack-down.fake.test", SLACK_TOKEN);
    down.fetch = async () => {
      throw new AdapterError("unreachable", "The external service at slack.com could not be reached");
    };
    await expect(slackConnector.adapter.execute("list_channels", {}, down)).rejects.toMatchObject({
      kind: "unreachable",
    });
    expect(await slackConnector.adapter.healthCheck(down)).toEqual({
      ok: false,
      message: "The external service at slack.com could not be reached",
    });
  });
});

describe("slack OAuth", () => {
  it("uses Slack's v2 URLs with user scopes joined by commas", () => {
    expect(slackConnector.oauth).toMatchObject({
      authorizeUrl: "https://slack.com/oauth/v2/authorize",
      tokenUrl: "https://slack.com/api/oauth.v2.access",
      scopeSeparator: ",",
      tokenAuth: "client_secret_basic",
      tokenBody: "form",
      pkce: true,
    });
    expect(slackConnector.oauth.scopes).toEqual(
      expect.arrayContaining(["channels:read", "channels:history", "search:read", "chat:write"]),
    );
    expect(slackConnector.scopeParam).toBe("user_scope");
  });

  it("exchanges a code for the user token under authed_user, refreshes with rotation, and reads a dead grant", async () => {
    const { code, verifier } = await authorizeCode(slackConnector.oauth, SLACK_FAKE, slackConnector.scopeParam);
    expect(slackOAuthServer.lastAuthorize?.get("user_scope")).toBe(slackConnector.oauth.scopes.join(","));
    const now = new Date("2026-11-20T10:00:00Z");
    const tokens = await readSlackTokens(
      await tokenRequest(slackConnector.oauth, SLACK_FAKE, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
      now,
    );
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^xoxe\.xoxp-access-/),
      refresh_token: expect.stringMatching(/^xoxe\.xoxp-refresh-/),
      expires_at: "2026-11-20T22:00:00.000Z",
      scopes: ["channels:read", "search:read", "chat:write"],
    });
    expect(await slackConnector.adapter.healthCheck(contextFor(SLACK_FAKE, tokens.access_token))).toMatchObject({
      ok: true,
    });

    // The code is single-use.
    const replay = tokenRequest(slackConnector.oauth, SLACK_FAKE, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    await expect(readSlackTokens(await replay)).rejects.toMatchObject({
      kind: "invalid_grant",
      message: "Slack refused the grant: invalid_code",
    });

    const refreshed = await readSlackTokens(
      await tokenRequest(slackConnector.oauth, SLACK_FAKE, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token!,
      }),
      now,
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const reused = tokenRequest(slackConnector.oauth, SLACK_FAKE, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
    });
    await expect(readSlackTokens(await reused)).rejects.toBeInstanceOf(OAuthTokenError);
  });

  it("a wrong PKCE verifier or a revoked refresh token is invalid_grant", async () => {
    const { code } = await authorizeCode(slackConnector.oauth, SLACK_FAKE, slackConnector.scopeParam);
    const wrong = tokenRequest(slackConnector.oauth, SLACK_FAKE, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: "not-the-verifier",
    });
    await expect(readSlackTokens(await wrong)).rejects.toMatchObject({ kind: "invalid_grant" });
    const dead = tokenRequest(slackConnector.oauth, SLACK_FAKE, {
      grant_type: "refresh_token",
      refresh_token: DEAD_REFRESH_TOKEN,
    });
    await expect(readSlackTokens(await dead)).rejects.toMatchObject({
      kind: "invalid_grant",
      message: "Slack refused the grant: invalid_refresh_token",
    });
    const ok = await readSlackTokens(
      await tokenRequest(slackConnector.oauth, SLACK_FAKE, {
        grant_type: "refresh_token",
        refresh_token: FAKE_REFRESH_TOKEN,
      }),
    );
    expect(ok.access_token).toMatch(/^xoxe\.xoxp-access-/);
  });
});
