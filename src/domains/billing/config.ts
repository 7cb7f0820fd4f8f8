import type { StripeSettings } from "./providers/stripe";
import type { PaidPlan } from "./providers";

export interface BillingSettings {
  stripe: StripeSettings;
  /** The plans' recurring price ids; null when unset (wallet top-ups need none: they name their amount). */
  prices: Record<PaidPlan, string> | null;
}

interface BillingVars {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_BASE_URL?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_PRICE_BUSINESS?: string;
}

/**
 * Billing is on with both secrets (`null` otherwise: 503 billing_unavailable everywhere); plan
 * checkout also needs both price ids.
 */
export function billingSettings(vars: BillingVars): BillingSettings | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_BASE_URL, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS } = vars;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  return {
    stripe: { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, baseUrl: STRIPE_BASE_URL ?? "" },
    prices:
      STRIPE_PRICE_PRO && STRIPE_PRICE_BUSINESS ? { pro: STRIPE_PRICE_PRO, business: STRIPE_PRICE_BUSINESS } : null,
  };
}
