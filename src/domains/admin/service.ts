import { eq } from "drizzle-orm";
import { accounts, partnerKeys, users } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { Plan } from "../identity";
import type { Ctx } from "../identity";

/** Partner keys are random, shown once, and stored only as their hash. */
export async function createPartnerKey({ db }: Pick<Ctx, "db">, name: string, scopes: string[]) {
  const key = randomToken("pk_");
  const row = { id: newId(), name, keyHash: await sha256Hex(key), scopes, createdAt: nowIso() };
  await db.insert(partnerKeys).values(row);
  return { id: row.id, name, key, scopes, createdAt: row.createdAt };
}

export async function updateAccount(
  { db }: Pick<Ctx, "db">,
  userId: string,
  changes: { plan?: Plan; entitlements?: string[]; aiDailyAllowance?: number | null },
) {
  const [owner] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw notFound("No such user");
  const entitlements = changes.entitlements && [...new Set(changes.entitlements)];
  const [account] = await db
    .update(accounts)
    .set({ plan: changes.plan, entitlements, aiDailyAllowance: changes.aiDailyAllowance })
    .where(eq(accounts.id, owner.accountId))
    .returning();
  return account!;
}
