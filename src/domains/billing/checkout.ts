import { and, eq } from "drizzle-orm";
import { billingSubscriptions } from "../../db/schema";
import { ApiError, conflict } from "../../lib/errors";
import { billingSettings } from "./config";
import { paymentProvider, PaymentProviderError, type PaidPlan } from "./providers";
import type { Ctx } from "../identity";

export const billingUnavailable = () => new ApiError("billing_unavailable", "Billing is not configured on this server");

/**
 * POST /billing/checkout: a Stripe Checkout Session in subscription mode for the plan's price,
 * tied to the caller's account (client_reference_id and metadata), whose URL the client opens.
 * An account with a live subscription gets 409: a second checkout would bill it twice (moving
 * between paid plans changes the existing subscription, not a new one).
 */
export async function startCheckout(
  { db, env, auth: caller }: Pick<Ctx, "db" | "env" | "auth">,
  plan: PaidPlan,
  urls: { successUrl: string; cancelUrl: string },
) {
  const settings = billingSettings(env);
  if (!settings?.prices) throw billingUnavailable();
  if (caller.plan === plan) throw conflict(`The account is on plan ${plan} already`);
  const [live] = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.accountId, caller.accountId), eq(billingSubscriptions.status, "active")))
    .limit(1);
  if (live) throw conflict("The account has a subscription already; change plans on the existing subscription");
  try {
    const session = await paymentProvider(settings.stripe).createCheckoutSession({
      mode: "subscription",
      priceId: settings.prices[plan],
      accountId: caller.accountId,
      customerEmail: caller.user.email,
      metadata: { accountId: caller.accountId, plan },
      ...urls,
    });
    return { checkoutUrl: session.url, sessionId: session.id };
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new ApiError("CONNECTION_FAILED", "The payment provider could not create a checkout session");
    throw error;
  }
}
