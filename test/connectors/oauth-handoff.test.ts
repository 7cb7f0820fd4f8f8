import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../../src/db/client";
import { purgeExpiredOAuthStates } from "../../src/domains/connectors/secrets/oauth-handoff";
import { call, createUser, expectError, expectFieldError, ORIGIN } from "../helpers/api";
import { installFakeHost, json, record, type RecordedRequest } from "./fakes/fake-host";
import { FakeOAuthServer, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from "./fakes/oauth-server";
import { installFakeSlack, SLACK_FAKE, slackOAuthServer, slackRequests } from "./fakes/slack";
import { businessTeam } from "./helpers";
import { consent, land, slackInstance } from "./oauth-flow";

/** A custom oauth2 definition's provider: plain RFC 6749 answers, client_secret_basic. */
const CRM = "https://crm-oauth.fake.test";
const crmRequests: RecordedRequest[] = [];
const crmOAuth = new FakeOAuthServer({
  tokenAuth: "client_secret_basic",
  tokenBody: "form",
  rotatesRefreshTokens: true,
  tokenPrefix: "crm-",
  tokenAnswer: ({ accessToken, refreshToken }) =>
    json({
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: refreshToken,
      scope: "contacts.read",
    }),
  errorAnswer: (error, status) => json({ error }, status),
});

/** A provider whose token endpoint refuses every code quoting what it was sent (code, verifier, Basic credentials). */
const ECHOING = "https://echoing-oauth.fake.test";
const ECHOED_CODE = "code-the-provider-echoes-0123456789";

beforeAll(() => {
  installFakeHost(ECHOING, async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/authorize") {
      const target = new URL(url.searchParams.get("redirect_uri")!);
      target.searchParams.set("state", url.searchParams.get("state")!);
      target.searchParams.set("code", ECHOED_CODE);
      return new Response(null, { status: 302, headers: { Location: target.toString() } });
    }
    const sent = new URLSearchParams(await request.text());
    const quoted = `${sent.get("code")} ${sent.get("code_verifier")} ${request.headers.get("Authorization")}`;
    return json({ error: `invalid_grant: ${quoted}` }, 400);
  });
  installFakeSlack();
  installFakeHost(CRM, async (raw) => {
    const request = await record(raw, crmRequests);
    if (request.url.pathname === "/authorize") return crmOAuth.authorize(request.url);
    if (request.url.pathname === "/token") return crmOAuth.token(request);
    return new Response("Not found", { status: 404 });
  });
});

