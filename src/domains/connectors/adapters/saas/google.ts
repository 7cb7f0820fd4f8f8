import { shortMessage } from "../provider-http";
import { saasHttp, type SaasHttp } from "./api";
import type { SaasOAuthEntry } from "./define";

/**
 * What Gmail, Drive and Calendar share: Google's OAuth endpoints (authorization code with PKCE,
 * `access_type=offline` + `prompt=consent` so a refresh token comes back on every consent; the
 * token endpoint speaks plain RFC 6749) and Google's JSON API conventions, with the error shape
 * `{error:{code,message,status,errors:[{reason}]}}`.
 */
const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

export function googleOAuth(scopes: string[]): SaasOAuthEntry {
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

/** A Google JSON API at `baseUrl`, its messages naming `name` ("Google Drive: NOT_FOUND: ..."). */
export const googleHttp = (name: string, baseUrl: string): SaasHttp =>
  saasHttp({
    name,
    baseUrl,
    headers: { Accept: "application/json" },
    jsonContentType: "application/json; charset=utf-8",
    errorOf: googleError,
    isRateLimit: isGoogleRateLimit,
  });
