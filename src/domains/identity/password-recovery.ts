import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  authSessions,
  passwordRecoveries,
  passwordResetTokens,
  revokedAccessTokens,
  users,
} from "../../db/schema/identity";
import { oauthAccessTokens, oauthGrants } from "../../db/schema/oauth";
import { nowIso, toIso } from "../../lib/clock";
import { hashPassword, randomToken, sha256Hex } from "../../lib/crypto";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { RECOVERY_CODES_PER_ADDRESS } from "../../limits";
import { consumeLimit } from "../limits";
import type { MailContext } from "./after-response";
import { codeDigest, digestsMatch, randomSixDigitCode } from "./secret-codes";
import type { Ctx } from "./context";

/** A recovery code lives 15 minutes (CONTRACT): long enough to read an e-mail, short for guessing. */
const RECOVERY_CODE_TTL_MS = 15 * 60 * 1000;
/** Five tries at a one-in-a-million code: the odds of a guess stay at 5e-6 per mailed code. */
const MAX_RECOVERY_ATTEMPTS = 5;
/** The reset token a correct code buys is good for one reset within 15 minutes. */
const RESET_TOKEN_TTL_SECONDS = 15 * 60;

/** Digest compared when no code is live, so a miss costs what a wrong code costs. */
const NO_CODE_ROW = "no-live-recovery-code";

const wrongCode = () => new ApiError("invalid_token", "The code is wrong, expired or has no tries left");
const invalidResetToken = () => new ApiError("invalid_token", "The reset token is invalid, expired or already used");

/** At most RECOVERY_CODES_PER_ADDRESS codes per address, across every IP (see limits.ts). */
async function recoveryCodeAllowed(env: Env, email: string) {
  const { limit, windowSeconds } = RECOVERY_CODES_PER_ADDRESS;
  return (await consumeLimit(env, `address:${email}`, "recovery-codes", limit, windowSeconds)).allowed;
}

/**
 * forgot-password (the endpoint and the page), run after the answer (always 202) has left: nothing
 * past the address's own limit. Known and unknown addresses run the same statements in one batch:
 * the user lookup, the retirement of earlier codes and the insert of the new code all select the
 * user by address, so for an unknown address they match no row, and the digest is computed either
 * way. Only the mail itself differs.
 */
export async function requestPasswordRecovery({ db, env, mail, links, pepper }: MailContext, email: string) {
  if (!(await recoveryCodeAllowed(env, email))) return;
  const code = randomSixDigitCode();
  const id = newId();
  const codeHash = await codeDigest(pepper, id, code);
  const now = Date.now();
  const owner = db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [found] = await db.batch([
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)),
    db
      .update(passwordRecoveries)
      .set({ consumedAt: toIso(now) })
      .where(and(inArray(passwordRecoveries.userId, owner), isNull(passwordRecoveries.consumedAt))),
    db.insert(passwordRecoveries).select(
      db
        .select({
          id: sql<string>`${id}`.as("id"),
          userId: sql<string>`${users.id}`.as("user_id"),
          codeHash: sql<string>`${codeHash}`.as("code_hash"),
          attempts: sql<number>`0`.as("attempts"),
          createdAt: sql<string>`${toIso(now)}`.as("created_at"),
          expiresAt: sql<string>`${toIso(now + RECOVERY_CODE_TTL_MS)}`.as("expires_at"),
          consumedAt: sql<string | null>`NULL`.as("consumed_at"),
        })
        .from(users)
        .where(eq(users.email, email)),
    ),
  ]);
  const user = found[0];
  if (!user) return;
  await mail.send({
    to: user.email,
    subject: `Your password recovery code: ${code}`,
    text: `Your password recovery code is ${code}.\n\nEnter it with a new password at:\n\n${links.resetPassword(user.email)}\n\nThe code expires in 15 minutes and allows 5 tries. If you did not ask for it, ignore this e-mail: your password is unchanged.`,
  });
}

/**
 * exchange-recovery-code. Every attempt first spends one of the code's tries in a single
 * conditional UPDATE, and only an attempt that got a try is compared (in constant time), so
 * however many guesses arrive at once, at most five are ever checked. The statement costs the
 * same round trip for unknown addresses, and the digest is computed either way.
 */