describe("OAuth hand-off (built-in: Slack against its local fake)", () => {
  it("initiate → provider consent → callback: PKCE S256, the scopes, tokens sealed, the instance connected", async () => {
    const user = await createUser();
    const id = await slackInstance(user);
    const initiated = await call("POST", `/connectors/instances/${id}/oauth/initiate`, { token: user.accessToken });
    expect(initiated.status).toBe(200);
    const { redirectUrl, state } = initiated.body.data;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const authorize = new URL(redirectUrl);
    expect(authorize.origin + authorize.pathname).toBe(`${SLACK_FAKE}/oauth/v2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: FAKE_CLIENT_ID,
      state,
      redirect_uri: `${ORIGIN}/api/v1/connectors/oauth/slack/callback`,
      code_challenge_method: "S256",
      user_scope: expect.stringContaining("channels:read"),
    });
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is stored hashed; the verifier sealed.
    const stored = await env.DB.prepare(
      "SELECT state_hash, code_verifier FROM connector_oauth_states WHERE instance_id = ?",
    )
      .bind(id)
      .first<{ state_hash: string; code_verifier: string }>();
    expect(stored!.state_hash).not.toContain(state);
    expect(stored!.code_verifier).toMatch(/^v1\./);

    const tokenCalls = slackRequests.filter((r) => r.url.pathname === "/api/oauth.v2.access").length;
    const landed = await land(await consent(redirectUrl));
    expect(landed.origin + landed.pathname).toBe(`${ORIGIN}/settings/connectors`);
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      connector: "slack",
      instanceId: id,
      status: "connected",
    });
    const exchange = slackRequests.filter((r) => r.url.pathname === "/api/oauth.v2.access");
    expect(exchange.length).toBe(tokenCalls + 1);
    expect(exchange.at(-1)!.headers.get("Authorization")).toBe(
      `Basic ${btoa(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`)}`,
    );
    expect(new URLSearchParams(exchange.at(-1)!.body).get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const instance = (await call("GET", `/connectors/instances/${id}`, { token: user.accessToken })).body.data;
    expect(instance).toMatchObject({ status: "active", authorizationState: "connected" });
    const credential = (
      await call("GET", `/connectors/instances/${id}/credentials/status`, { token: user.accessToken })
    ).body.data;
    expect(credential).toMatchObject({
      configured: true,
      credType: "oauth2",
      scopes: ["channels:read", "search:read", "chat:write"],
    });
    expect(Date.parse(credential.expiresAt)).toBeGreaterThan(Date.now() + 11 * 3600_000);
    // The tokens work: sync-tools and a tool call reach the fake with the issued user token.
    const row = await env.DB.prepare("SELECT sealed FROM connector_credentials WHERE instance_id = ?")
      .bind(id)
      .first<{ sealed: string }>();
    expect(row!.sealed).not.toContain("xoxe.xoxp-");
    const test = await call("POST", `/connectors/instances/${id}/test`, { token: user.accessToken });
    expect(test.body.data).toMatchObject({ ok: true, status: "active" });
  });

  it("a replayed, forged, expired or other-connector state never exchanges a code", async () => {
    const user = await createUser();
    const id = await slackInstance(user);
    const { redirectUrl, state } = (
      await call("POST", `/connectors/instances/${id}/oauth/initiate`, { token: user.accessToken })
    ).body.data;
    const callbackUrl = await consent(redirectUrl);
    const exchanges = () => slackRequests.filter((r) => r.url.pathname === "/api/oauth.v2.access").length;

    // Another connector's callback with this state: refused, and the state survives for its own connector.
    const elsewhere = new URL(callbackUrl);
    elsewhere.pathname = "/api/v1/connectors/oauth/notion/callback";
    const before = exchanges();
    expect((await land(elsewhere.toString())).searchParams.get("error")).toBe("invalid_state");
    expect(exchanges()).toBe(before);

    expect((await land(callbackUrl)).searchParams.get("status")).toBe("connected");
    const replay = await land(callbackUrl);
    expect(Object.fromEntries(replay.searchParams)).toEqual({
      connector: "slack",
      status: "error",
      error: "invalid_state",
    });
    const forged = new URL(callbackUrl);
    forged.searchParams.set(
      "state",
      state.replace(/.$/, (c: string) => (c === "A" ? "B" : "A")),
    );
    expect((await land(forged.toString())).searchParams.get("error")).toBe("invalid_state");
    expect(exchanges()).toBe(before + 1);

    // Expired: a state older than ten minutes.
    const second = (await call("POST", `/connectors/instances/${id}/oauth/initiate`, { token: user.accessToken })).body
      .data;
    await env.DB.prepare("UPDATE connector_oauth_states SET expires_at = ? WHERE instance_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), id)
      .run();
    const expiredCallback = await consent(second.redirectUrl);
    expect((await land(expiredCallback)).searchParams.get("error")).toBe("invalid_state");
    expect(exchanges()).toBe(before + 1);
    // The cron purges states nobody came back with.
    await purgeExpiredOAuthStates(createDb(env.DB), Date.now());
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM connector_oauth_states WHERE instance_id = ?")
        .bind(id)
        .first("n"),
    ).toBe(0);
  });

  it("a denied consent is access_denied; a code the provider refuses is exchange_failed; neither connects", async () => {
    const user = await createUser();
    const id = await slackInstance(user);
    const denied = (await call("POST", `/connectors/instances/${id}/oauth/initiate`, { token: user.accessToken })).body
      .data;
    expect(Object.fromEntries((await land(await consent(denied.redirectUrl, "&deny=1"))).searchParams)).toEqual({
      connector: "slack",
      instanceId: id,
      status: "error",
      error: "access_denied",
    });

    const refused = (await call("POST", `/connectors/instances/${id}/oauth/initiate`, { token: user.accessToken })).body
      .data;
    const callbackUrl = new URL(await consent(refused.redirectUrl));
    callbackUrl.searchParams.set("code", "a-code-the-provider-never-issued");
    expect((await land(callbackUrl.toString())).searchParams.get("error")).toBe("exchange_failed");
    const instance = (await call("GET", `/connectors/instances/${id}`, { token: user.accessToken })).body.data;
    expect(instance).toMatchObject({ status: "pending_auth", authorizationState: "authorization_required" });
  });

  it("initiate: 404 foreign, 403 without management permission, 409 for a disabled or non-OAuth instance, 503 for an unconfigured provider", async () => {
    const { owner, member, teamId } = await businessTeam();
    const team = await slackInstance(owner, { workspaceId: teamId, scope: "team" });
    expectError(
      await call("POST", `/connectors/instances/${team}/oauth/initiate`, {
        token: member.accessToken,
        workspaceId: teamId,
      }),
      403,
      "forbidden",
    );
    const stranger = await createUser();
    expectError(
      await call("POST", `/connectors/instances/${team}/oauth/initiate`, { token: stranger.accessToken }),
      404,
      "NOT_FOUND",
    );

    const sql = (
      await call("POST", "/connectors/instances", {
        token: owner.accessToken,
        body: { connectorKey: "sql-database", displayName: "DB", scope: "personal" },
      })
    ).body.data.id;
    expectError(
      await call("POST", `/connectors/instances/${sql}/oauth/initiate`, { token: owner.accessToken }),
      409,
      "CONNECTOR_ERROR",
    );
    const gmail = (
      await call("POST", "/connectors/instances", {
        token: owner.accessToken,
        body: { connectorKey: "gmail", displayName: "Mail", scope: "personal" },
      })
    ).body.data.id;
    const unconfigured = await call("POST", `/connectors/instances/${gmail}/oauth/initiate`, {
      token: owner.accessToken,
    });
    expectError(unconfigured, 503, "CONNECTION_FAILED");
    const personal = await slackInstance(owner);
    await call("PATCH", `/connectors/instances/${personal}`, { token: owner.accessToken, body: { enabled: false } });
    expectError(
      await call("POST", `/connectors/instances/${personal}/oauth/initiate`, { token: owner.accessToken }),
      409,
      "CONNECTOR_ERROR",
    );
  });

  it("/settings/connectors shows the outcome without scripts, frames or caching", async () => {
    const connected = await call("GET", `${ORIGIN}/settings/connectors?connector=slack&status=connected`);
    expect(connected.status).toBe(200);
    expect(connected.body).toContain("Connected: slack");
    expect(connected.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(connected.headers.get("Cache-Control")).toBe("no-store");
    const failed = await call(
      "GET",
      `${ORIGIN}/settings/connectors?connector=%3Cscript%3E&status=error&error=invalid_state`,
    );
    expect(failed.status).toBe(400);
    expect(failed.body).toContain("already used");
    expect(failed.body).not.toContain("<script>");
  });
});

describe("OAuth hand-off (custom oauth2 definition)", () => {
  const authConfig = {
    client_id: FAKE_CLIENT_ID,
    client_secret: FAKE_CLIENT_SECRET,
    authorization_url: `${CRM}/authorize`,
    token_url: `${CRM}/token`,
    scopes: ["contacts.read"],
  };

  it("a refused exchange is logged without the code, the verifier or the client secret the provider quoted (hardening 34, point 4)", async () => {
    const user = await createUser();
    const key = `echo-${crypto.randomUUID().slice(0, 8)}`;
    const as = { token: user.accessToken };
    const clientSecret = "echoing-client-secret-0123456789";
    const echoingConfig = {
      client_id: FAKE_CLIENT_ID,
      client_secret: clientSecret,
      authorization_url: `${ECHOING}/authorize`,
      token_url: `${ECHOING}/token`,
    };
    const created = await call("POST", "/connectors/definitions", {
      ...as,
      body: { key, displayName: "Echo", authType: "oauth2", authConfig: echoingConfig },
    });
    expect(created.status).toBe(201);
    const id = (
      await call("POST", "/connectors/instances", {
        ...as,
        body: { connectorKey: key, displayName: "Echo", scope: "personal", config: {} },
      })
    ).body.data.id;
    const { redirectUrl } = (await call("POST", `/connectors/instances/${id}/oauth/initiate`, as)).body.data;
    const callback = await consent(redirectUrl);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let lines: string[];
    try {
      expect((await land(callback)).searchParams.get("error")).toBe("exchange_failed");
      lines = logged.mock.calls.map((args) => String(args[0]));
    } finally {
      logged.mockRestore();
    }
    const line = lines.find((text) => text.includes("connector_oauth_exchange_failed"))!;
    expect(JSON.parse(line).reason).toMatch(
      /^The token endpoint refused the grant: invalid_grant: \[redacted\] \[redacted\] Basic \[redacted\]$/,
    );
    for (const secret of [ECHOED_CODE, clientSecret, btoa(`${FAKE_CLIENT_ID}:${clientSecret}`)])
      expect(line).not.toContain(secret);
  });

  it("uses the definition's authConfig; its URLs must pass the SSRF rules", async () => {
    const user = await createUser();
    const key = `crm-${crypto.randomUUID().slice(0, 8)}`;
    const as = { token: user.accessToken };
    for (const [field, url] of [
      ["token_url", "http://crm-oauth.fake.test/token"],
      ["token_url", "https://10.0.0.1/token"],
      ["authorization_url", "https://metadata.google.internal/authorize"],
      ["authorization_url", "https://[::ffff:127.0.0.1]/authorize"],
    ]) {
      expectFieldError(
        await call("POST", "/connectors/definitions", {
          ...as,
          body: { key, displayName: "CRM", authType: "oauth2", authConfig: { ...authConfig, [field!]: url } },
        }),
        `authConfig.${field}`,
      );
    }
    expectFieldError(
      await call("POST", "/connectors/definitions", {
        ...as,
        body: { key, displayName: "CRM", authType: "oauth2", authConfig: { client_id: "x" } },
      }),
      "authConfig.token_url",
    );
    expect(
      (
        await call("POST", "/connectors/definitions", {
          ...as,
          body: { key, displayName: "CRM", authType: "oauth2", authConfig },
        })
      ).status,
    ).toBe(201);
    const id = (
      await call("POST", "/connectors/instances", {
        ...as,
        body: { connectorKey: key, displayName: "CRM", scope: "personal", config: {} },
      })
    ).body.data.id;

    const { redirectUrl } = (await call("POST", `/connectors/instances/${id}/oauth/initiate`, as)).body.data;
    const authorize = new URL(redirectUrl);
    expect(authorize.origin).toBe(CRM);
    expect(authorize.searchParams.get("scope")).toBe("contacts.read");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/v1/connectors/oauth/${key}/callback`);
    const landed = await land(await consent(redirectUrl));
    expect(Object.fromEntries(landed.searchParams)).toEqual({ connector: key, instanceId: id, status: "connected" });
    expect((await call("GET", `/connectors/instances/${id}`, as)).body.data.authorizationState).toBe("connected");
    expect(
      crmRequests.some(
        (r) => r.url.pathname === "/token" && new URLSearchParams(r.body).get("grant_type") === "authorization_code",
      ),
    ).toBe(true);
  });
});
