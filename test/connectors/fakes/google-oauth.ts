import { json } from "./fake-host";
import { FakeOAuthServer } from "./oauth-server";

/**
 * Google's OAuth 2.0 endpoints as each Google fake serves them on its own host (the base URL
 * replaces accounts.google.com and oauth2.googleapis.com as it does the API host): RFC 6749
 * answers, client credentials in the form body, no refresh token on a refresh.
 */
export function googleOAuthServer(tokenPrefix: string) {
  return new FakeOAuthServer({
    tokenAuth: "client_secret_post",
    tokenBody: "form",
    rotatesRefreshTokens: false,
    tokenPrefix,
    tokenAnswer: ({ accessToken, refreshToken }) =>
      json({
        access_token: accessToken,
        expires_in: 3599,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: "https://www.googleapis.com/auth/fake",
        token_type: "Bearer",
      }),
    errorAnswer: (error, status) =>
      json(
        {
          error,
          error_description:
            error === "invalid_grant" ? "Bad Request" : error === "invalid_client" ? "Unauthorized" : "Invalid request",
        },
        status === 405 ? 400 : status,
      ),
  });
}

export const GOOGLE_AUTHORIZE_PATH = "/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_PATH = "/token";

/** Google's API error shape. */
export const googleError = (
  code: number,
  status: string,
  message: string,
  reason = status.toLowerCase(),
  headers: Record<string, string> = {},
) => json({ error: { code, message, errors: [{ message, domain: "global", reason }], status } }, code, headers);

export const unauthenticated = () =>
  googleError(
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
    "authError",
  );
