import { and, eq, gt, inArray, isNotNull, isNull, lt, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
// The tables' own modules, not their index (db/schema): a cold token request loads no other table.
import { revokedAccessTokens, users } from "../../db/schema/identity";
import { oauthAccessTokens, oauthCodes, oauthGrants, oauthRefreshTokens } from "../../db/schema/oauth";
import { nowIso, toIso } from "../../lib/clock";
import { base64url, randomToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  accessTokenIdentity,
  signOAuthToken,
  verifyAccessToken,
  type OAuthClaims,
  type TokenSigner,
} from "../../lib/tokens";
import {
  clientRowKey,
  findClient,
  presentedClient,
  verifyClient,
  type ClientCredentialsRow,
  type OAuthClient,
  type OAuthForm,
  type PresentedClient,
} from "./client-auth";
import { OAuthError, oauthError } from "./errors";
import { requestedResource, resourceWithinGrant } from "./resource";
import { parseScope, sortScopes } from "./scopes";
import type { Ctx } from "../identity";

/** Refresh tokens are long-lived; rotation makes each one single-use, and a new one restarts the clock. */
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const OTHER_RESOURCE = "The authorization was granted for another resource";

/** Prefix that makes refresh tokens recognizable in logs and secret scanners. */
const REFRESH_TOKEN_PREFIX = "ort_";

interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const required = (form: OAuthForm, name: string) => {
  const value = form[name];
  if (value === undefined || value === "") throw oauthError("invalid_request", `Missing parameter: ${name}`);
  return value;
};

const s256 = async (verifier: string) =>
  base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));

/**
 * Ends a grant and everything issued under it: refresh tokens stop working (they check the
 * grant), and every access token still alive goes on the deny-list the API checks. One batch.
 */
async function revokeGrant(db: Db, grantId: string) {
  const now = nowIso();
  const d1 = db.$client;
  await d1.batch([
    d1.prepare("UPDATE oauth_grants SET revoked_at = ?1 WHERE id = ?2 AND revoked_at IS NULL").bind(now, grantId),
    d1
      .prepare(
        `INSERT INTO revoked_access_tokens (jti, expires_at)
         SELECT jti, expires_at FROM oauth_access_tokens WHERE grant_id = ?1 AND expires_at > ?2
         ON CONFLICT (jti) DO NOTHING`,
      )
      .bind(grantId, now),
  ]);
}

/** The single-use record a token request spends: an authorization code or a refresh token. */
interface Spendable {
  table: "oauth_codes" | "oauth_refresh_tokens";
  keyColumn: "code_hash" | "token_hash";
  key: string;
  /** Extra condition of the consuming UPDATE (SQL over the row's columns). */
  condition?: string;
}

/**
 * Spends `source` and issues an access token and a new refresh token (the spec: always, for both
 * grants) under `grant`. The consuming UPDATE and the inserts run as one D1 batch (a transaction); the
 * inserts select their grant from the row this exchange marked with its own id, so a request that
 * loses a race to the same code or token writes nothing, and is treated as the replay it is.
 */
async function issueTokens(
  db: Db,
  signer: TokenSigner,
  client: OAuthClient,
  grant: { id: string; userId: string },
  scopes: string[],
  resource: string | null,
  source: Spendable,
  admit: Admit,
): Promise<TokenResponse> {
  const exchangeId = newId();
  const refreshToken = randomToken(REFRESH_TOKEN_PREFIX);
  // The limiter's answer is awaited beside the signing and hashing, and before anything is written.
  const [{ token: accessToken, jti, exp }, refreshTokenHash] = await Promise.all([
    signOAuthToken(signer.secret, signer.issuer, grant.userId, client.id, scopes, resource),
    sha256Hex(refreshToken),
    admit(),
  ]);
  const now = Date.now();
  const spentRow = `FROM ${source.table} WHERE ${source.keyColumn} = ?1 AND exchange_id = ?2`;

  const d1 = db.$client;
  const [spent] = await d1.batch([
    d1
      .prepare(
        `UPDATE ${source.table} SET consumed_at = ?3, exchange_id = ?2
         WHERE ${source.keyColumn} = ?1 AND consumed_at IS NULL${source.condition ? ` AND ${source.condition}` : ""} RETURNING 1`,
      )
      .bind(source.key, exchangeId, toIso(now)),
    d1
      .prepare(`INSERT INTO oauth_access_tokens (jti, grant_id, expires_at) SELECT ?3, grant_id, ?4 ${spentRow}`)
      .bind(source.key, exchangeId, jti, toIso(exp * 1000)),
    d1
      .prepare(
        `INSERT INTO oauth_refresh_tokens (id, grant_id, token_hash, created_at, expires_at) SELECT ?3, grant_id, ?4, ?5, ?6 ${spentRow}`,
      )
      .bind(source.key, exchangeId, newId(), refreshTokenHash, toIso(now), toIso(now + REFRESH_TOKEN_TTL_MS)),
  ]);
  if (!spent?.results.length) {
    // Lost a race with another request spending the same code or token: that is a replay.
    await revokeGrant(db, grant.id);
    throw oauthError("invalid_grant", "The grant has already been used");
  }
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    scope: scopes.join(" "),
  };
}

