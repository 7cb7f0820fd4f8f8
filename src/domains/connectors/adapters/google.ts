import { readStandardTokens, type TokenReader } from "./oauth-tokens";
import { accessToken, restCall, shortMessage, type Outcome } from "./provider-http";
import type { AdapterContext, OAuthProviderSpec } from "./types";

/**
 * What Gmail, Drive and Calendar share: Google's OAuth endpoints (authorization code with PKCE,
 * `access_type=offline` + `prompt=consent` so a refresh token comes back on every consent) and
 * Google's JSON error shape `{error:{code,message,status,errors:[{reason}]}}`.
 */
export const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

export function googleOAuth(scopes: string[]): OAuthProviderSpec {
  return {
    authorizeUrl: GOOGLE_AUTHORIZE_URL,
    tokenUrl: GOOGLE_TOKEN_URL,
    scopes,
    scopeSeparator: " ",
    pkce: true,
    tokenAuth: "client_secret_post",
    tokenBody: "form",
    authorizeParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
  };
}

/** Google's token endpoint speaks RFC 6749 (`{error:"invalid_grant"}` with 400 for a dead grant). */
export const readGoogleTokens: TokenReader = readStandardTokens;

interface GoogleErrorBody {
  error?:
    | { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] }
    | string;
  error_description?: string;
}

/** `NOT_FOUND: File not found: abc.` from Google's error object (or the OAuth-style `{error}`). */
export function googleError(body: unknown, status: number): string {
  const error = (body as GoogleErrorBody | null)?.error;
  if (typeof error === "string")
    return shortMessage(
      `${error}${(body as GoogleErrorBody).error_description ? `: ${(body as GoogleErrorBody).error_description}` : ""}`,
      `HTTP ${status}`,
    );
  if (error && typeof error === "object") {
    const reason = error.status ?? error.errors?.[0]?.reason;
    return shortMessage(reason ? `${reason}: ${error.message ?? ""}` : error.message, `HTTP ${status}`);
  }
  return `HTTP ${status}`;
}

/** Drive and Calendar answer per-user quota exhaustion with 403 and these reasons, not 429. */
const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

export function isGoogleRateLimit(body: unknown, status: number): boolean {
  const error = (body as GoogleErrorBody | null)?.error;
  if (status !== 403 || !error || typeof error !== "object") return false;
  return (error.errors ?? []).some((entry) => RATE_LIMIT_REASONS.has(entry.reason ?? ""));
}

/** A JSON call to a Google API with the connection's token. */
export function googleCall<T>(
  context: AdapterContext,
  provider: string,
  url: string,
  init: RequestInit = {},
): Promise<Outcome<T>> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${accessToken(context)}`);
  headers.set("Accept", "application/json");
  if (typeof init.body === "string" && !headers.has("Content-Type"))
    headers.set("Content-Type", "application/json; charset=utf-8");
  return restCall<T>(context, provider, url, { ...init, headers }, googleError, isGoogleRateLimit);
}

/** Google health checks: one cheap GET, its message from `describe` or Google's error. */
export async function googleHealth<T>(
  context: AdapterContext,
  provider: string,
  url: string,
  describe: (body: T) => string,
) {
  const outcome = await googleCall<T>(context, provider, url);
  if (!outcome.ok) return { ok: false, message: `${outcome.result.error} (HTTP ${outcome.result.httpStatus})` };
  return { ok: true, message: describe(outcome.body) };
}
