import type { StripeSettings } from "./providers/stripe";
import type { PaidPlan } from "./providers";

export interface BillingSettings {
  stripe: StripeSettings;
  prices: Record<PaidPlan, string>;
}

interface BillingVars {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_BASE_URL?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_PRICE_BUSINESS?: string;
}

/** Billing is on only with both secrets and both price ids; anything less is `null` (503 billing_unavailable). */
export function billingSettings(vars: BillingVars): BillingSettings | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_BASE_URL, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS } = vars;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PRO || !STRIPE_PRICE_BUSINESS) return null;
  return {
    stripe: { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, baseUrl: STRIPE_BASE_URL ?? "" },
    prices: { pro: STRIPE_PRICE_PRO, business: STRIPE_PRICE_BUSINESS },
  };
}
