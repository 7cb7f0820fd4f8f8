import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../env";

/**
 * The RFC 6749 / 7009 / 6750 error codes the OAuth endpoints answer with, and their statuses.
 * These endpoints do not use the API's envelope: clients of any OAuth library expect
 * `{ "error", "error_description" }`.
 */
const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  /** RFC 8707: a `resource` that is not one of this server's, or not the grant's. */
  invalid_target: 400,
  invalid_token: 401,
  /** Not RFC 6749's: the spec's code for any exceeded limit, sent in the OAuth error shape. */
  RATE_LIMIT_EXCEEDED: 429,
} as const satisfies Record<string, ContentfulStatusCode>;

type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

/** Thrown by the token, revoke and userinfo services; the OAuth router renders it. */
export class OAuthError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** Headers that replace or add to the defaults of `oauthErrorResponse` (e.g. another challenge). */
    readonly headers: Record<string, string> = {},
    /** A transport-level status for the code (413 for an oversized body: RFC 6749 names none). */
    status?: ContentfulStatusCode,
  ) {
    super(description);
    this.status = status ?? OAUTH_ERROR_STATUS[error];
  }
}

export const oauthError = (error: OAuthErrorCode, description: string) => new OAuthError(error, description);

/** Token responses and errors must never be cached (RFC 6749 §5.1). */
export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

/** The challenge each 401 carries: Basic for client authentication, Bearer (RFC 6750 §3) for access tokens. */
function challenge(error: OAuthError): Record<string, string> {
  if (error.error === "invalid_client") return { "WWW-Authenticate": 'Basic realm="oauth", charset="UTF-8"' };
  if (error.error === "invalid_token")
    return { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${error.description}"` };
  return {};
}

/** The one renderer of OAuth error bodies: JSON, `no-store`, and the challenge a 401 needs. */
export function oauthErrorResponse(c: Context<AppEnv>, error: OAuthError) {
  const headers = { ...NO_STORE, ...challenge(error), ...error.headers };
  return c.json({ error: error.error, error_description: error.description }, error.status, headers);
}

/** A problem a person in a browser has to see (bad client or redirect URI, expired flow). */
export class PageError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}
