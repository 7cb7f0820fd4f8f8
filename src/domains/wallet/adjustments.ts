import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { postEntry } from "./ledger";
import { usdToMicros } from "./money";
import type { Ctx } from "../identity";

/**
 * An operator's correction of a user's wallet (a refund, a goodwill credit, a chargeback), as an
 * `adjustment` entry. The optional `reference` makes a retried request safe: a second adjustment
 * with it is 409 and changes nothing.
 */
export async function adjustWallet(
  { db }: Pick<Ctx, "db">,
  userId: string,
  adjustment: { amountUsd: number; reason: string; reference?: string },
) {
  const [owner] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
  if (!owner) throw notFound("No such user");
  const entry = await postEntry(db, {
    accountId: owner.accountId,
    kind: "adjustment",
    amountMicros: usdToMicros(adjustment.amountUsd),
    reference: adjustment.reference ?? null,
    description: adjustment.reason,
  });
  if (!entry) throw conflict("An adjustment with this reference exists already");
  return entry;
}
