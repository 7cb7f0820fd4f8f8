import { expect } from "vitest";
import type { SaasConnector } from "../../../src/domains/connectors/adapters/saas";
import { DEAD_REFRESH_TOKEN } from "../fakes/oauth-server";
import type { FakeOAuthServer } from "../fakes/oauth-server";
import { authorizeCode, REDIRECT_URI, tokenRequest } from "./helpers";

/** The Google hand-off against a Google fake: URLs, offline access, PKCE, exchange, refresh, dead grant. */
export async function checkGoogleOAuth(
  connector: SaasConnector,
  fakeHost: string,
  server: FakeOAuthServer,
  scopes: string[],
) {
  const { oauth: spec, readTokens: readGoogleTokens } = connector;
  expect(spec).toEqual({
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    scopes,
    scopeSeparator: " ",
    pkce: true,
    tokenAuth: "client_secret_post",
    tokenBody: "form",
    authorizeParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
  });
  const { code, verifier } = await authorizeCode(spec, fakeHost);
  expect(server.lastAuthorize?.get("scope")).toBe(scopes.join(" "));
  expect(server.lastAuthorize?.get("access_type")).toBe("offline");
  expect(server.lastAuthorize?.get("code_challenge_method")).toBe("S256");
  const now = new Date("2026-11-20T10:00:00Z");
  const tokens = await readGoogleTokens(
    await tokenRequest(spec, fakeHost, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
    now,
  );
  expect(tokens).toMatchObject({
    access_token: expect.any(String),
    refresh_token: expect.any(String),
    expires_at: "2026-11-20T10:59:59.000Z",
  });
  // A refresh keeps the refresh token (Google does not rotate it).
  const refreshed = await readGoogleTokens(
    await tokenRequest(spec, fakeHost, { grant_type: "refresh_token", refresh_token: tokens.refresh_token! }),
    now,
  );
  expect(refreshed.refresh_token).toBeUndefined();
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  await expect(
    readGoogleTokens(
      await tokenRequest(spec, fakeHost, { grant_type: "refresh_token", refresh_token: DEAD_REFRESH_TOKEN }),
    ),
  ).rejects.toMatchObject({
    kind: "invalid_grant",
    message: "The token endpoint refused the grant: invalid_grant",
  });
  // A replayed code is a dead grant too.
  await expect(
    readGoogleTokens(
      await tokenRequest(spec, fakeHost, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    ),
  ).rejects.toMatchObject({ kind: "invalid_grant" });
  return tokens;
}
