import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { purgeOAuth } from "../../src/domains/oauth/purge";
import { discoveryDocument, userInfoResponse } from "../../src/domains/oauth/schemas";
import { call, createUser, expectShape } from "../helpers/api";
import {
  authorizeUrl,
  basic,
  Browser,
  clientAuth,
  exchange,
  expectOAuthError,
  hiddenFields,
  issueCode,
  OAUTH,
  pkce,
  postForm,
  REDIRECT_URI,
  refresh,
  registerClient,
} from "../helpers/oauth";
import { awaitMail } from "../helpers/outbox";

describe("discovery", () => {
  it("serves identical documents at both addresses with exactly the specified fields", async () => {
    const oidc = await call("GET", "/.well-known/openid-configuration");
    const oauth = await call("GET", "/.well-known/oauth-authorization-server");
    for (const res of [oidc, oauth]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expectShape(discoveryDocument, res.body);
    }
    expect(oauth.body).toEqual(oidc.body);
    expect(oidc.body).toEqual({
      issuer: "http://localhost",
      authorization_endpoint: "http://localhost/api/v1/oauth/authorize",
      token_endpoint: "http://localhost/api/v1/oauth/token",
      revocation_endpoint: "http://localhost/api/v1/oauth/revoke",
      userinfo_endpoint: "http://localhost/api/v1/oauth/userinfo",
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "none"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["email:read", "profile:read", "execution:run", "wallet:read", "ai:capabilities"],
      subject_types_supported: ["public"],
      claims_supported: ["sub", "email", "email_verified", "name", "preferred_username"],
      authorization_response_iss_parameter_supported: true,
      // CONTRACT "Capabilities over MCP": clients may identify by a Client ID Metadata Document.
      client_id_metadata_document_supported: true,
    });
  });

  it("the issuer is byte-identical to the access token's iss", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client));
    const payload = JSON.parse(atob(tokens.json.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    const header = JSON.parse(atob(tokens.json.access_token.split(".")[0].replace(/-/g, "+").replace(/_/g, "/")));
    const discovery = await call("GET", "/.well-known/openid-configuration");
    expect(payload.iss).toBe(discovery.body.issuer);
    expect(header).toEqual({ alg: "HS256", typ: "at+jwt" });
    expect(Object.keys(payload).sort()).toEqual(["aud", "client_id", "exp", "iat", "iss", "jti", "scope", "sub"]);
    expect(payload).toMatchObject({
      sub: user.id,
      aud: "platform-api:oauth",
      client_id: client.clientId,
      scope: "email:read profile:read",
    });
    expect(payload.exp - payload.iat).toBe(3600);
  });
});

describe("GET /oauth/userinfo", () => {
  it.each([
    ["email:read", ["email", "email_verified", "sub"]],
    ["profile:read", ["name", "preferred_username", "sub"]],
    ["execution:run wallet:read", ["sub"]],
    ["email:read profile:read", ["email", "email_verified", "name", "preferred_username", "sub"]],
  ])("releases only what %s grants", async (scope, keys) => {
    const [user, client] = await Promise.all([createUser({ name: "Lin" }), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client, { scope }));
    const res = await call("GET", "/oauth/userinfo", { token: tokens.json.access_token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(Object.keys(expectShape(userInfoResponse, res.body)).sort()).toEqual(keys);
    expect(res.body.sub).toBe(user.id);
  });

  it.each([
    ["no Authorization header", {}],
    ["another scheme", { Authorization: "Basic YTpi" }],
    ["a Bearer scheme without a token", { Authorization: "Bearer " }],
  ])("%s: 401 with a bare Bearer challenge (RFC 6750 §3.1)", async (_name, headers) => {
    const res = await call("GET", "/oauth/userinfo", { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toEqual({ error: "invalid_token", error_description: "A bearer access token is required" });
  });

  it('a bad, expired or revoked token: 401 with error="invalid_token" in the challenge', async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const [live, revoked] = await Promise.all([
      exchange(client, await issueCode(user, client)),
      exchange(client, await issueCode(user, client)),
    ]);
    await postForm(
      "revoke",
      { token: revoked.json.access_token },
      { Authorization: basic(client.clientId, client.clientSecret!) },
    );
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ client_id: client.clientId, scope: "email:read" })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuer("http://localhost")
      .setSubject(user.id)
      .setAudience("platform-api:oauth")
      .setJti(crypto.randomUUID())
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await call("GET", "/oauth/userinfo", { token: live.json.access_token })).status).toBe(200);
    for (const token of ["not-a-jwt", expired, revoked.json.access_token, user.accessToken]) {
      const res = await call("GET", "/oauth/userinfo", { token });
      expect(res.status, token).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe(
        'Bearer error="invalid_token", error_description="The access token is invalid, expired or revoked"',
      );
      expect(res.body).toEqual({
        error: "invalid_token",
        error_description: "The access token is invalid, expired or revoked",
      });
    }
  });

  it("the auth scheme is case-insensitive (RFC 9110 §11.1)", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client));
    for (const scheme of ["bearer", "BEARER", "Bearer"]) {
      const res = await call("GET", "/oauth/userinfo", {
        headers: { Authorization: `${scheme} ${tokens.json.access_token}` },
      });
      expect(res.status, scheme).toBe(200);
      expect(res.body.sub).toBe(user.id);
    }
  });
});

