import { nowIso } from "../../lib/clock";
import { wallets } from "../../db/schema";
import type { Ctx } from "../identity";
import { usdToMicros } from "./money";
import { walletQuery, walletView } from "./reads";

/**
 * Sets (or, with null, removes) the caller's account's monthly spend cap (CONTRACT Wallet "Spend
 * cap"), and answers the wallet. An account without a wallet row gets one, with a balance of 0.
 * Runs already going finish; the next admission reads the new cap.
 */
export async function setMonthlyCap(ctx: Pick<Ctx, "db" | "auth">, monthlyCapUsd: number | null) {
  const monthlyCapMicros = monthlyCapUsd === null ? null : usdToMicros(monthlyCapUsd);
  const now = nowIso();
  // The write and the answer's read in one batch: one round trip.
  const [, wallet] = await ctx.db.batch([
    ctx.db
      .insert(wallets)
      .values({ accountId: ctx.auth.accountId, balanceMicros: 0, updatedAt: now, monthlyCapMicros })
      .onConflictDoUpdate({ target: wallets.accountId, set: { monthlyCapMicros, updatedAt: now } }),
    walletQuery(ctx.db, ctx.auth.accountId),
  ]);
  return walletView(wallet);
}
