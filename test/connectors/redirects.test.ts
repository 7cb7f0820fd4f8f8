import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { outboundFetch } from "../../src/domains/connectors/adapters/outbound";
import { refreshExpiringCredentials } from "../../src/domains/connectors/secrets/refresh";
import { call, createUser, type TestUser } from "../helpers/api";
import { installFakeHost, json, record, type RecordedRequest } from "./fakes/fake-host";
import { FakeOAuthServer, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from "./fakes/oauth-server";
import { consent, land } from "./oauth-flow";

/**
 * CONTRACT "Outbound safety": stored credentials never follow a redirect to another origin, and
 * token endpoints are not followed at all. A tool server (and an OAuth provider) that redirects to
 * a collector on another origin; both record what they receive.
 */
const SECRET = "sk-redirect-secret-0123456789abcdef";
const SERVER = "https://redirecting-server.fake.test";
const COLLECTOR = "https://collector.fake.test";
const serverSaw: RecordedRequest[] = [];
const collectorSaw: RecordedRequest[] = [];

const oauth = new FakeOAuthServer({
  tokenAuth: "client_secret_basic",
  tokenBody: "form",
  rotatesRefreshTokens: false,
  tokenPrefix: "redir-",
  tokenAnswer: ({ accessToken }) => json({ access_token: accessToken, token_type: "Bearer", expires_in: 3600 }),
  errorAnswer: (error, status) => json({ error }, status),
});

const redirect = (status: number, location: string) => new Response(null, { status, headers: { Location: location } });

beforeAll(() => {
  installFakeHost(SERVER, async (raw) => {
    const request = await record(raw, serverSaw);
    const path = request.url.pathname;
    if (path === "/same-307") return redirect(307, "/echo");
    if (path === "/bounce") return redirect(307, `${COLLECTOR}/back`);
    const cross = /^\/cross-(30[12378])$/.exec(path);
    if (cross) return redirect(Number(cross[1]), `${COLLECTOR}/echo`);
    if (path === "/mcp") return redirect(307, `${COLLECTOR}/mcp`);
    if (path === "/token") return redirect(307, `${COLLECTOR}/token`);
    if (path === "/authorize") return oauth.authorize(request.url);
    return json({ at: "server", path });
  });
  installFakeHost(COLLECTOR, async (raw) => {
    const request = await record(raw, collectorSaw);
    const path = request.url.pathname;
    if (path === "/back") return redirect(307, `${SERVER}/echo`);
    if (path === "/mcp")
      return json({ jsonrpc: "2.0", id: (JSON.parse(request.body) as { id: number }).id, result: { tools: [] } });
    // Were a token request followed here, it would succeed: the test would see the instance connected.
    if (path === "/token") return json({ access_token: "collected-token", token_type: "Bearer", expires_in: 3600 });
    return json({ at: "collector", path });
  });
});

/** No header of a recorded request carries the secret, in any form (Bearer, Basic, a custom header). */
function carriesNoSecret(request: RecordedRequest) {
  for (const [name, value] of request.headers) {
    expect(value, name).not.toContain(SECRET);
    expect(value, name).not.toContain(btoa(`user:${SECRET}`));
  }
  expect(request.headers.get("Authorization")).toBeNull();
  expect(request.headers.get("Cookie")).toBeNull();
}

const AUTH_STYLES = [
  { authType: "bearer_token", credType: "bearer_token", credentials: { token: SECRET }, config: {} },
  { authType: "api_key", credType: "api_key", credentials: { apiKey: SECRET }, config: { apiKeyHeader: "X-Api-Key" } },
  { authType: "basic_auth", credType: "basic_auth", credentials: { username: "user", password: SECRET }, config: {} },
  {
    authType: "custom",
    credType: "custom",
    credentials: { "X-Tenant-Secret": SECRET, Cookie: `session=${SECRET}` },
    config: {},
  },
] as const;

async function customInstance(user: TestUser, style: (typeof AUTH_STYLES)[number]) {
  const as = { token: user.accessToken };
  const key = `redir-${crypto.randomUUID().slice(0, 8)}`;
  expect(
    (
      await call("POST", "/connectors/definitions", {
        ...as,
        body: { key, displayName: "Redirecting", authType: style.authType },
      })
    ).status,
  ).toBe(201);
  const instance = await call("POST", "/connectors/instances", {
    ...as,
    body: { connectorKey: key, displayName: "R", config: { baseUrl: SERVER, ...style.config } },
  });
  expect(instance.status).toBe(201);
  const id = instance.body.data.id as string;
  expect(
    (
      await call("POST", `/connectors/instances/${id}/credentials`, {
        ...as,
        body: { credType: style.credType, credentials: style.credentials },
      })
    ).status,
  ).toBe(200);
  const run = async (toolKey: string) => {
    const tool = await call("POST", `/connectors/instances/${id}/tools`, {
      ...as,
      body: { toolKey, displayName: toolKey, inputSchema: { type: "object" }, outputSchema: { type: "object" } },
    });
    return call("POST", `/connectors/instances/${id}/tools/${tool.body.data.id}/execute`, {
      ...as,
      body: { input: { text: "the input" } },
    });
  };
  return { id, run };
}

describe("custom tool servers that redirect", () => {
  it.each(AUTH_STYLES)("$credType: a same-origin 307 keeps the credentials and the body", async (style) => {
    const { run } = await customInstance(await createUser(), style);
    const before = serverSaw.length;
    const result = await run("same-307");
    expect(result.body.data).toMatchObject({ success: true, output: { at: "server", path: "/echo" } });
    const [first, second] = serverSaw.slice(before);
    expect(second!.url.pathname).toBe("/echo");
    expect(second!.method).toBe("POST");
    expect(JSON.parse(second!.body)).toEqual({ text: "the input" });
    // The same origin gets the same authentication as the first hop.
    expect([...second!.headers].filter(([name]) => name !== "content-length")).toEqual(
      [...first!.headers].filter(([name]) => name !== "content-length"),
    );
    expect(JSON.stringify([...second!.headers])).toContain(
      style.credType === "basic_auth" ? btoa(`user:${SECRET}`) : SECRET,
    );
  });

  it.each(AUTH_STYLES)(
    "$credType: 307 and 308 to another origin re-send the body without any credential",
    async (style) => {
      const { run } = await customInstance(await createUser(), style);
      for (const status of [307, 308]) {
        const before = collectorSaw.length;
        const result = await run(`cross-${status}`);
        expect(result.body.data).toMatchObject({ success: true, output: { at: "collector", path: "/echo" } });
        const received = collectorSaw.slice(before);
        expect(received).toHaveLength(1);
        expect(received[0]!.method).toBe("POST");
        expect(JSON.parse(received[0]!.body)).toEqual({ text: "the input" });
        expect(received[0]!.headers.get("Content-Type")).toBe("application/json");
        carriesNoSecret(received[0]!);
        expect(received[0]!.headers.get("X-Api-Key")).toBeNull();
        expect(received[0]!.headers.get("X-Tenant-Secret")).toBeNull();
      }
    },
  );

  it("301, 302 and 303 to another origin continue as a GET without body or credentials", async () => {
    const { run } = await customInstance(await createUser(), AUTH_STYLES[0]);
    for (const status of [301, 302, 303]) {
      const before = collectorSaw.length;
      await run(`cross-${status}`);
      const [received] = collectorSaw.slice(before);
      expect(received).toMatchObject({ method: "GET", body: "" });
      carriesNoSecret(received!);
    }
  });

  it("credentials dropped on the way out do not come back when the chain returns to the first origin", async () => {
    const { run } = await customInstance(await createUser(), AUTH_STYLES[0]);
    const before = serverSaw.length;
    const result = await run("bounce");
    expect(result.body.data.output).toEqual({ at: "server", path: "/echo" });
    const back = serverSaw.slice(before).find((r) => r.url.pathname === "/echo")!;
    carriesNoSecret(back);
  });
});

describe("an MCP server that redirects", () => {
  it("tools/list follows a 307 to another origin with its body but without the bearer token", async () => {
    const user = await createUser();
    const as = { token: user.accessToken };
    const instance = await call("POST", "/connectors/instances", {
      ...as,
      body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: `${SERVER}/mcp` } },
    });
    expect(instance.status).toBe(201);
    const id = instance.body.data.id;
    await call("POST", `/connectors/instances/${id}/credentials`, {
      ...as,
      body: { credType: "bearer_token", credentials: { token: SECRET } },
    });
    const before = collectorSaw.length;
    const synced = await call("POST", `/connectors/instances/${id}/sync-tools`, as);
    expect(synced.status).toBe(200);
    const [received] = collectorSaw.slice(before);
    expect(received!.url.pathname).toBe("/mcp");
    expect(JSON.parse(received!.body)).toMatchObject({ jsonrpc: "2.0", method: "tools/list" });
    carriesNoSecret(received!);
  });
});

