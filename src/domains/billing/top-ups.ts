import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { walletTopUps } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { ledgerStatements, usdToMicros } from "../wallet";
import { billingUnavailable } from "./checkout";
import { billingSettings } from "./config";
import { paymentProvider, PaymentProviderError, type BillingEvent } from "./providers";
import type { Ctx } from "../identity";

/**
 * POST /billing/top-ups: a Stripe Checkout Session in payment mode for `amountUsd`. The top-up is
 * written first (pending), so a paid session always finds what it was for; its id and the account
 * travel in the session's metadata, which only our secret key can write.
 */
export async function startTopUp(
  { db, env, auth: caller }: Pick<Ctx, "db" | "env" | "auth">,
  amountUsd: number,
  urls: { successUrl: string; cancelUrl: string },
) {
  const settings = billingSettings(env);
  if (!settings) throw billingUnavailable();
  const topUp = {
    id: newId(),
    accountId: caller.accountId,
    amountMicros: usdToMicros(amountUsd),
    status: "pending" as const,
    createdAt: nowIso(),
  };
  await db.insert(walletTopUps).values(topUp);
  let session;
  try {
    session = await paymentProvider(settings.stripe).createCheckoutSession({
      mode: "payment",
      amountCents: Math.round(amountUsd * 100),
      currency: "usd",
      productName: "Wallet top-up",
      accountId: caller.accountId,
      customerEmail: caller.user.email,
      metadata: { accountId: caller.accountId, topUpId: topUp.id },
      ...urls,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Nothing was offered for sale: the pending top-up goes.
    await db.delete(walletTopUps).where(eq(walletTopUps.id, topUp.id));
    throw new ApiError("CONNECTION_FAILED", "The payment provider could not create a checkout session");
  }
  await db.update(walletTopUps).set({ sessionId: session.id }).where(eq(walletTopUps.id, topUp.id));
  return { checkoutUrl: session.url, sessionId: session.id };
}

/**
 * The statements crediting a paid top-up checkout, beside the one recording the event. The
 * ledger's unique (kind, reference) makes the credit once per top-up even when two different
 * events report the same payment (completed paid, then a late async success).
 */
export async function topUpCredit(
  db: Db,
  event: Extract<BillingEvent, { type: "checkout.completed" }>,
  now: string,
): Promise<BatchItem<"sqlite">[]> {
  const topUpId = event.metadata.topUpId;
  // An unpaid completion (a delayed payment method) credits nothing until the payment succeeds.
  if (!event.paid || !topUpId) return [];
  const [topUp] = await db.select().from(walletTopUps).where(eq(walletTopUps.id, topUpId));
  if (!topUp || topUp.accountId !== event.accountId) return [];
  const entry = {
    accountId: topUp.accountId,
    kind: "topup" as const,
    amountMicros: topUp.amountMicros,
    reference: topUp.id,
    description: "Top-up (Stripe Checkout)",
  };
  return [
    ...ledgerStatements(db, entry, now),
    db
      .update(walletTopUps)
      .set({ status: "credited", creditedAt: now, sessionId: topUp.sessionId ?? event.sessionId })
      .where(eq(walletTopUps.id, topUp.id)),
  ];
}