describe("the token endpoint's form (read by hand: src/domains/oauth/forms.ts)", () => {
  it("a parameter it reads, sent twice, is invalid_request and spends nothing; unknown ones are ignored, repeated or not", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    const auth = clientAuth(client);
    const fields = {
      grant_type: "authorization_code",
      code: issued.code,
      redirect_uri: issued.redirectUri,
      code_verifier: issued.verifier,
      ...auth.fields,
    };
    const twice = await postForm(
      "token",
      { ...fields, code_verifier: [issued.verifier, issued.verifier] },
      auth.headers,
    );
    expectOAuthError(twice, 400, "invalid_request");
    expect(twice.json.error_description).toBe("Parameter code_verifier is repeated");
    // The code was not spent: the same exchange, with made-up parameters beside it, succeeds.
    const tokens = await postForm("token", { ...fields, made_up: ["a", "b"], audience: "x" }, auth.headers);
    expect(tokens.status, tokens.text).toBe(200);
    expect(tokens.json.token_type).toBe("Bearer");
  });

  it("revocation reads its form the same way: a repeated token is invalid_request", async () => {
    const client = await registerClient();
    const res = await postForm(
      "revoke",
      { token: ["ort_a", "ort_b"] },
      { Authorization: basic(client.clientId, client.clientSecret!) },
    );
    expectOAuthError(res, 400, "invalid_request");
    expect(res.json.error_description).toBe("Parameter token is repeated");
  });
});

describe("POST /oauth/revoke", () => {
  it("is 200 for unknown tokens and ignores foreign ones", async () => {
    const [user, owner, other] = await Promise.all([createUser(), registerClient(), registerClient()]);
    const tokens = await exchange(owner, await issueCode(user, owner));
    const otherAuth = { Authorization: basic(other.clientId, other.clientSecret!) };
    for (const token of ["ort_unknown", "a.b.c", tokens.json.refresh_token, tokens.json.access_token]) {
      const res = await postForm("revoke", { token }, otherAuth);
      expect(res.status).toBe(200);
      expect(res.text).toBe("");
    }
    // Nothing of the owner's was touched.
    expect((await call("GET", "/oauth/userinfo", { token: tokens.json.access_token })).status).toBe(200);
    expect((await refresh(owner, tokens.json.refresh_token)).status).toBe(200);
  });

  it("revoking a refresh token ends its whole family, access tokens included", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const first = await exchange(client, await issueCode(user, client));
    const second = await refresh(client, first.json.refresh_token);
    const auth = { Authorization: basic(client.clientId, client.clientSecret!) };
    expect(
      (await postForm("revoke", { token: second.json.refresh_token, token_type_hint: "refresh_token" }, auth)).status,
    ).toBe(200);
    expectOAuthError(await refresh(client, second.json.refresh_token), 400, "invalid_grant");
    for (const token of [first.json.access_token, second.json.access_token]) {
      expect((await call("GET", "/oauth/userinfo", { token })).status).toBe(401);
    }
  });

  it("needs client authentication and a token", async () => {
    const client = await registerClient();
    expectOAuthError(await postForm("revoke", { token: "x" }), 401, "invalid_client");
    expectOAuthError(
      await postForm("revoke", { token: "x" }, { Authorization: basic(client.clientId, "wrong") }),
      401,
      "invalid_client",
    );
    expectOAuthError(
      await postForm("revoke", {}, { Authorization: basic(client.clientId, client.clientSecret!) }),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await postForm("revoke", { token: ["a", "b"] }, { Authorization: basic(client.clientId, client.clientSecret!) }),
      400,
      "invalid_request",
    );
  });

  it("client authentication both ways at once is invalid_request, and revokes nothing", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client));
    const auth = { Authorization: basic(client.clientId, client.clientSecret!) };
    const extras: Record<string, string>[] = [{ client_id: client.clientId }, { client_secret: client.clientSecret! }];
    for (const extra of extras) {
      const res = await postForm("revoke", { token: tokens.json.refresh_token, ...extra }, auth);
      expectOAuthError(res, 400, "invalid_request");
      expect(res.json.error_description).toBe("Use exactly one client authentication method");
    }
    expect((await refresh(client, tokens.json.refresh_token)).status).toBe(200);
  });
});

