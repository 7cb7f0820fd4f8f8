import { epochSeconds } from "./clock";
import { newId } from "./ids";
import { signJwt, verifyJwt } from "./jwt";
import { ownResources } from "./origin";

/** Access tokens live an hour (spec: 3600 s), first-party and OAuth alike. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/**
 * Distinct audiences keep the two kinds of access token apart: a token minted for a third-party
 * client can never pass as a first-party session token, or the reverse.
 */
export const FIRST_PARTY_AUDIENCE = "platform-api";
/**
 * An OAuth token issued without a `resource` (RFC 8707) names this default audience, valid at the
 * API and at the MCP gateway alike; one issued for a resource names that resource's URL instead.
 */
export const OAUTH_AUDIENCE = "platform-api:oauth";

/** What signing and verifying access tokens needs: the key and the issuer the tokens name. */
export interface TokenSigner {
  secret: string;
  issuer: string;
}

export interface FirstPartyClaims {
  kind: "first-party";
  userId: string;
  sessionId: string;
  jti: string;
  exp: number;
}

export interface OAuthClaims {
  kind: "oauth";
  userId: string;
  clientId: string;
  scopes: string[];
  /**
   * The resource the token was issued for (its `aud`); absent for the default audience (and in
   * claims carried elsewhere, such as a queued tool call, once checked).
   */
  resource?: string;
  jti: string;
  exp: number;
}

export type AccessClaims = FirstPartyClaims | OAuthClaims;

export async function signFirstPartyToken(secret: string, issuer: string, userId: string, sessionId: string) {
  const now = epochSeconds();
  return signJwt(
    { alg: "HS256", typ: "JWT" },
    {
      sid: sessionId,
      iss: issuer,
      sub: userId,
      aud: FIRST_PARTY_AUDIENCE,
      iat: now,
      exp: now + ACCESS_TOKEN_TTL_SECONDS,
      jti: newId(),
    },
    secret,
  );
}

/** The identity and lifetime of an access token, fixed before it is signed (its record may be written first). */
export function accessTokenIdentity() {
  const now = epochSeconds();
  return { jti: newId(), iat: now, exp: now + ACCESS_TOKEN_TTL_SECONDS };
}

/**
 * Signs an OAuth access token for `resource` (one of `ownResources(issuer)`; null: the default
 * audience); returns it with its `jti` and `exp` (epoch seconds), which callers record.
 */
export async function signOAuthToken(
  secret: string,
  issuer: string,
  userId: string,
  clientId: string,
  scopes: string[],
  resource: string | null,
  identity = accessTokenIdentity(),
) {
  const { jti, iat: now, exp } = identity;
  const token = await signJwt(
    { alg: "HS256", typ: "at+jwt" },
    {
      client_id: clientId,
      scope: scopes.join(" "),
      iss: issuer,
      sub: userId,
      aud: resource ?? OAUTH_AUDIENCE,
      iat: now,
      exp,
      jti,
    },
    secret,
  );
  return { token, jti, exp };
}

/**
 * Verifies signature (HS256 only: `alg: none` and every other algorithm are refused), issuer,
 * expiry and audience, and that `sub`, `jti`, `iat` and `exp` are present. Returns null for any
 * token that is not valid, whatever the reason.
 */
export async function verifyAccessToken(secret: string, issuer: string, token: string): Promise<AccessClaims | null> {
  const verified = await verifyJwt(token, secret);
  if (!verified) return null;
  const { header, payload } = verified;
  const now = epochSeconds();
  if (payload.iss !== issuer || typeof payload.sub !== "string" || typeof payload.jti !== "string") return null;
  if (typeof payload.exp !== "number" || payload.exp <= now || typeof payload.iat !== "number") return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== "number" || payload.nbf > now)) return null;
  // Tokens are signed with one audience; anything else is not one of ours.
  const audience = Array.isArray(payload.aud) ? (payload.aud.length === 1 ? payload.aud[0] : undefined) : payload.aud;
  const base = { userId: payload.sub, jti: payload.jti, exp: payload.exp };
  const resources = Object.values(ownResources(issuer));
  if (audience === OAUTH_AUDIENCE || resources.includes(audience)) {
    if (header.typ !== "at+jwt" || typeof payload.client_id !== "string" || typeof payload.scope !== "string")
      return null;
    return {
      kind: "oauth",
      ...base,
      clientId: payload.client_id,
      scopes: payload.scope.split(" ").filter(Boolean),
      ...(audience === OAUTH_AUDIENCE ? {} : { resource: audience as string }),
    };
  }
  if (audience !== FIRST_PARTY_AUDIENCE || typeof payload.sid !== "string") return null;
  return { kind: "first-party", ...base, sessionId: payload.sid };
}

/** Whether an OAuth token may be used at `resource`: one issued for it, or for the default audience. */
export const tokenServes = (claims: OAuthClaims, resource: string) =>
  claims.resource === undefined || claims.resource === resource;
