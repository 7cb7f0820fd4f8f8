import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authSessions, users } from "../../db/schema/identity";
import { nowIso } from "../../lib/clock";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import type { MailTransport } from "../mail";
import type { AccountLinks } from "./account-links";
import { sendChangeConfirmation } from "./email-confirmation";
import type { Ctx } from "./context";

/**
 * A wrong current password is 403 `forbidden`, not 401: the caller's access token is fine, and a
 * 401 would tell clients to sign the person out.
 */
const wrongPassword = () => forbidden("The password is wrong");

async function requirePassword(db: Db, userId: string, password: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound("No such user");
  if (!(await verifyPassword(password, row.passwordHash))) throw wrongPassword();
  return row;
}

/** change-password: needs the current password; every other session of the user ends. */
export async function changePassword(
  { db }: Pick<Ctx, "db">,
  userId: string,
  currentSessionId: string,
  currentPassword: string,
  password: string,
) {
  await requirePassword(db, userId, currentPassword);
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db
      .update(authSessions)
      .set({ revokedAt: now })
      .where(
        and(eq(authSessions.userId, userId), ne(authSessions.id, currentSessionId), isNull(authSessions.revokedAt)),
      ),
  ]);
}

/** The first check of change-email, answered before the 202: the password, and a new address. */
export async function checkEmailChange({ db }: Pick<Ctx, "db">, userId: string, password: string, newEmail: string) {
  const row = await requirePassword(db, userId, password);
  if (row.email === newEmail) throw badRequest([{ field: "email", message: "is already the account's address" }]);
  return { oldEmail: row.email };
}

/**
 * change-email, after the 202 has left: the new address gets a confirmation link (it becomes the
 * account's once opened) or, when another account already uses it, a notice instead, so the
 * caller cannot learn which addresses have accounts; the old address is told either way.
 */
export async function requestEmailChange(
  db: Db,
  mail: MailTransport,
  links: AccountLinks,
  userId: string,
  oldEmail: string,
  newEmail: string,
) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken) {
    await mail.send({
      to: newEmail,
      subject: "Someone tried to use your e-mail address",
      text: "Someone asked to move another account to this e-mail address. It already belongs to your account, so nothing changed. You need not do anything.",
    });
  } else {
    await sendChangeConfirmation(db, mail, links, userId, newEmail);
  }
  await mail.send({
    to: oldEmail,
    subject: "Your e-mail address is being changed",
    text: `A change of your account's e-mail address to ${newEmail} was requested. It takes effect once the new address is confirmed.\n\nIf this was not you, change your password now: someone may have access to your account.`,
  });
}
