import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailConfirmations, users } from "../../db/schema/identity";
import { nowIso, toIso } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { ApiError, conflict, isUniqueViolation } from "../../lib/errors";
import type { MailTransport } from "../mail";
import type { AccountLinks } from "./account-links";
import { publicUser } from "./service";
import type { Ctx } from "./context";

/** A confirmation link works once within a day: long enough for a slow inbox, short enough to go stale. */
const CONFIRMATION_TTL_MS = 24 * 3600 * 1000;

const invalidToken = () => new ApiError("invalid_token", "The confirmation link is invalid, expired or already used");

type Purpose = (typeof emailConfirmations.$inferSelect)["purpose"];

/**
 * Issues a confirmation token for `email` (replacing any earlier live one of the same purpose,
 * so only the newest link works) and returns the statements plus the token, for one batch.
 */
async function confirmationStatements(db: Db, userId: string, email: string, purpose: Purpose) {
  const token = randomToken("ect_");
  const now = Date.now();
  return {
    token,
    statements: [
      db
        .update(emailConfirmations)
        .set({ consumedAt: toIso(now) })
        .where(
          and(
            eq(emailConfirmations.userId, userId),
            eq(emailConfirmations.purpose, purpose),
            isNull(emailConfirmations.consumedAt),
          ),
        ),
      db.insert(emailConfirmations).values({
        tokenHash: await sha256Hex(token),
        userId,
        purpose,
        email,
        createdAt: toIso(now),
        expiresAt: toIso(now + CONFIRMATION_TTL_MS),
      }),
    ] as const,
  };
}

const confirmMessage = (to: string, link: string) => ({
  to,
  subject: "Confirm your e-mail address",
  text: `Confirm this address for your account by opening:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not create an account, ignore this e-mail.`,
});

/** Register: mails the new account's address a confirmation link. */
export async function sendRegistrationConfirmation(
  db: Db,
  mail: MailTransport,
  links: AccountLinks,
  user: { id: string; email: string },
) {
  const { token, statements } = await confirmationStatements(db, user.id, user.email, "verify");
  await db.batch(statements);
  await mail.send(confirmMessage(user.email, links.confirmEmail(token)));
}

/**
 * resend-confirmation, run after the answer (always 202) has left: a new link for an account
 * whose address is not confirmed yet, nothing for other addresses. Both run the same statements
 * in one batch (each selects the unconfirmed user by address, so for other addresses they match
 * no row) and hash a token either way; only the mail itself differs.
 */
export async function resendConfirmation(db: Db, mail: MailTransport, links: AccountLinks, email: string) {
  const token = randomToken("ect_");
  const tokenHash = await sha256Hex(token);
  const now = Date.now();
  const unconfirmed = and(eq(users.email, email), eq(users.emailVerified, false));
  const [found] = await db.batch([
    db.select({ id: users.id }).from(users).where(unconfirmed),
    db
      .update(emailConfirmations)
      .set({ consumedAt: toIso(now) })
      .where(
        and(
          inArray(emailConfirmations.userId, db.select({ id: users.id }).from(users).where(unconfirmed)),
          eq(emailConfirmations.purpose, "verify"),
          isNull(emailConfirmations.consumedAt),
        ),
      ),
    db.insert(emailConfirmations).select(
      db
        .select({
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          userId: sql<string>`${users.id}`.as("user_id"),
          purpose: sql<"verify">`'verify'`.as("purpose"),
          email: sql<string>`${users.email}`.as("email"),
          createdAt: sql<string>`${toIso(now)}`.as("created_at"),
          expiresAt: sql<string>`${toIso(now + CONFIRMATION_TTL_MS)}`.as("expires_at"),
          consumedAt: sql<string | null>`NULL`.as("consumed_at"),
        })
        .from(users)
        .where(unconfirmed),
    ),
  ]);
  if (found.length === 0) return;
  await mail.send(confirmMessage(email, links.confirmEmail(token)));
}

/** change-email: a link to the new address, which becomes the account's only once it is opened. */
export async function sendChangeConfirmation(
  db: Db,
  mail: MailTransport,
  links: AccountLinks,
  userId: string,
  newEmail: string,
) {
  const { token, statements } = await confirmationStatements(db, userId, newEmail, "change");
  await db.batch(statements);
  await mail.send({
    to: newEmail,
    subject: "Confirm your new e-mail address",
    text: `Someone asked to use this address for their account. To make it the account's address, open:\n\n${links.confirmEmail(token)}\n\nThe link works once and expires in 24 hours. If it was not you, ignore this e-mail.`,
  });
}

/**
 * confirm-email: spends the token (one conditional UPDATE, so a link works exactly once) and
 * applies it: `verify` marks the address confirmed if it is still the account's address;
 * `change` makes the new address the account's (409 if another account took it meanwhile).
 */
export async function confirmEmail({ db }: Pick<Ctx, "db">, token: string) {
  const now = nowIso();
  const [spent] = await db
    .update(emailConfirmations)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailConfirmations.tokenHash, await sha256Hex(token)),
        isNull(emailConfirmations.consumedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .returning({
      userId: emailConfirmations.userId,
      purpose: emailConfirmations.purpose,
      email: emailConfirmations.email,
    });
  if (!spent) throw invalidToken();

  if (spent.purpose === "verify") {
    const [user] = await db
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, spent.userId), eq(users.email, spent.email)))
      .returning();
    // The account's address changed after this link was sent: it proves nothing any more.
    if (!user) throw invalidToken();
    return publicUser(user);
  }
  try {
    const [user] = await db
      .update(users)
      .set({ email: spent.email, emailVerified: true })
      .where(eq(users.id, spent.userId))
      .returning();
    if (!user) throw invalidToken();
    return publicUser(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Another account uses this e-mail address now");
    throw error;
  }
}