/** `grant_type=authorization_code` with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.6). */
async function exchangeCode(db: Db, signer: TokenSigner, client: OAuthClient, form: OAuthForm, admit: Admit) {
  const code = required(form, "code");
  const redirectUri = required(form, "redirect_uri");
  const verifier = required(form, "code_verifier");
  if (!CODE_VERIFIER.test(verifier)) throw oauthError("invalid_request", "code_verifier is malformed");
  const target = requestedResource(signer.issuer, form.resource);
  if (!target.ok) throw oauthError("invalid_target", target.description);

  const codeHash = await sha256Hex(code);
  const [row] = await db
    .select({ code: oauthCodes, grant: oauthGrants })
    .from(oauthCodes)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthCodes.grantId))
    .where(eq(oauthCodes.codeHash, codeHash));
  if (!row) throw oauthError("invalid_grant", "The authorization code is invalid");
  if (row.code.consumedAt) {
    // RFC 6749 §4.1.2: a code used twice revokes every token issued from it.
    await admit();
    await revokeGrant(db, row.grant.id);
    throw oauthError("invalid_grant", "The authorization code has already been used");
  }
  // Failed checks below leave the code unconsumed: only the rightful client can spend it.
  if (row.code.clientId !== client.id)
    throw oauthError("invalid_grant", "The authorization code was issued to another client");
  if (row.code.expiresAt <= nowIso()) throw oauthError("invalid_grant", "The authorization code has expired");
  if (row.code.redirectUri !== redirectUri)
    throw oauthError("invalid_grant", "redirect_uri does not match the authorization request");
  if ((await s256(verifier)) !== row.code.codeChallenge) throw oauthError("invalid_grant", "PKCE verification failed");
  if (row.grant.revokedAt) throw oauthError("invalid_grant", "The grant has been revoked");
  const resource = resourceWithinGrant(row.grant.resource, target.resource);
  if (resource === undefined) throw oauthError("invalid_target", OTHER_RESOURCE);

  return issueTokens(
    db,
    signer,
    client,
    row.grant,
    row.grant.scopes,
    resource,
    { table: "oauth_codes", keyColumn: "code_hash", key: codeHash },
    admit,
  );
}

/**
 * The rotation's writes, conditioned on everything `rotateRefreshToken` checks afterwards from the
 * same batch's reads (client credentials and method, the token's grant and client, unspent,
 * unrevoked, unexpired, scope and resource within the grant), so they take effect exactly when the
 * checks pass. `?1` token hash, `?2` exchange id, `?3` now, `?4` client id, `?5` auth method, `?6`
 * the presented secret's hash, `?7` the requested scopes (JSON array, or null when none were asked),
 * `?8` the requested resource (null when none was asked).
 */
const SPEND_REFRESH_TOKEN = `UPDATE oauth_refresh_tokens SET consumed_at = ?3, exchange_id = ?2
  WHERE token_hash = ?1 AND consumed_at IS NULL AND expires_at > ?3
    AND grant_id IN (
      SELECT g.id FROM oauth_grants g WHERE g.revoked_at IS NULL AND g.client_id = ?4
        AND (?7 IS NULL OR (json_array_length(?7) > 0
          AND NOT EXISTS (SELECT 1 FROM json_each(?7) r WHERE r.value NOT IN (SELECT s.value FROM json_each(g.scopes) s))))
        AND (?8 IS NULL OR g.resource IS NULL OR g.resource = ?8))
    AND EXISTS (SELECT 1 FROM oauth_clients c WHERE c.id = ?4 AND c.token_endpoint_auth_method = ?5 AND (?5 = 'none' OR c.secret_hash = ?6))
  RETURNING 1`;

