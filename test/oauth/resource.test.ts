import { describe, expect, it } from "vitest";
import { call, createUser, expectError, ORIGIN, type TestUser } from "../helpers/api";
import {
  authorize,
  authorizeUrl,
  basic,
  Browser,
  clientAuth,
  exchange,
  expectOAuthError,
  pkce,
  postForm,
  REDIRECT_URI,
  refresh,
  registerClient,
  type RegisteredClient,
} from "../helpers/oauth";
import { decodePayload } from "../helpers/tokens";

/**
 * RFC 8707 resource indicators (CONTRACT "Connector tools for agents", Audiences): `resource` at
 * /authorize and /token names one of this server's two resources, the API base and the MCP
 * gateway; the access token's `aud` says which, and each refuses the other's tokens.
 */
const API = `${ORIGIN}/api/v1`;
const GATEWAY = `${ORIGIN}/api/v1/mcp`;
const SCOPE = "execution:run profile:read";

/** A code whose authorization request named `resource` (none when undefined). */
async function codeFor(user: TestUser, client: RegisteredClient, resource?: string | string[]) {
  const { verifier, challenge } = await pkce();
  const back = await authorize(user, {
    client_id: client.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPE,
    state: "st",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource,
  });
  const code = back.searchParams.get("code");
  expect(code, back.toString()).toBeTruthy();
  return { code: code!, verifier, redirectUri: REDIRECT_URI };
}

const audienceOf = (accessToken: string) => decodePayload(accessToken).aud;

const gatewayPing = (token: string) =>
  call("POST", "/mcp", {
    token,
    body: { jsonrpc: "2.0", id: 1, method: "ping" },
    headers: { "MCP-Protocol-Version": "2025-11-25" },
  });

function expectInvalidToken(res: Awaited<ReturnType<typeof call>>, challenge: string) {
  expectError(res, 401, "unauthorized");
  expect(res.headers.get("WWW-Authenticate")).toBe(challenge);
}

async function setup() {
  const [user, client] = await Promise.all([createUser(), registerClient()]);
  return { user, client };
}

describe("resource at /oauth/authorize", () => {
  it.each([
    ["another server's MCP endpoint", "https://other.example/api/v1/mcp", "resource is not a resource of this server"],
    ["another path of this origin", `${ORIGIN}/api/v2`, "resource is not a resource of this server"],
    ["this origin alone", ORIGIN, "resource is not a resource of this server"],
    ["a query", `${GATEWAY}?x=1`, "resource is not a resource of this server"],
    ["a relative URI", "/api/v1/mcp", "resource must be an absolute URI without a fragment"],
    ["a fragment", `${GATEWAY}#tools`, "resource must be an absolute URI without a fragment"],
    ["an empty value", "", "resource must be an absolute URI without a fragment"],
    ["two resources", [API, GATEWAY], "Only one resource may be requested: a token names one audience"],
  ])(
    "%s is invalid_target, redirected with state and iss (client and redirect URI are valid)",
    async (_name, resource, description) => {
      const client = await registerClient();
      const { challenge } = await pkce();
      const res = await new Browser().get(
        authorizeUrl({
          client_id: client.clientId,
          redirect_uri: REDIRECT_URI,
          response_type: "code",
          scope: SCOPE,
          state: "st-9",
          code_challenge: challenge,
          code_challenge_method: "S256",
          resource,
        }),
      );
      expect(res.status, res.text).toBe(302);
      const location = new URL(res.headers.get("Location")!);
      expect(location.origin + location.pathname).toBe(REDIRECT_URI);
      expect([...location.searchParams]).toEqual([
        ["error", "invalid_target"],
        ["error_description", description],
        ["state", "st-9"],
        ["iss", ORIGIN],
      ]);
    },
  );
});