describe("cron purge", () => {
  const LONG_AGO = "2000-01-01T00:00:00.000Z";
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();
  const purge = () => purgeOAuth(createDb(env.DB));
  const count = async (sql: string, ...binds: string[]) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
      .bind(...binds)
      .first<{ n: number }>())!.n;
  const sha256Hex = async (value: string) =>
    [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");

  /** The grant (refresh-token family) an access token was issued under. */
  async function grantOf(accessToken: string) {
    const { jti } = JSON.parse(atob(accessToken.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return (await env.DB.prepare("SELECT grant_id FROM oauth_access_tokens WHERE jti = ?")
      .bind(jti)
      .first<{ grant_id: string }>())!.grant_id;
  }

  it("codes stay 24 h past expiry (a late replay still revokes), then go; a grant with nothing left goes", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const recentCode = await issueCode(user, client);
    const recent = await exchange(client, recentCode);
    const stale = await exchange(client, await issueCode(user, client));
    const [recentGrant, staleGrant] = [await grantOf(recent.json.access_token), await grantOf(stale.json.access_token)];
    await env.DB.batch([
      env.DB.prepare("UPDATE oauth_codes SET expires_at = ? WHERE grant_id = ?").bind(hoursAgo(23), recentGrant),
      env.DB.prepare("UPDATE oauth_codes SET expires_at = ? WHERE grant_id = ?").bind(hoursAgo(25), staleGrant),
      env.DB.prepare("UPDATE oauth_refresh_tokens SET expires_at = ? WHERE grant_id = ?").bind(LONG_AGO, staleGrant),
      env.DB.prepare("UPDATE oauth_access_tokens SET expires_at = ? WHERE grant_id = ?").bind(LONG_AGO, staleGrant),
      env.DB.prepare("UPDATE oauth_grants SET created_at = ? WHERE id = ?").bind(LONG_AGO, staleGrant),
    ]);
    await purge();
    expect(await count("oauth_codes WHERE grant_id = ?", staleGrant)).toBe(0);
    expect(await count("oauth_refresh_tokens WHERE grant_id = ?", staleGrant)).toBe(0);
    expect(await count("oauth_grants WHERE id = ?", staleGrant)).toBe(0);

    expect(await count("oauth_codes WHERE code_hash = ?", await sha256Hex(recentCode.code))).toBe(1);
    expectOAuthError(await exchange(client, recentCode), 400, "invalid_grant");
    expectOAuthError(await refresh(client, recent.json.refresh_token), 400, "invalid_grant");
  });

  it("a revoked family's tokens and code go at once; a live family's consumed token stays, and its reuse still revokes", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const liveFirst = await exchange(client, await issueCode(user, client));
    const liveSecond = await refresh(client, liveFirst.json.refresh_token);
    const revokedFirst = await exchange(client, await issueCode(user, client));
    const revokedSecond = await refresh(client, revokedFirst.json.refresh_token);
    await postForm(
      "revoke",
      { token: revokedSecond.json.refresh_token },
      { Authorization: basic(client.clientId, client.clientSecret!) },
    );
    const [liveGrant, revokedGrant] = [
      await grantOf(liveFirst.json.access_token),
      await grantOf(revokedFirst.json.access_token),
    ];

    await purge();
    expect(await count("oauth_refresh_tokens WHERE grant_id = ?", revokedGrant)).toBe(0);
    expect(await count("oauth_codes WHERE grant_id = ?", revokedGrant)).toBe(0);
    expect(await count("oauth_access_tokens WHERE grant_id = ?", revokedGrant)).toBe(0);
    // The revoked family's access tokens stay denied (the deny-list is separate).
    expect((await call("GET", "/oauth/userinfo", { token: revokedSecond.json.access_token })).status).toBe(401);

    expect(await count("oauth_refresh_tokens WHERE grant_id = ? AND consumed_at IS NOT NULL", liveGrant)).toBe(1);
    expect(await count("oauth_refresh_tokens WHERE grant_id = ? AND consumed_at IS NULL", liveGrant)).toBe(1);
    expect((await call("GET", "/oauth/userinfo", { token: liveSecond.json.access_token })).status).toBe(200);
    expectOAuthError(await refresh(client, liveFirst.json.refresh_token), 400, "invalid_grant");
    expectOAuthError(await refresh(client, liveSecond.json.refresh_token), 400, "invalid_grant");
    expect((await call("GET", "/oauth/userinfo", { token: liveSecond.json.access_token })).status).toBe(401);
  });

  it("a family whose live token has expired loses its consumed tokens too", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const first = await exchange(client, await issueCode(user, client));
    const second = await refresh(client, first.json.refresh_token);
    const grant = await grantOf(first.json.access_token);
    await env.DB.prepare("UPDATE oauth_refresh_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(LONG_AGO, await sha256Hex(second.json.refresh_token))
      .run();
    expect(await count("oauth_refresh_tokens WHERE grant_id = ?", grant)).toBe(2);
    await purge();
    expect(await count("oauth_refresh_tokens WHERE grant_id = ?", grant)).toBe(0);
  });

  it("expired and finished flows go with their magic links; a live flow and its link stay", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    let since = "";
    /** Starts a flow and requests a sign-in link for it; returns the flow id. */
    async function flowWithLink() {
      const browser = new Browser();
      const start = await browser.get(
        authorizeUrl({
          client_id: client.clientId,
          redirect_uri: REDIRECT_URI,
          response_type: "code",
          scope: "email:read",
          code_challenge: (await pkce()).challenge,
          code_challenge_method: "S256",
        }),
      );
      const fields = hiddenFields((await browser.get(start.headers.get("Location")!)).text);
      expect((await browser.post(`${OAUTH}/magic-link`, { ...fields, email: user.email })).status).toBe(303);
      // The link is written just after the answer leaves (so its timing reveals nothing).
      await awaitMail(user.email, /^Sign in/, { after: since });
      since = new Date().toISOString();
      return fields.flow!;
    }
    const [expired, live] = [await flowWithLink(), await flowWithLink()];
    await issueCode(user, client);
    const finished = (await env.DB.prepare("SELECT id FROM oauth_flows WHERE user_id = ? AND completed_at IS NOT NULL")
      .bind(user.id)
      .first<{ id: string }>())!.id;
    await env.DB.prepare("UPDATE oauth_flows SET expires_at = ? WHERE id = ?").bind(LONG_AGO, expired).run();
    expect(await count("oauth_magic_links WHERE flow_id IN (?, ?)", expired, live)).toBe(2);

    await purge();
    expect(await count("oauth_flows WHERE id IN (?, ?)", expired, finished)).toBe(0);
    expect(await count("oauth_magic_links WHERE flow_id = ?", expired)).toBe(0);
    expect(await count("oauth_flows WHERE id = ?", live)).toBe(1);
    expect(await count("oauth_magic_links WHERE flow_id = ?", live)).toBe(1);
  });
});