/** The refresh token's row and its grant's, as the batch reads them. */
interface RefreshTokenRow {
  consumedAt: string | null;
  expiresAt: string;
  grantId: string;
  clientId: string;
  userId: string;
  /** JSON array, as stored. */
  scopes: string;
  resource: string | null;
  revokedAt: string | null;
}

/**
 * `grant_type=refresh_token` with rotation (RFC 6749 §6, OAuth 2.0 Security BCP §4.14) in one D1
 * batch: the client's row, the token's row and the rotation's writes (conditioned so that they
 * apply exactly when the checks below pass, which then judge the batch's reads in the same order
 * as ever: client first, then the token, then the scope). The access token's identity is fixed
 * before the batch, so its record is written in it and the token is signed after.
 */
async function rotateRefreshToken(
  db: Db,
  signer: TokenSigner,
  presented: PresentedClient,
  secretHash: Promise<string> | undefined,
  form: OAuthForm,
  admit: Admit,
): Promise<TokenResponse> {
  const refreshToken = randomToken(REFRESH_TOKEN_PREFIX);
  const requested = form.scope === undefined ? undefined : parseScope(form.scope);
  // The limiter's answer is awaited beside the hashing, and before the batch (it writes).
  const [tokenHash, newTokenHash, presentedSecretHash] = await Promise.all([
    sha256Hex(form.refresh_token!),
    sha256Hex(refreshToken),
    secretHash,
    admit(),
  ]);
  const target = requestedResource(signer.issuer, form.resource);
  if (!target.ok) {
    // Refused before the batch, so nothing is spent; the client's own errors still come first.
    await verifyClient(presented, await findClient(db, presented.id), secretHash);
    throw oauthError("invalid_target", target.description);
  }
  const identity = accessTokenIdentity();
  const exchangeId = newId();
  const nowMs = Date.now();
  const now = toIso(nowMs);
  const clientId = clientRowKey(presented.id) ?? "";
  const spentRow = "FROM oauth_refresh_tokens WHERE token_hash = ?1 AND exchange_id = ?2";

  const d1 = db.$client;
  const [clients, tokens, spent] = await d1.batch<unknown>([
    // A presented id that names no row (neither a UUID nor a metadata URL): the empty key matches none.
    d1
      .prepare(
        "SELECT id, token_endpoint_auth_method AS tokenEndpointAuthMethod, secret_hash AS secretHash FROM oauth_clients WHERE id = ?1",
      )
      .bind(clientId),
    d1
      .prepare(
        `SELECT t.consumed_at AS consumedAt, t.expires_at AS expiresAt, g.id AS grantId, g.client_id AS clientId, g.user_id AS userId,
           g.scopes AS scopes, g.resource AS resource, g.revoked_at AS revokedAt
         FROM oauth_refresh_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = ?1`,
      )
      .bind(tokenHash),
    d1
      .prepare(SPEND_REFRESH_TOKEN)
      .bind(
        tokenHash,
        exchangeId,
        now,
        clientId,
        presented.secret === undefined ? "none" : "client_secret_basic",
        presentedSecretHash ?? null,
        requested ? JSON.stringify(requested) : null,
        target.resource,
      ),
    d1
      .prepare(`INSERT INTO oauth_access_tokens (jti, grant_id, expires_at) SELECT ?3, grant_id, ?4 ${spentRow}`)
      .bind(tokenHash, exchangeId, identity.jti, toIso(identity.exp * 1000)),
    d1
      .prepare(
        `INSERT INTO oauth_refresh_tokens (id, grant_id, token_hash, created_at, expires_at) SELECT ?3, grant_id, ?4, ?5, ?6 ${spentRow}`,
      )
      .bind(tokenHash, exchangeId, newId(), newTokenHash, now, toIso(nowMs + REFRESH_TOKEN_TTL_MS)),
  ]);
  const client = await verifyClient(presented, clients!.results[0] as ClientCredentialsRow | undefined, secretHash);
  const row = tokens!.results[0] as RefreshTokenRow | undefined;
  if (!row) throw oauthError("invalid_grant", "The refresh token is invalid");
  if (row.clientId !== client.id) throw oauthError("invalid_grant", "The refresh token was issued to another client");
  if (row.consumedAt) {
    await revokeGrant(db, row.grantId);
    throw oauthError("invalid_grant", "The refresh token has already been used; the grant is revoked");
  }
  if (row.revokedAt) throw oauthError("invalid_grant", "The grant has been revoked");
  if (row.expiresAt <= now) throw oauthError("invalid_grant", "The refresh token has expired");

  // The scope may narrow for this access token, never widen past what the user granted.
  const granted = JSON.parse(row.scopes) as string[];
  let scopes = granted;
  if (requested !== undefined) {
    if (requested.length === 0 || requested.some((scope) => !granted.includes(scope))) {
      throw oauthError("invalid_scope", "The requested scope exceeds the granted scope");
    }
    scopes = sortScopes(requested);
  }
  // Like the scope: the token may name either resource of a grant for none, only the grant's otherwise.
  const resource = resourceWithinGrant(row.resource, target.resource);
  if (resource === undefined) throw oauthError("invalid_target", OTHER_RESOURCE);
  if (!spent?.results.length) {
    // Every check passed on the batch's reads, yet the spend did not: only a concurrent request
    // spending the same token does that. It is a replay.
    await revokeGrant(db, row.grantId);
    throw oauthError("invalid_grant", "The grant has already been used");
  }
  return {
    access_token: await signOAuthToken(
      signer.secret,
      signer.issuer,
      row.userId,
      client.id,
      scopes,
      resource,
      identity,
    ).then(({ token }) => token),
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    scope: scopes.join(" "),
  };
}

