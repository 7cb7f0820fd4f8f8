import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { call, createUser } from "../helpers/api";
import {
  authorizeUrl,
  basic,
  Browser,
  exchange,
  expectOAuthError,
  issueCode,
  pkce,
  postForm,
  refresh,
  REDIRECT_URI,
  registerClient,
} from "../helpers/oauth";

const userinfoStatus = async (token: string) => (await call("GET", "/oauth/userinfo", { token })).status;

describe("authorization code attacks", () => {
  it("code replay fails and revokes every token issued from the code", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    const first = await exchange(client, issued);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(await userinfoStatus(first.json.access_token)).toBe(200);

    expectOAuthError(await exchange(client, issued), 400, "invalid_grant");
    expect(await userinfoStatus(first.json.access_token)).toBe(401);
    expectOAuthError(await refresh(client, first.json.refresh_token), 400, "invalid_grant");
  });

  it("a concurrent double exchange gives exactly one 200", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    const results = await Promise.all([exchange(client, issued), exchange(client, issued), exchange(client, issued)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const loser of results.filter((r) => r.status !== 200)) expectOAuthError(loser, 400, "invalid_grant");
  });

  it("a wrong verifier fails without consuming the code", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    const { verifier: other } = await pkce();
    expectOAuthError(await exchange(client, { ...issued, verifier: other }), 400, "invalid_grant");
    expect((await exchange(client, issued)).status).toBe(200);
  });

  it("a malformed or missing verifier is invalid_request", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    expectOAuthError(await exchange(client, { ...issued, verifier: "too-short" }), 400, "invalid_request");
    expectOAuthError(await exchange(client, { ...issued, verifier: `${"a".repeat(42)}!` }), 400, "invalid_request");
    expectOAuthError(await exchange(client, { ...issued, verifier: "" }), 400, "invalid_request");
  });

  it("a verifier cannot stand in for a missing challenge: authorize refuses requests without PKCE", async () => {
    const client = await registerClient();
    const browser = new Browser();
    const res = await browser.get(
      authorizeUrl({
        client_id: client.clientId,
        redirect_uri: REDIRECT_URI,
        response_type: "code",
        scope: "email:read",
        state: "s1",
      }),
    );
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("Location")!);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("state")).toBe("s1");
  });

  it("plain and a missing method are refused", async () => {
    const client = await registerClient();
    const { challenge } = await pkce();
    const base = {
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "email:read",
      code_challenge: challenge,
    };
    for (const method of ["plain", undefined, "s256"]) {
      const res = await new Browser().get(authorizeUrl({ ...base, code_challenge_method: method }));
      expect(new URL(res.headers.get("Location")!).searchParams.get("error")).toBe("invalid_request");
    }
  });

  it("redirect_uri must match byte for byte, at authorize (error page) and at the token endpoint", async () => {
    const client = await registerClient({ redirectUris: [REDIRECT_URI, "http://127.0.0.1:8080/cb"] });
    const { challenge } = await pkce();
    const variants = [
      `${REDIRECT_URI}/`,
      "https://CLIENT.example.com/callback",
      "https://client.example.com/Callback",
      `${REDIRECT_URI}?extra=1`,
      "https://client.example.com:8443/callback",
      "http://127.0.0.1:8081/cb",
      "http://localhost:8080/cb",
    ];
    for (const redirectUri of variants) {
      const res = await new Browser().get(
        authorizeUrl({
          client_id: client.clientId,
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "email:read",
          code_challenge: challenge,
          code_challenge_method: "S256",
        }),
      );
      expect(res.status, redirectUri).toBe(400);
      expect(res.headers.get("Location")).toBeNull();
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    }

    const user = await createUser();
    const issued = await issueCode(user, client);
    for (const redirectUri of [`${REDIRECT_URI}/`, `${REDIRECT_URI}?extra=1`, "http://127.0.0.1:8080/cb"]) {
      expectOAuthError(await exchange(client, { ...issued, redirectUri }), 400, "invalid_grant");
    }
    expect((await exchange(client, issued)).status).toBe(200);
  });

  it("another client's code or refresh token is invalid_grant, and stays usable by its owner", async () => {
    const [user, owner, thief] = await Promise.all([createUser(), registerClient(), registerClient()]);
    const issued = await issueCode(user, owner);
    expectOAuthError(await exchange(thief, issued), 400, "invalid_grant");
    const tokens = await exchange(owner, issued);
    expect(tokens.status).toBe(200);
    expectOAuthError(await refresh(thief, tokens.json.refresh_token), 400, "invalid_grant");
    expect((await refresh(owner, tokens.json.refresh_token)).status).toBe(200);
  });

  it("an expired code is invalid_grant", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(issued.code)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    await env.DB.prepare("UPDATE oauth_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE code_hash = ?")
      .bind(hash)
      .run();
    expectOAuthError(await exchange(client, issued), 400, "invalid_grant");
  });
});

