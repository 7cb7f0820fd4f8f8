import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  accounts,
  authSessions,
  emailConfirmations,
  memberships,
  passwordRecoveries,
  passwordResetTokens,
  refreshTokens,
  revokedAccessTokens,
  users,
  workspaces,
} from "../../db/schema/identity";
import { nowIso, toIso } from "../../lib/clock";
import { DUMMY_PASSWORD_HASH, hashPassword, randomToken, sha256Hex, verifyPassword } from "../../lib/crypto";
import { ApiError, conflict, isUniqueViolation, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { ACCESS_TOKEN_TTL_SECONDS, signFirstPartyToken, type TokenSigner } from "../../lib/tokens";
import type { AuthUser } from "./caller";
import type { NewUserInput } from "./schemas";
import { isReservedUsername } from "./username-rules";
import type { Ctx } from "./context";

/** Refresh tokens outlive access tokens by far; rotation keeps each one single-use. */
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/** Every plan includes the assistant and connectors; providers are granted one by one. */
export const DEFAULT_ENTITLEMENTS = ["ai", "connectors"];

export const publicUser = (row: typeof users.$inferSelect): AuthUser => ({
  id: row.id,
  email: row.email,
  emailVerified: row.emailVerified,
  name: row.name,
  username: row.username,
  createdAt: row.createdAt,
});

/**
 * Creates a user with their own account (plan `free` unless the operator says otherwise) and a
 * personal workspace they own, atomically.
 */
export async function createUser({ db }: Pick<Ctx, "db">, input: NewUserInput) {
  if (input.username && isReservedUsername(input.username)) throw conflict("This username is not available");
  const now = nowIso();
  const accountId = newId();
  const workspaceId = newId();
  const user = {
    id: newId(),
    accountId,
    email: input.email,
    emailVerified: false,
    name: input.name ?? null,
    username: input.username ?? null,
    passwordHash: await hashPassword(input.password),
    createdAt: now,
  };
  try {
    await db.batch([
      db
        .insert(accounts)
        .values({ id: accountId, plan: input.plan ?? "free", entitlements: DEFAULT_ENTITLEMENTS, createdAt: now }),
      db.insert(users).values(user),
      db.insert(workspaces).values({ id: workspaceId, accountId, name: "Personal", kind: "personal", createdAt: now }),
      db.insert(memberships).values({ workspaceId, userId: user.id, role: "owner", createdAt: now }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        String(error).includes("username") ? "This username is taken" : "An account with this e-mail already exists",
      );
    }
    throw error;
  }
  return publicUser(user);
}

async function newRefreshToken(db: Db, sessionId: string) {
  const token = randomToken("rt_");
  const now = Date.now();
  const insert = db.insert(refreshTokens).values({
    id: newId(),
    sessionId,
    tokenHash: await sha256Hex(token),
    createdAt: toIso(now),
    expiresAt: toIso(now + REFRESH_TOKEN_TTL_MS),
  });
  return { token, insert };
}

async function authResult(signer: TokenSigner, user: AuthUser, sessionId: string, refreshToken: string) {
  const accessToken = await signFirstPartyToken(signer.secret, signer.issuer, user.id, sessionId);
  return { user, accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** Starts a new session (refresh-token family) for a user. */
export async function startSession({ db }: Pick<Ctx, "db">, signer: TokenSigner, user: AuthUser) {
  const sessionId = newId();
  const refresh = await newRefreshToken(db, sessionId);
  await db.batch([
    db.insert(authSessions).values({ id: sessionId, userId: user.id, createdAt: nowIso() }),
    refresh.insert,
  ]);
  return authResult(signer, user, sessionId, refresh.token);
}

/**
 * The user an e-mail address and password belong to, or null. Unknown addresses cost a hash all
 * the same, so response time does not reveal which addresses exist. `email` must be normalized.
 */
export async function checkCredentials(db: Db, email: string, password: string): Promise<AuthUser | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_PASSWORD_HASH);
  return row && valid ? publicUser(row) : null;
}

export async function login({ db }: Pick<Ctx, "db">, signer: TokenSigner, email: string, password: string) {
  const user = await checkCredentials(db, email, password);
  if (!user) throw new ApiError("invalid_credentials");
  return startSession({ db }, signer, user);
}

const invalidRefreshToken = () => unauthorized("Refresh token is invalid, expired or revoked");

/**
 * Rotation: consumes the presented token with one conditional UPDATE (so two concurrent uses can
 * never both win) and issues a new one in the same family. Presenting an already-consumed token
 * means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken({ db }: Pick<Ctx, "db">, signer: TokenSigner, presented: string) {
  const tokenHash = await sha256Hex(presented);
  const now = nowIso();
  const [consumed] = await db
    .update(refreshTokens)
    .set({ consumedAt: now })
    .where(
      and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.consumedAt), gt(refreshTokens.expiresAt, now)),
    )
    .returning({ sessionId: refreshTokens.sessionId });

  if (!consumed) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    if (known?.consumedAt) await revokeSession(db, known.sessionId);
    throw invalidRefreshToken();
  }

  const [owner] = await db
    .select({ user: users, revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, consumed.sessionId));
  if (!owner || owner.revokedAt) throw invalidRefreshToken();
  const refresh = await newRefreshToken(db, consumed.sessionId);
  await refresh.insert;
  return authResult(signer, publicUser(owner.user), consumed.sessionId, refresh.token);
}

async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: nowIso() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Logout ends the session the refresh token belongs to, and with it every access token of it. */
export async function logout({ db }: Pick<Ctx, "db">, presented: string) {
  const [known] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(presented)))
    .limit(1);
  if (known) await revokeSession(db, known.sessionId);
}

/** `GET /me`: the caller, their workspaces (without creation times), plan and entitlements. */
export async function me(ctx: Pick<Ctx, "db" | "auth">) {
  const { user, plan, entitlements } = ctx.auth;
  const workspaces = (await workspacesOf(ctx)).map(({ createdAt: _, ...w }) => w);
  return { user, workspaces, plan, entitlements };
}

/** The caller's workspaces, with their role in each. */
export async function workspacesOf({ db, auth }: Pick<Ctx, "db" | "auth">) {
  const userId = auth.user.id;
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      kind: workspaces.kind,
      role: memberships.role,
      createdAt: workspaces.createdAt,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(workspaces.createdAt, workspaces.id);
}

/**
 * Cron: drops refresh tokens and deny-list rows that can no longer matter. Consumed refresh tokens
 * stay until they expire, so reuse is detected for as long as the token could have been valid.
 * Confirmation links, recovery codes and reset tokens go once expired (spent ones answer like
 * unknown ones, so nothing needs them after that).
 */
export async function purgeExpiredTokens(db: Db) {
  const now = nowIso();
  await db.batch([
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)),
    db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now)),
    db.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, now)),
    db.delete(passwordRecoveries).where(lt(passwordRecoveries.expiresAt, now)),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)),
  ]);
}