/**
 * Resolves once the request's rate limit admits it (rejects with the 429 otherwise): awaited
 * before anything is written, so a refused request changes nothing, while the limiter's hop runs
 * beside the reads.
 */
export type Admit = () => Promise<unknown>;

/**
 * The token endpoint: client authentication, then the grant. A refresh is one D1 batch (see
 * `rotateRefreshToken`), with the presented secret and tokens hashed beside the limiter's hop.
 */
export async function exchangeToken(
  { db }: Pick<Ctx, "db">,
  signer: TokenSigner,
  authorization: string | undefined,
  form: OAuthForm,
  admit: Admit,
): Promise<TokenResponse> {
  const presented = presentedClient(authorization, form);
  const secretHash = presented.secret === undefined ? undefined : sha256Hex(presented.secret);
  if (form.grant_type === "refresh_token" && form.refresh_token)
    return rotateRefreshToken(db, signer, presented, secretHash, form, admit);
  const client = await verifyClient(presented, await findClient(db, presented.id), secretHash);
  const grantType = required(form, "grant_type");
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    throw oauthError("unsupported_grant_type", `grant_type ${grantType} is not supported`);
  }
  // Registration gives every client both grants, so there is no per-client grant check here.
  if (grantType === "authorization_code") return exchangeCode(db, signer, client, form, admit);
  // Only a refresh without its token gets here: the parameter's error.
  throw oauthError("invalid_request", "Missing parameter: refresh_token");
}

/**
 * RFC 7009. Unknown tokens, foreign tokens and expired tokens all end in the same silent 200, so
 * the endpoint reveals nothing about tokens the caller does not own.
 */
export async function revokeToken({ db }: Pick<Ctx, "db">, signer: TokenSigner, client: OAuthClient, form: OAuthForm) {
  const token = required(form, "token");
  if (token.split(".").length === 3) {
    const claims = await verifyOAuthToken(signer, token);
    if (claims?.clientId === client.id) {
      await db
        .insert(revokedAccessTokens)
        .values({ jti: claims.jti, expiresAt: toIso(claims.exp * 1000) })
        .onConflictDoNothing();
    }
    return;
  }
  const [row] = await db
    .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
    .where(eq(oauthRefreshTokens.tokenHash, await sha256Hex(token)));
  if (row && row.clientId === client.id) await revokeGrant(db, row.grantId);
}

interface UserInfo {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string | null;
  preferred_username?: string | null;
}

/**
 * RFC 6750 §3.1: a request without any bearer credential gets a bare challenge, no error code in
 * it (the client may simply not have known the endpoint needs one).
 */
const missingToken = () =>
  new OAuthError("invalid_token", "A bearer access token is required", { "WWW-Authenticate": "Bearer" });
const invalidToken = () => oauthError("invalid_token", "The access token is invalid, expired or revoked");