export async function exchangeRecoveryCode({ db }: Pick<Ctx, "db">, pepper: string, email: string, code: string) {
  const now = nowIso();
  const liveCode = db
    .select({ id: passwordRecoveries.id })
    .from(passwordRecoveries)
    .innerJoin(users, eq(users.id, passwordRecoveries.userId))
    .where(
      and(
        eq(users.email, email),
        isNull(passwordRecoveries.consumedAt),
        lt(passwordRecoveries.attempts, MAX_RECOVERY_ATTEMPTS),
        gt(passwordRecoveries.expiresAt, now),
      ),
    )
    .orderBy(sql`${passwordRecoveries.createdAt} DESC`)
    .limit(1);
  const [attempt] = await db
    .update(passwordRecoveries)
    .set({ attempts: sql`${passwordRecoveries.attempts} + 1` })
    .where(and(sql`${passwordRecoveries.id} = (${liveCode})`, lt(passwordRecoveries.attempts, MAX_RECOVERY_ATTEMPTS)))
    .returning({ id: passwordRecoveries.id, userId: passwordRecoveries.userId, codeHash: passwordRecoveries.codeHash });

  const presented = await codeDigest(pepper, attempt?.id ?? NO_CODE_ROW, code);
  const matches = await digestsMatch(presented, attempt?.codeHash ?? NO_CODE_ROW);
  if (!attempt || !matches) throw wrongCode();

  // The code is spent by the one request whose conditional UPDATE wins.
  const [spent] = await db
    .update(passwordRecoveries)
    .set({ consumedAt: now })
    .where(and(eq(passwordRecoveries.id, attempt.id), isNull(passwordRecoveries.consumedAt)))
    .returning({ id: passwordRecoveries.id });
  if (!spent) throw wrongCode();

  const resetToken = randomToken("prt_");
  const issued = Date.now();
  await db.insert(passwordResetTokens).values({
    tokenHash: await sha256Hex(resetToken),
    userId: attempt.userId,
    createdAt: toIso(issued),
    expiresAt: toIso(issued + RESET_TOKEN_TTL_SECONDS * 1000),
  });
  return { resetToken, expiresIn: RESET_TOKEN_TTL_SECONDS };
}

/**
 * The statements that end every live OAuth grant of a user (a password reset: whoever held the old
 * password may have authorized an application): access tokens still alive go on the deny-list,
 * then the grants are marked revoked, which kills their refresh tokens. Returned unexecuted so
 * the caller runs them in the same batch (one transaction) as the password change. Order
 * matters: the deny-list insert selects grants that are not yet revoked. Here, not in the oauth
 * domain, because the reset is identity's rule and oauth already depends on identity (sign-in):
 * the dependency stays one-way.
 */
function oauthGrantRevocation(db: Db, userId: string, now: string) {
  const liveGrants = db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)));
  return [
    db
      .insert(revokedAccessTokens)
      .select(
        db
          .select({ jti: oauthAccessTokens.jti, expiresAt: oauthAccessTokens.expiresAt })
          .from(oauthAccessTokens)
          .where(and(inArray(oauthAccessTokens.grantId, liveGrants), gt(oauthAccessTokens.expiresAt, now))),
      )
      .onConflictDoNothing(),
    db
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt))),
  ] as const;
}

/**
 * reset-password: spends the reset token (one conditional UPDATE), then in one transaction sets
 * the password and ends everything the old password could have opened: every session (refresh
 * family, and with it every first-party access token), every OAuth grant with its refresh and
 * access tokens, and every other recovery code or reset token still live.
 */
export async function resetPassword({ db }: Pick<Ctx, "db">, resetToken: string, password: string) {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const [spent] = await db
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256Hex(resetToken)),
        isNull(passwordResetTokens.consumedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!spent) throw invalidResetToken();
  const userId = spent.userId;
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt))),
    db
      .update(passwordRecoveries)
      .set({ consumedAt: now })
      .where(and(eq(passwordRecoveries.userId, userId), isNull(passwordRecoveries.consumedAt))),
    db
      .update(passwordResetTokens)
      .set({ consumedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.consumedAt))),
    ...oauthGrantRevocation(db, userId, now),
  ]);
}
