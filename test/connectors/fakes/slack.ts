import { bearerOf, installFakeHost, json, record, type RecordedRequest } from "./fake-host";
import { FakeOAuthServer } from "./oauth-server";

/**
 * A local Slack Web API (https://docs.slack.dev/reference/methods): methods under /api/, answers
 * HTTP 200 with `{ok:true,...}` or `{ok:false,error}`, 429 with Retry-After when rate limited.
 * It checks the Bearer token, the HTTP method, required arguments and the JSON content type of
 * POSTs, so a request of the wrong shape fails. Scenarios are picked by argument values:
 * channel `C404` (channel_not_found), `CRATE` (429), `CARCHIVED` (is_archived); search query
 * `needs-scope` (missing_scope), `rate-limit` (429); list cursor `html` (a non-JSON answer).
 */
export const SLACK_FAKE = "https://slack.fake.test";
export const SLACK_TOKEN = "xoxp-fake-user-token";
/** A token Slack reports as revoked. */
export const SLACK_REVOKED_TOKEN = "xoxp-revoked-token";
export const SLACK_RETRY_AFTER = 30;

export const slackRequests: RecordedRequest[] = [];

export const slackOAuthServer = new FakeOAuthServer({
  tokenAuth: "client_secret_basic",
  tokenBody: "form",
  rotatesRefreshTokens: true,
  tokenPrefix: "xoxe.xoxp-",
  // With user scopes only the user token is under authed_user; a refresh answers it at the top level.
  tokenAnswer: ({ accessToken, refreshToken, grant }) => {
    const user = {
      access_token: accessToken,
      token_type: "user",
      scope: "channels:read,search:read,chat:write",
      refresh_token: refreshToken,
      expires_in: 43200,
    };
    return grant === "refresh_token"
      ? json({ ok: true, ...user, app_id: "A0FAKE", user_id: "U0FAKE", team: { id: "T0FAKE", name: "Fake Team" } })
      : json({
          ok: true,
          app_id: "A0FAKE",
          authed_user: { id: "U0FAKE", ...user },
          team: { id: "T0FAKE", name: "Fake Team" },
          enterprise: null,
          is_enterprise_install: false,
        });
  },
  errorAnswer: (error, _status, grant) => {
    const name =
      error === "invalid_grant"
        ? grant === "refresh_token"
          ? "invalid_refresh_token"
          : "invalid_code"
        : error === "invalid_client"
          ? "bad_client_secret"
          : "invalid_arguments";
    return json({ ok: false, error: name }); // Slack: HTTP 200 even for failures
  },
});

const fail = (error: string, extra: Record<string, unknown> = {}) => json({ ok: false, error, ...extra });
const rateLimited = () => json({ ok: false, error: "ratelimited" }, 429, { "Retry-After": String(SLACK_RETRY_AFTER) });

const CHANNELS = [
  {
    id: "C0GENERAL",
    name: "general",
    is_channel: true,
    is_private: false,
    is_archived: false,
    topic: { value: "Company-wide", creator: "U1", last_set: 0 },
    purpose: { value: "Everyone", creator: "U1", last_set: 0 },
    num_members: 42,
  },
  {
    id: "G0SECRET",
    name: "secret-plans",
    is_channel: true,
    is_group: true,
    is_private: true,
    is_archived: false,
    topic: { value: "", creator: "", last_set: 0 },
    purpose: { value: "", creator: "", last_set: 0 },
  },
];

function readArgs(request: RecordedRequest): Record<string, string> | Response {
  if (request.method === "GET") return Object.fromEntries(request.url.searchParams);
  if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json")) return fail("invalid_arguments");
  try {
    return JSON.parse(request.body || "{}") as Record<string, string>;
  } catch {
    return fail("invalid_json");
  }
}