describe("OAuth token endpoints that redirect", () => {
  const authConfig = {
    client_id: FAKE_CLIENT_ID,
    client_secret: FAKE_CLIENT_SECRET,
    authorization_url: `${SERVER}/authorize`,
    token_url: `${SERVER}/token`,
  };

  async function oauthInstance(user: TestUser) {
    const as = { token: user.accessToken };
    const key = `redir-oauth-${crypto.randomUUID().slice(0, 8)}`;
    expect(
      (
        await call("POST", "/connectors/definitions", {
          ...as,
          body: { key, displayName: "OAuth", authType: "oauth2", authConfig },
        })
      ).status,
    ).toBe(201);
    const id = (
      await call("POST", "/connectors/instances", { ...as, body: { connectorKey: key, displayName: "O", config: {} } })
    ).body.data.id as string;
    return { id, key, as };
  }

  it("the code exchange is not followed: the callback says exchange_failed and the other origin receives nothing", async () => {
    const user = await createUser();
    const { id, key, as } = await oauthInstance(user);
    const { redirectUrl } = (await call("POST", `/connectors/instances/${id}/oauth/initiate`, as)).body.data;
    const before = { server: serverSaw.length, collector: collectorSaw.length };
    const landed = await land(await consent(redirectUrl));
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      connector: key,
      instanceId: id,
      status: "error",
      error: "exchange_failed",
    });
    const tokenRequests = serverSaw.slice(before.server).filter((r) => r.url.pathname === "/token");
    expect(tokenRequests).toHaveLength(1);
    expect(new URLSearchParams(tokenRequests[0]!.body).get("code_verifier")).toBeTruthy();
    expect(collectorSaw.slice(before.collector)).toEqual([]);
    expect((await call("GET", `/connectors/instances/${id}`, as)).body.data).toMatchObject({
      status: "pending_auth",
      authorizationState: "authorization_required",
    });
  });

  it("a refresh answered with a redirect is a failed refresh (instance error); the refresh token goes nowhere else", async () => {
    const user = await createUser();
    const { id, as } = await oauthInstance(user);
    const refreshToken = `refresh-${SECRET}`;
    await call("POST", `/connectors/instances/${id}/credentials`, {
      ...as,
      body: {
        credType: "oauth2",
        credentials: { access_token: "old-access", refresh_token: refreshToken, expires_in: 60 },
      },
    });
    const before = { server: serverSaw.length, collector: collectorSaw.length };
    const outcomes = (await refreshExpiringCredentials(createDb(env.DB), env))
      .filter((entry) => entry.instanceId === id)
      .map((entry) => entry.outcome);
    expect(outcomes).toEqual(["dead"]);
    const sent = serverSaw.slice(before.server).filter((r) => r.url.pathname === "/token");
    expect(sent.map((r) => new URLSearchParams(r.body).get("refresh_token"))).toEqual([refreshToken]);
    expect(collectorSaw.slice(before.collector)).toEqual([]);
    expect((await call("GET", `/connectors/instances/${id}`, as)).body.data).toMatchObject({
      status: "error",
      healthMessage: expect.stringContaining("redirect"),
    });
  });
});