describe("token endpoint requests", () => {
  it("missing parameters are invalid_request; unknown grant types unsupported_grant_type", async () => {
    const client = await registerClient();
    const auth = { Authorization: basic(client.clientId, client.clientSecret!) };
    expectOAuthError(await postForm("token", {}, auth), 400, "invalid_request");
    expectOAuthError(
      await postForm(
        "token",
        { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code_verifier: "a".repeat(43) },
        auth,
      ),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await postForm("token", { grant_type: "authorization_code", code: "x", code_verifier: "a".repeat(43) }, auth),
      400,
      "invalid_request",
    );
    expectOAuthError(await postForm("token", { grant_type: "refresh_token" }, auth), 400, "invalid_request");
    for (const grantType of [
      "client_credentials",
      "password",
      "implicit",
      "urn:ietf:params:oauth:grant-type:device_code",
    ]) {
      expectOAuthError(await postForm("token", { grant_type: grantType }, auth), 400, "unsupported_grant_type");
    }
    expectOAuthError(
      await postForm(
        "token",
        { grant_type: "authorization_code", code: "nope", redirect_uri: REDIRECT_URI, code_verifier: "a".repeat(43) },
        auth,
      ),
      400,
      "invalid_grant",
    );
  });

  it("duplicated parameters are invalid_request", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const issued = await issueCode(user, client);
    expectOAuthError(
      await exchange(client, issued, { redirect_uri: [REDIRECT_URI, REDIRECT_URI] as unknown as string }),
      400,
      "invalid_request",
    );
    expectOAuthError(
      await exchange(client, issued, { code: [issued.code, issued.code] as unknown as string }),
      400,
      "invalid_request",
    );
    expect((await exchange(client, issued)).status).toBe(200);
  });

  it("accepts a charset parameter; refuses other content types with invalid_request", async () => {
    const client = await registerClient();
    const auth = { Authorization: basic(client.clientId, client.clientSecret!) };
    const withCharset = await postForm(
      "token",
      { grant_type: "password" },
      { ...auth, "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
    );
    expectOAuthError(withCharset, 400, "unsupported_grant_type");
    const json = await postForm("token", {}, { ...auth, "Content-Type": "application/json" });
    expectOAuthError(json, 400, "invalid_request");
  });

  it("client authentication: pinned method, one method at a time, URL-decoded Basic", async () => {
    const [confidential, pub] = await Promise.all([registerClient(), registerClient({ clientType: "public" })]);
    const grant = { grant_type: "refresh_token", refresh_token: "ort_unknown" };
    const good = basic(confidential.clientId, confidential.clientSecret!);
    // Both at once.
    expectOAuthError(
      await postForm("token", { ...grant, client_id: confidential.clientId }, { Authorization: good }),
      400,
      "invalid_request",
    );
    // Wrong secret, unknown client, malformed header.
    expectOAuthError(
      await postForm("token", grant, { Authorization: basic(confidential.clientId, "ocs_wrong") }),
      401,
      "invalid_client",
    );
    expectOAuthError(
      await postForm("token", grant, { Authorization: basic(crypto.randomUUID(), "x") }),
      401,
      "invalid_client",
    );
    expectOAuthError(await postForm("token", grant, { Authorization: "Basic !!!" }), 401, "invalid_client");
    expectOAuthError(await postForm("token", grant, { Authorization: "Bearer abc" }), 401, "invalid_client");
    // A confidential client without its secret; a public client with Basic; client_secret_post.
    expectOAuthError(await postForm("token", { ...grant, client_id: confidential.clientId }), 401, "invalid_client");
    expectOAuthError(await postForm("token", grant, { Authorization: basic(pub.clientId, "") }), 401, "invalid_client");
    expectOAuthError(
      await postForm("token", {
        ...grant,
        client_id: confidential.clientId,
        client_secret: confidential.clientSecret!,
      }),
      401,
      "invalid_client",
    );
    expectOAuthError(await postForm("token", grant), 401, "invalid_client");
    // Authenticated: the grant itself is what fails. Basic credentials are form-decoded (%2D is "-").
    const encodedId = confidential.clientId.replace(/-/g, "%2D");
    const encoded = `Basic ${btoa(`${encodedId}:${confidential.clientSecret!.replace(/_/g, "%5F")}`)}`;
    expectOAuthError(await postForm("token", grant, { Authorization: encoded }), 400, "invalid_grant");
    expectOAuthError(await postForm("token", { ...grant, client_id: pub.clientId }), 400, "invalid_grant");
  });

  it("every token response, of both grants and both client types, carries a refresh token that works", async () => {
    const [user, confidential, pub] = await Promise.all([
      createUser(),
      registerClient(),
      registerClient({ clientType: "public" }),
    ]);
    for (const client of [confidential, pub]) {
      const issued = await exchange(client, await issueCode(user, client));
      expect(Object.keys(issued.json).sort()).toEqual([
        "access_token",
        "expires_in",
        "refresh_token",
        "scope",
        "token_type",
      ]);
      expect(issued.json.refresh_token).toMatch(/^ort_[\w-]{43}$/);
      const rotated = await refresh(client, issued.json.refresh_token);
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.json.refresh_token).toMatch(/^ort_[\w-]{43}$/);
      expect(rotated.json.refresh_token).not.toBe(issued.json.refresh_token);
      expect((await refresh(client, rotated.json.refresh_token)).status).toBe(200);
    }
  });
});

