import { exports } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { createUser } from "../helpers/api";
import { authorize, Browser, pkce, registerClient, type RegisteredClient } from "../helpers/oauth";

/** oauth4webapi talks to the Worker in-process; the issuer is the test origin (http, hence allowInsecureRequests). */
const ISSUER = new URL("http://localhost");
const transport = {
  [oauth.customFetch]: (url: string, init: RequestInit) => exports.default.fetch(new Request(url, init)),
  [oauth.allowInsecureRequests]: true,
};

async function discover(algorithm: "oauth2" | "oidc") {
  const response = await oauth.discoveryRequest(ISSUER, { algorithm, ...transport });
  return oauth.processDiscoveryResponse(ISSUER, response);
}

async function runFlow(registered: RegisteredClient, clientAuth: oauth.ClientAuth, algorithm: "oauth2" | "oidc") {
  const as = await discover(algorithm);
  expect(as.authorization_response_iss_parameter_supported).toBe(true);
  const client: oauth.Client = { client_id: registered.clientId };
  const user = await createUser({ name: "Grace Hopper" });
  const redirectUri = registered.redirectUris[0]!;

  // Authorization request through the real sign-in and consent forms.
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "email:read profile:read execution:run",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const callback = await authorize(user, Object.fromEntries(url.searchParams), "approve", new Browser());
  expect(callback.origin + callback.pathname).toBe(redirectUri);

  // The library checks `state` and RFC 9207 `iss`.
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const codeResponse = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    redirectUri,
    verifier,
    transport,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, codeResponse);
  expect(tokens.token_type).toBe("bearer");
  expect(tokens.expires_in).toBe(3600);
  expect(tokens.scope).toBe("email:read profile:read execution:run");
  expect(tokens.refresh_token).toMatch(/^ort_/);

  const infoResponse = await oauth.userInfoRequest(as, client, tokens.access_token, transport);
  const info = await oauth.processUserInfoResponse(as, client, user.id, infoResponse);
  expect(info).toEqual({
    sub: user.id,
    email: user.email,
    email_verified: false,
    name: "Grace Hopper",
    preferred_username: null,
  });

  // Rotation: the new refresh token works, the old one is spent.
  const rotatedResponse = await oauth.refreshTokenGrantRequest(
    as,
    client,
    clientAuth,
    tokens.refresh_token!,
    transport,
  );
  const rotated = await oauth.processRefreshTokenResponse(as, client, rotatedResponse);
  expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
  expect(rotated.access_token).not.toBe(tokens.access_token);

  // Reuse of the spent token: refused, and the whole family dies with it.
  const reuse = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, transport);
  await expect(oauth.processRefreshTokenResponse(as, client, reuse)).rejects.toMatchObject({
    error: "invalid_grant",
    status: 400,
  });
  const afterReuse = await oauth.refreshTokenGrantRequest(as, client, clientAuth, rotated.refresh_token!, transport);
  await expect(oauth.processRefreshTokenResponse(as, client, afterReuse)).rejects.toMatchObject({
    error: "invalid_grant",
  });
  for (const accessToken of [tokens.access_token, rotated.access_token]) {
    const denied = await oauth.userInfoRequest(as, client, accessToken, transport);
    expect(denied.status).toBe(401);
    expect(denied.headers.get("WWW-Authenticate")).toMatch(/^Bearer error="invalid_token"/);
  }
  return { as, client, user };
}

/** A second grant, then revocation of its access token and of its refresh token. */
async function revokeFlow(registered: RegisteredClient, clientAuth: oauth.ClientAuth) {
  const as = await discover("oauth2");
  const client: oauth.Client = { client_id: registered.clientId };
  const user = await createUser();
  const { verifier, challenge } = await pkce();
  const callback = await authorize(user, {
    client_id: client.client_id,
    redirect_uri: registered.redirectUris[0],
    response_type: "code",
    scope: "email:read",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      registered.redirectUris[0]!,
      verifier,
      transport,
    ),
  );

  await oauth.processRevocationResponse(
    await oauth.revocationRequest(as, client, clientAuth, tokens.access_token, transport),
  );
  expect((await oauth.userInfoRequest(as, client, tokens.access_token, transport)).status).toBe(401);

  await oauth.processRevocationResponse(
    await oauth.revocationRequest(as, client, clientAuth, tokens.refresh_token!, {
      ...transport,
      additionalParameters: { token_type_hint: "refresh_token" },
    }),
  );
  const refreshed = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, transport);
  await expect(oauth.processRefreshTokenResponse(as, client, refreshed)).rejects.toMatchObject({
    error: "invalid_grant",
  });
}

describe("end to end with oauth4webapi", () => {
  it("confidential client (client_secret_basic), OAuth 2.0 metadata", async () => {
    const registered = await registerClient();
    await runFlow(registered, oauth.ClientSecretBasic(registered.clientSecret!), "oauth2");
  });

  it("public client (none), OpenID-style metadata", async () => {
    const registered = await registerClient({
      clientType: "public",
      redirectUris: ["http://127.0.0.1:53682/callback"],
    });
    expect(registered.clientSecret).toBeUndefined();
    await runFlow(registered, oauth.None(), "oidc");
  });

  it("revocation of access and refresh tokens, confidential and public", async () => {
    const confidential = await registerClient();
    await revokeFlow(confidential, oauth.ClientSecretBasic(confidential.clientSecret!));
    const pub = await registerClient({ clientType: "public" });
    await revokeFlow(pub, oauth.None());
  });
});