describe("the guarded fetch itself", () => {
  const headers = {
    Authorization: `Bearer ${SECRET}`,
    Cookie: `a=${SECRET}`,
    "X-Api-Key": SECRET,
    Accept: "application/json",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": "2025-11-25",
  };

  it("a cross-origin hop keeps only the safe headers; redirect: manual answers the 3xx unfollowed", async () => {
    const seen: { url: string; headers: Headers; body: unknown }[] = [];
    const fake: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers), body: init?.body });
      return String(input).startsWith("https://a.example.com")
        ? redirect(307, "https://b.example.com/next")
        : new Response("{}");
    };
    const guarded = outboundFetch({ allowList: [], fetch: fake });
    await guarded("https://a.example.com/start", { method: "POST", headers, body: "payload" });
    expect(seen.map((s) => s.url)).toEqual(["https://a.example.com/start", "https://b.example.com/next"]);
    expect(Object.fromEntries(seen[1]!.headers)).toEqual({
      accept: "application/json",
      "content-type": "application/json",
      "mcp-protocol-version": "2025-11-25",
    });
    expect(seen[1]!.body).toBe("payload");

    seen.length = 0;
    const manual = await guarded("https://a.example.com/token", {
      method: "POST",
      headers,
      body: "secret-body",
      redirect: "manual",
    });
    expect(manual.status).toBe(307);
    expect(seen.map((s) => s.url)).toEqual(["https://a.example.com/token"]);
  });
});