describe("refresh token attacks", () => {
  it("scope may narrow but never widen", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client, { scope: "email:read profile:read" }));
    expectOAuthError(
      await refresh(client, tokens.json.refresh_token, { scope: "email:read execution:run" }),
      400,
      "invalid_scope",
    );
    expectOAuthError(await refresh(client, tokens.json.refresh_token, { scope: "wallet:read" }), 400, "invalid_scope");
    // The failed attempts did not spend the token.
    const narrowed = await refresh(client, tokens.json.refresh_token, { scope: "email:read" });
    expect(narrowed.status).toBe(200);
    expect(narrowed.json.scope).toBe("email:read");
    const info = await call("GET", "/oauth/userinfo", { token: narrowed.json.access_token });
    expect(Object.keys(info.body).sort()).toEqual(["email", "email_verified", "sub"]);
    // The grant keeps its scope: a later refresh without `scope` gets all of it back, never more.
    const again = await refresh(client, narrowed.json.refresh_token);
    expect(again.json.scope).toBe("email:read profile:read");
  });

  it("an expired refresh token is invalid_grant", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client));
    const hash = [
      ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(tokens.json.refresh_token))),
    ]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    await env.DB.prepare("UPDATE oauth_refresh_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE token_hash = ?")
      .bind(hash)
      .run();
    expectOAuthError(await refresh(client, tokens.json.refresh_token), 400, "invalid_grant");
  });

  it("concurrent use of one refresh token: one 200, and the family is revoked", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client));
    const results = await Promise.all([
      refresh(client, tokens.json.refresh_token),
      refresh(client, tokens.json.refresh_token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200)!;
    expectOAuthError(await refresh(client, winner.json.refresh_token), 400, "invalid_grant");
  });
});

describe("access token forgery", () => {
  const secret = new TextEncoder().encode(env.JWT_SECRET);
  const claims = (userId: string, clientId: string) => ({
    client_id: clientId,
    scope: "email:read execution:run",
    sub: userId,
    aud: "platform-api:oauth",
    iss: "http://localhost",
    jti: crypto.randomUUID(),
  });
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

  it("alg none, tampered payloads, wrong keys, expired and first-party tokens are invalid_token", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const tokens = await exchange(client, await issueCode(user, client));
    const [header, payload, signature] = tokens.json.access_token.split(".");
    const now = Math.floor(Date.now() / 1000);

    const unsigned = `${b64({ alg: "none", typ: "at+jwt" })}.${b64({ ...claims(user.id, client.clientId), iat: now, exp: now + 600 })}.`;
    const widened = `${header}.${b64({ ...JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))), scope: "email:read profile:read wallet:read" })}.${signature}`;
    const otherKey = await new SignJWT({ ...claims(user.id, client.clientId) })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret-of-sufficient-length"));
    const expired = await new SignJWT({ ...claims(user.id, client.clientId) })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret);
    const wrongType = await new SignJWT({ ...claims(user.id, client.clientId) })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);

    for (const token of [unsigned, widened, otherKey, expired, wrongType, user.accessToken, "not-a-jwt"]) {
      const res = await call("GET", "/oauth/userinfo", { token });
      expect(res.status, token).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer error="invalid_token"/);
      expect(res.body.error).toBe("invalid_token");
    }
    // A correctly signed, fresh OAuth token passes: the forgeries above failed on their own merits.
    const genuine = await new SignJWT({ ...claims(user.id, client.clientId) })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);
    expect(await userinfoStatus(genuine)).toBe(200);
  });

  it("OAuth and first-party tokens cannot be confused at the API", async () => {
    const [user, client] = await Promise.all([createUser(), registerClient()]);
    const runner = await exchange(client, await issueCode(user, client, { scope: "execution:run" }));
    const reader = await exchange(client, await issueCode(user, client, { scope: "email:read" }));
    // First-party-only routes refuse OAuth tokens whatever their scope.
    const me = await call("GET", "/me", { token: runner.json.access_token });
    expect(me.status).toBe(403);
    expect(me.headers.get("WWW-Authenticate")).toMatch(/insufficient_scope/);
    // The AI endpoints admit exactly the tokens holding execution:run.
    expect((await call("GET", "/ai/sessions", { token: runner.json.access_token })).status).toBe(200);
    const denied = await call("GET", "/ai/sessions", { token: reader.json.access_token });
    expect(denied.status).toBe(403);
    expect(denied.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope", scope="execution:run"');
    // A revoked OAuth token is refused by the API as well.
    await postForm(
      "revoke",
      { token: runner.json.access_token },
      { Authorization: basic(client.clientId, client.clientSecret!) },
    );
    expect((await call("GET", "/ai/sessions", { token: runner.json.access_token })).status).toBe(401);
  });
});
