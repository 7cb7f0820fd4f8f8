import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts } from "../../db/schema/identity";
import type { Plan } from "./caller";
import { DEFAULT_ENTITLEMENTS } from "./service";

export async function findAccount(db: Db, accountId: string) {
  const [account] = await db
    .select({ id: accounts.id, plan: accounts.plan, entitlements: accounts.entitlements })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return account;
}

/**
 * The statement that puts an account on a plan (a payment, or its cancellation): every plan
 * grants the default entitlements; those an operator granted on top (`provider:<key>`) stay.
 * Returned unexecuted, so billing runs it in one transaction with the event that caused it.
 */
export function planChange(db: Db, account: { id: string; entitlements: string[] }, plan: Plan) {
  const entitlements = [...new Set([...DEFAULT_ENTITLEMENTS, ...account.entitlements])];
  return db.update(accounts).set({ plan, entitlements }).where(eq(accounts.id, account.id));
}