/** The claims of a valid OAuth access token; null for anything else (first-party session tokens included). */
export async function verifyOAuthToken(signer: TokenSigner, token: string): Promise<OAuthClaims | null> {
  const claims = await verifyAccessToken(signer.secret, signer.issuer, token);
  // First-party session tokens are not OAuth access tokens; their audience keeps them out.
  return claims?.kind === "oauth" ? claims : null;
}

/**
 * OpenID-style user info, limited to what the token's scopes release. `claims` is undefined when
 * the request carried no bearer credential, null when it carried one that is not valid.
 */
export async function userInfo({ db }: Pick<Ctx, "db">, claims: OAuthClaims | null | undefined): Promise<UserInfo> {
  if (claims === undefined) throw missingToken();
  if (claims === null) throw invalidToken();
  const [userRows, revoked] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        name: users.name,
        username: users.username,
      })
      .from(users)
      .where(eq(users.id, claims.userId)),
    db
      .select({ jti: revokedAccessTokens.jti })
      .from(revokedAccessTokens)
      .where(eq(revokedAccessTokens.jti, claims.jti)),
  ]);
  const user = userRows[0];
  if (!user || revoked.length > 0) throw invalidToken();

  const info: UserInfo = { sub: user.id };
  if (claims.scopes.includes("email:read"))
    Object.assign(info, { email: user.email, email_verified: user.emailVerified });
  if (claims.scopes.includes("profile:read"))
    Object.assign(info, { name: user.name, preferred_username: user.username });
  return info;
}

/** How long spent codes are kept after expiry, so a late replay still revokes what they issued. */
const CODE_RETENTION_MS = 24 * 3600 * 1000;

/**
 * Cron: removes every record that can no longer change an answer. A spent code or consumed refresh
 * token is kept only while presenting it again could still revoke something (reuse detection):
 *
 * - Codes go 24 h after their expiry, or at once when their grant is revoked.
 * - Refresh tokens go when expired; when their grant is revoked (a replay could only revoke it
 *   again); and, if consumed, when their family has no live (unconsumed, unexpired) token left:
 *   the family's access tokens died long before its last refresh token, so nothing is left to
 *   protect. A consumed token of a live family stays until its own expiry.
 * - Access-token records (kept so revoking a grant can deny its live `jti`s) go when expired, or
 *   when their grant is revoked (its live `jti`s are on the deny-list already).
 * - Grants go once they are a day old and nothing is left under them.
 */
export async function purgeTokens(db: Db) {
  const now = nowIso();
  const codeCutoff = toIso(Date.now() - CODE_RETENTION_MS);
  const revokedGrants = db.select({ id: oauthGrants.id }).from(oauthGrants).where(isNotNull(oauthGrants.revokedAt));
  const live = alias(oauthRefreshTokens, "live");
  const familyHasLiveToken = db
    .select({ one: sql`1` })
    .from(live)
    .where(and(eq(live.grantId, oauthRefreshTokens.grantId), isNull(live.consumedAt), gt(live.expiresAt, now)));
  await db.batch([
    db.delete(oauthCodes).where(or(lt(oauthCodes.expiresAt, codeCutoff), inArray(oauthCodes.grantId, revokedGrants))),
    db
      .delete(oauthRefreshTokens)
      .where(
        or(
          lt(oauthRefreshTokens.expiresAt, now),
          inArray(oauthRefreshTokens.grantId, revokedGrants),
          and(isNotNull(oauthRefreshTokens.consumedAt), notExists(familyHasLiveToken)),
        ),
      ),
    db
      .delete(oauthAccessTokens)
      .where(or(lt(oauthAccessTokens.expiresAt, now), inArray(oauthAccessTokens.grantId, revokedGrants))),
    db
      .delete(oauthGrants)
      .where(
        and(
          lt(oauthGrants.createdAt, codeCutoff),
          notExists(db.select({ one: sql`1` }).from(oauthCodes).where(eq(oauthCodes.grantId, oauthGrants.id))),
          notExists(
            db.select({ one: sql`1` }).from(oauthRefreshTokens).where(eq(oauthRefreshTokens.grantId, oauthGrants.id)),
          ),
          notExists(
            db.select({ one: sql`1` }).from(oauthAccessTokens).where(eq(oauthAccessTokens.grantId, oauthGrants.id)),
          ),
        ),
      ),
  ]);
}
