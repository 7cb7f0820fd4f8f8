import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { billingEvents, billingSubscriptions } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { badRequest, isUniqueViolation } from "../../lib/errors";
import { findAccount, planChange } from "../identity";
import { billingSettings } from "./config";
import { billingUnavailable } from "./checkout";
import { topUpCredit } from "./top-ups";
import { InvalidSignature, paymentProvider, type BillingEvent, type PaidPlan } from "./providers";
import type { Ctx, RequestCtx } from "../identity";

const isPaidPlan = (plan: string | undefined): plan is PaidPlan => plan === "pro" || plan === "business";

/** The statements an event applies, beside the one recording it. */
async function effectsOf(db: Db, event: BillingEvent, now: string): Promise<BatchItem<"sqlite">[]> {
  if (event.type === "checkout.completed" && event.mode === "payment") return topUpCredit(db, event, now);
  if (event.type === "checkout.completed" && event.mode === "subscription") {
    // An unpaid completion (e.g. a delayed payment method) changes nothing until it is paid.
    const plan = event.metadata.plan;
    if (!event.paid || !event.accountId || !isPaidPlan(plan)) return [];
    const account = await findAccount(db, event.accountId);
    if (!account) return [];
    const effects: BatchItem<"sqlite">[] = [planChange(db, account, plan)];
    if (event.subscriptionId) {
      const subscription = {
        accountId: account.id,
        customerId: event.customerId,
        plan,
        status: "active" as const,
        updatedAt: now,
      };
      effects.push(
        db
          .insert(billingSubscriptions)
          .values({ id: event.subscriptionId, ...subscription, createdAt: now })
          .onConflictDoUpdate({ target: billingSubscriptions.id, set: subscription }),
      );
    }
    return effects;
  }
  if (event.type === "customer.subscription.deleted") {
    const [row] = await db
      .select({ accountId: billingSubscriptions.accountId })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, event.subscriptionId));
    const account = row && (await findAccount(db, row.accountId));
    if (!account) return [];
    return [
      planChange(db, account, "free"),
      db
        .update(billingSubscriptions)
        .set({ status: "canceled", updatedAt: now })
        .where(eq(billingSubscriptions.id, event.subscriptionId)),
    ];
  }
  return [];
}

/**
 * POST /billing/webhook: verifies the signature over the raw body, then records the event and
 * applies it in one transaction. The event id is the primary key of `billing_events`, so a
 * redelivery fails the insert, rolls back, and is answered as already handled.
 */
export async function handleWebhook(
  { db, env }: Pick<RequestCtx, "db" | "env">,
  payload: string,
  signature: string | undefined,
) {
  const settings = billingSettings(env);
  if (!settings) throw billingUnavailable();
  if (!signature)
    throw badRequest([{ field: "Stripe-Signature", message: "is required" }], "Missing Stripe-Signature header");
  let event: BillingEvent;
  try {
    event = await paymentProvider(settings.stripe).verifyEvent(payload, signature);
  } catch (error) {
    if (error instanceof InvalidSignature)
      throw badRequest([{ field: "Stripe-Signature", message: "does not verify" }], "Invalid webhook signature");
    throw error;
  }
  const now = nowIso();
  try {
    await db.batch([
      db.insert(billingEvents).values({ id: event.id, type: event.providerType, receivedAt: now }),
      ...(await effectsOf(db, event, now)),
    ]);
    return { received: true as const, duplicate: false };
  } catch (error) {
    if (isUniqueViolation(error)) return { received: true as const, duplicate: true };
    throw error;
  }
}
