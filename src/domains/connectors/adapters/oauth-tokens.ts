import { OAuthTokenError, type TokenSet } from "../../../../shared/connectors/adapter-port";

/**
 * Reading a token endpoint's answer (authorization_code and refresh_token grants) into the
 * `TokenSet` the domain stores. The RFC 6749 shape is the default; providers that differ (Slack's
 * `ok:false` on HTTP 200 and user tokens under `authed_user`) pass their own `pick`.
 */
export type TokenReader = (response: Response, now?: Date) => Promise<TokenSet>;

/** Token endpoint answers are small; anything bigger is not a token answer. */
const MAX_TOKEN_ANSWER_CHARS = 64 * 1024;

interface TokenFields {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}

function toTokenSet(fields: TokenFields, now: Date): TokenSet {
  if (typeof fields.access_token !== "string" || !fields.access_token)
    throw new OAuthTokenError("transient", "The token endpoint answered without an access token");
  const tokens: TokenSet = { access_token: fields.access_token };
  if (typeof fields.refresh_token === "string" && fields.refresh_token) tokens.refresh_token = fields.refresh_token;
  const expiresIn = Number(fields.expires_in);
  if (fields.expires_in !== undefined && fields.expires_in !== null && Number.isFinite(expiresIn) && expiresIn > 0) {
    tokens.expires_at = new Date(now.getTime() + expiresIn * 1000).toISOString();
  }
  if (typeof fields.scope === "string" && fields.scope.trim())
    tokens.scopes = fields.scope.split(/[ ,]+/).filter(Boolean);
  return tokens;
}

/** A dead grant by status: 400/401 (CONTRACT.md); 429 and 5xx are worth another try. */
const deadByStatus = (status: number) => status === 400 || status === 401;

async function readBody(response: Response): Promise<Record<string, unknown> | null> {
  const text = (await response.text()).slice(0, MAX_TOKEN_ANSWER_CHARS);
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const describe = (body: Record<string, unknown> | null, status: number) =>
  typeof body?.error === "string"
    ? `The token endpoint refused the grant: ${body.error}`
    : `The token endpoint answered HTTP ${status}`;

/** RFC 6749 section 5: `{access_token, expires_in, refresh_token, scope}` or `{error}` with 400/401. */
export const readStandardTokens: TokenReader = async (response, now = new Date()) => {
  const body = await readBody(response);
  if (response.ok && body) return toTokenSet(body, now);
  const dead = body?.error === "invalid_grant" || deadByStatus(response.status);
  throw new OAuthTokenError(dead ? "invalid_grant" : "transient", describe(body, response.status));
};
