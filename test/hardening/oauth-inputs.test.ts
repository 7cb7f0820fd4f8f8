import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../src/limits";
import { call, createUser, expectFieldError, uniqueIp } from "../helpers/api";
import {
  authorizeUrl,
  basic,
  Browser,
  expectOAuthError,
  issueCode,
  OAUTH,
  partnerKey,
  pkce,
  registerClient,
} from "../helpers/oauth";

/** Issue 10, points 1 and 4: redirect URIs that are not URIs, and oversized OAuth bodies. */
describe("redirect URIs at registration", () => {
  const register = async (redirectUri: string) =>
    call("POST", "/partner/oauth-clients", {
      token: await partnerKey(),
      ip: uniqueIp(),
      body: {
        clientName: "Probe",
        redirectUris: [redirectUri],
        grantTypes: ["authorization_code", "refresh_token"],
        allowedScopes: ["email:read"],
      },
    });

  it.each([
    ["CR LF (header injection)", "https://a.example/cb\r\nX: y"],
    ["NUL", "https://a.example/cb\u0000"],
    ["tab", "https://a.example/c\tb"],
    ["DEL", "https://a.example/cb\u007f"],
    ["space", "https://a.example/c b"],
    ["non-ASCII path", "https://app.example/callback/日本"],
    ["non-ASCII host", "https://bücher.example/cb"],
    ["upper-case host", "https://A.example/cb"],
    ["no path", "https://a.example"],
  ])("refuses %s", async (_, uri) => {
    expectFieldError(await register(uri), "redirectUris.0", /valid URI/);
  });

  it("accepts the percent-encoded form, and the redirect adds code, state and iss without re-encoding", async () => {
    const uri = "https://app.example/callback/%E6%97%A5%E6%9C%AC?x=%20y";
    expect((await register(uri)).status).toBe(201);
    const [user, client] = await Promise.all([createUser(), registerClient({ redirectUris: [uri] })]);
    const issued = await issueCode(user, client, { redirectUri: uri, state: "a b&c" });
    expect(issued.redirectUri).toBe(uri);

    const { challenge } = await pkce();
    const res = await new Browser().get(
      authorizeUrl({
        client_id: client.clientId,
        redirect_uri: uri,
        response_type: "code",
        scope: "email:read",
        state: "a b",
        code_challenge: challenge,
        code_challenge_method: "plain",
      }),
    );
    const location = res.headers.get("Location")!;
    expect(location.startsWith(`${uri}&error=invalid_request&`)).toBe(true);
    const back = new URL(location);
    expect(back.searchParams.get("state")).toBe("a b");
    expect(back.searchParams.get("iss")).toBe("http://localhost");
    expect(location).not.toContain("%25");
  });

  it("a URI stored before these rules is shown as an error page, never a 500 or a broken Location", async () => {
    const bad = "https://a.example/cb\r\nX: y";
    const client = await registerClient();
    await env.DB.prepare("UPDATE oauth_clients SET redirect_uris = ? WHERE id = ?")
      .bind(JSON.stringify([bad]), client.clientId)
      .run();
    const { challenge } = await pkce();
    const res = await new Browser().get(
      authorizeUrl({
        client_id: client.clientId,
        redirect_uri: bad,
        response_type: "code",
        scope: "email:read",
        code_challenge: challenge,
        code_challenge_method: "plain",
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});

describe("oversized bodies at the OAuth endpoints", () => {
  const oversized = `grant_type=refresh_token&refresh_token=${"x".repeat(MAX_BODY_BYTES)}`;

  it.each(["token", "revoke"])(
    "/oauth/%s answers 413 in the OAuth error shape, no-store, with CORS",
    async (endpoint) => {
      const client = await registerClient();
      const response = await exports.default.fetch(
        new Request(`${OAUTH}/${endpoint}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Authorization: basic(client.clientId, client.clientSecret!),
            Origin: "https://spa.example.com",
            "CF-Connecting-IP": uniqueIp(),
          },
          body: oversized,
        }),
      );
      const text = await response.text();
      expectOAuthError(
        { status: response.status, headers: response.headers, text, json: JSON.parse(text) },
        413,
        "invalid_request",
      );
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    },
  );

  it("a sign-in form that is too large is a page, not JSON", async () => {
    const response = await exports.default.fetch(
      new Request(`${OAUTH}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
        body: oversized,
      }),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});
