import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/identity";
import { conflict, isUniqueViolation, notFound } from "../../lib/errors";
import { publicUser } from "./service";
import { isReservedUsername } from "./username-rules";
import type { Ctx } from "./context";

/** check-username: free when not reserved and no account holds it (in any case). */
export async function checkUsername({ db }: Pick<Ctx, "db">, username: string) {
  if (isReservedUsername(username)) return { username, available: false };
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username}`)
    .limit(1);
  return { username, available: !holder };
}

/**
 * claim-username: one UPDATE; the unique index on lower(username) decides a race, so of two
 * concurrent claims exactly one wins and the other gets 409.
 */
export async function claimUsername({ db, auth }: Pick<Ctx, "db" | "auth">, username: string) {
  const userId = auth.user.id;
  if (isReservedUsername(username)) throw conflict("This username is not available");
  try {
    const [user] = await db.update(users).set({ username }).where(eq(users.id, userId)).returning();
    if (!user) throw notFound("No such user");
    return publicUser(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("This username is taken");
    throw error;
  }
}