describe("the token's audience and where it is accepted", () => {
  it("without resource: the default audience, accepted by the API and the gateway alike", async () => {
    const { user, client } = await setup();
    const tokens = await exchange(client, await codeFor(user, client));
    expect(tokens.status, tokens.text).toBe(200);
    const token = tokens.json.access_token;
    expect(audienceOf(token)).toBe("platform-api:oauth");
    expect((await gatewayPing(token)).status).toBe(200);
    expect((await call("GET", "/ai/sessions", { token })).status).toBe(200);
    expect((await call("GET", "/oauth/userinfo", { token })).status).toBe(200);
  });

  it("for the gateway: aud is the gateway; the API and userinfo refuse it (401 invalid_token)", async () => {
    const { user, client } = await setup();
    const tokens = await exchange(client, await codeFor(user, client, GATEWAY));
    expect(tokens.status, tokens.text).toBe(200);
    const token = tokens.json.access_token;
    expect(audienceOf(token)).toBe(GATEWAY);
    const ping = await gatewayPing(token);
    expect(ping.status).toBe(200);
    expect(ping.body).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expectInvalidToken(await call("GET", "/ai/sessions", { token }), 'Bearer error="invalid_token"');
    const info = await call("GET", "/oauth/userinfo", { token });
    expect(info.status).toBe(401);
    expect(info.body).toEqual({ error: "invalid_token", error_description: expect.any(String) });
    expect(info.headers.get("WWW-Authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("for the API base: aud is the API; the gateway refuses it with its challenge (the API base is a prefix, not the gateway)", async () => {
    const { user, client } = await setup();
    const tokens = await exchange(client, await codeFor(user, client, API));
    const token = tokens.json.access_token;
    expect(audienceOf(token)).toBe(API);
    expect((await call("GET", "/ai/sessions", { token })).status).toBe(200);
    expect((await call("GET", "/oauth/userinfo", { token })).status).toBe(200);
    expectInvalidToken(
      await gatewayPing(token),
      `Bearer error="invalid_token", resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource"`,
    );
  });

  it("the resource is compared as a URL: a trailing slash and upper-case scheme or host name the same resource", async () => {
    const { user, client } = await setup();
    const tokens = await exchange(client, await codeFor(user, client, "HTTP://LOCALHOST/api/v1/mcp/"));
    expect(tokens.status, tokens.text).toBe(200);
    expect(audienceOf(tokens.json.access_token)).toBe(GATEWAY);
  });
});

describe("resource at /oauth/token", () => {
  it("authorization_code: only the authorized resource; anything else is invalid_target and leaves the code unspent", async () => {
    const { user, client } = await setup();
    const issued = await codeFor(user, client, GATEWAY);
    for (const resource of [API, "https://other.example/api/v1/mcp", "not a uri"]) {
      expectOAuthError(await exchange(client, issued, { resource }), 400, "invalid_target");
    }
    const auth = clientAuth(client);
    const twice = {
      grant_type: "authorization_code",
      code: issued.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: issued.verifier,
      resource: [GATEWAY, GATEWAY],
    };
    expectOAuthError(await postForm("token", { ...twice, ...auth.fields }, auth.headers), 400, "invalid_target");
    const tokens = await exchange(client, issued, { resource: GATEWAY });
    expect(tokens.status, tokens.text).toBe(200);
    expect(audienceOf(tokens.json.access_token)).toBe(GATEWAY);
  });

  it("authorization_code without a resource at authorize: the token request may name either of ours", async () => {
    const { user, client } = await setup();
    const tokens = await exchange(client, await codeFor(user, client), { resource: API });
    expect(tokens.status, tokens.text).toBe(200);
    expect(audienceOf(tokens.json.access_token)).toBe(API);
  });

  it("refresh_token: a grant for one resource keeps it and refuses the other without spending the token", async () => {
    const { user, client } = await setup();
    const first = await exchange(client, await codeFor(user, client, GATEWAY));
    const refused = await refresh(client, first.json.refresh_token, { resource: API });
    expectOAuthError(refused, 400, "invalid_target");
    expectOAuthError(
      await refresh(client, first.json.refresh_token, { resource: "https://other.example/" }),
      400,
      "invalid_target",
    );
    // Not spent: the same refresh token still works, and without resource the grant's is kept.
    const rotated = await refresh(client, first.json.refresh_token);
    expect(rotated.status, rotated.text).toBe(200);
    expect(audienceOf(rotated.json.access_token)).toBe(GATEWAY);
    const again = await refresh(client, rotated.json.refresh_token, { resource: GATEWAY });
    expect(again.status, again.text).toBe(200);
    expect(audienceOf(again.json.access_token)).toBe(GATEWAY);
  });

  it("refresh_token: a grant for no resource may narrow each token to either, and back to the default", async () => {
    const { user, client } = await setup();
    const first = await exchange(client, await codeFor(user, client));
    const forGateway = await refresh(client, first.json.refresh_token, { resource: GATEWAY });
    expect(audienceOf(forGateway.json.access_token)).toBe(GATEWAY);
    const forApi = await refresh(client, forGateway.json.refresh_token, { resource: API });
    expect(audienceOf(forApi.json.access_token)).toBe(API);
    const plain = await refresh(client, forApi.json.refresh_token);
    expect(audienceOf(plain.json.access_token)).toBe("platform-api:oauth");
  });

  it("client errors come before the resource's", async () => {
    const { user, client } = await setup();
    const first = await exchange(client, await codeFor(user, client));
    const wrongSecret = await postForm(
      "token",
      { grant_type: "refresh_token", refresh_token: first.json.refresh_token, resource: "https://other.example/" },
      { Authorization: basic(client.clientId, "ocs_wrong") },
    );
    expectOAuthError(wrongSecret, 401, "invalid_client");
  });
});
