import { ApiError, conflict } from "../../lib/errors";
import type { AuthContext } from "../../middleware/auth";
import type { BillingSettings } from "./config";
import { paymentProvider, PaymentProviderError, type PaidPlan } from "./providers";

export const billingUnavailable = () => new ApiError("billing_unavailable", "Billing is not configured on this server");

/**
 * POST /billing/checkout: a Stripe Checkout Session in subscription mode for the plan's price,
 * tied to the caller's account (client_reference_id and metadata), whose URL the client opens.
 */
export async function startCheckout(
  settings: BillingSettings | null,
  caller: Pick<AuthContext, "accountId" | "plan" | "user">,
  plan: PaidPlan,
  urls: { successUrl: string; cancelUrl: string },
) {
  if (!settings) throw billingUnavailable();
  if (caller.plan === plan) throw conflict(`The account is on plan ${plan} already`);
  try {
    const session = await paymentProvider(settings.stripe).createCheckoutSession({
      priceId: settings.prices[plan],
      plan,
      accountId: caller.accountId,
      customerEmail: caller.user.email,
      ...urls,
    });
    return { checkoutUrl: session.url, sessionId: session.id };
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new ApiError("CONNECTION_FAILED", "The payment provider could not create a checkout session");
    throw error;
  }
}