function method(request: RecordedRequest, name: string, args: Record<string, string>): Response {
  switch (name) {
    case "auth.test":
      if (request.method !== "POST") return fail("invalid_arguments");
      return json({
        ok: true,
        url: "https://fake-team.slack.com/",
        team: "Fake Team",
        user: "ada",
        team_id: "T0FAKE",
        user_id: "U0FAKE",
      });
    case "conversations.list": {
      if (request.method !== "GET") return fail("invalid_arguments");
      if (args.cursor === "html")
        return new Response("<html>Bad gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } });
      const types = (args.types ?? "public_channel").split(",");
      const channels = CHANNELS.filter((channel) =>
        types.includes(channel.is_private ? "private_channel" : "public_channel"),
      );
      const limit = Number(args.limit ?? 100);
      const start = args.cursor === "dGVhbTpDMDYxRkE1UEI=" ? 1 : 0;
      const page = channels.slice(start, start + limit);
      const more = start + limit < channels.length;
      return json({ ok: true, channels: page, response_metadata: { next_cursor: more ? "dGVhbTpDMDYxRkE1UEI=" : "" } });
    }
    case "conversations.history":
      if (request.method !== "GET") return fail("invalid_arguments");
      if (!args.channel) return fail("channel_not_found");
      if (args.channel === "CRATE") return rateLimited();
      if (args.channel === "C404") return fail("channel_not_found");
      return json({
        ok: true,
        messages: [
          {
            type: "message",
            user: "U0FAKE",
            text: "Ship it",
            ts: "1712345678.000200",
            thread_ts: "1712345678.000200",
            reply_count: 2,
          },
          { type: "message", subtype: "bot_message", bot_id: "B0BOT", text: "Build passed", ts: "1712345600.000100" },
        ].slice(0, Number(args.limit ?? 100)),
        has_more: true,
        pin_count: 0,
        response_metadata: { next_cursor: "bmV4dF90czoxNzEyMzQ1NjAw" },
      });
    case "search.messages":
      if (request.method !== "GET") return fail("invalid_arguments");
      if (!args.query) return fail("no_query");
      if (args.query === "rate-limit") return rateLimited();
      if (args.query === "needs-scope")
        return fail("missing_scope", { needed: "search:read", provided: "channels:read" });
      return json({
        ok: true,
        query: args.query,
        messages: {
          total: 1,
          pagination: { total_count: 1, page: 1, per_page: Number(args.count ?? 20), page_count: 1, first: 1, last: 1 },
          paging: { count: Number(args.count ?? 20), total: 1, page: Number(args.page ?? 1), pages: 1 },
          matches: [
            {
              iid: "cb64bdaa-c1e8-4631-8a91-0f78080113e9",
              team: "T0FAKE",
              channel: { id: "C0GENERAL", is_channel: true, name: "general" },
              type: "message",
              user: "U0FAKE",
              username: "ada",
              ts: "1712345678.000200",
              text: `Found: ${args.query}`,
              permalink: "https://fake-team.slack.com/archives/C0GENERAL/p1712345678000200",
            },
          ],
        },
      });
    case "chat.postMessage":
      if (request.method !== "POST") return fail("invalid_arguments");
      if (!args.channel) return fail("channel_not_found");
      if (!args.text) return fail("no_text");
      if (args.channel === "CARCHIVED") return fail("is_archived");
      if (args.channel === "CRATE") return rateLimited();
      return json({
        ok: true,
        channel: args.channel,
        ts: "1712400000.000300",
        message: {
          type: "message",
          user: "U0FAKE",
          text: args.text,
          ts: "1712400000.000300",
          ...(args.thread_ts ? { thread_ts: args.thread_ts } : {}),
        },
      });
    default:
      return fail("unknown_method");
  }
}

export function installFakeSlack() {
  installFakeHost(SLACK_FAKE, async (raw) => {
    const request = await record(raw, slackRequests);
    const path = request.url.pathname;
    if (path === "/oauth/v2/authorize") return slackOAuthServer.authorize(request.url);
    if (path === "/api/oauth.v2.access") return slackOAuthServer.token(request);
    if (!path.startsWith("/api/")) return new Response("Not found", { status: 404 });
    const token = bearerOf(request);
    if (!token) return fail("not_authed");
    if (token === SLACK_REVOKED_TOKEN) return fail("token_revoked");
    if (token !== SLACK_TOKEN && !slackOAuthServer.accessTokens.has(token)) return fail("invalid_auth");
    const args = readArgs(request);
    if (args instanceof Response) return args;
    return method(request, path.slice("/api/".length), args);
  });
}
