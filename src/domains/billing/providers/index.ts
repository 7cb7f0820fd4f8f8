import { stripeProvider, type StripeSettings } from "./stripe";
import type { PaymentProvider } from "./types";

export type { BillingEvent, CheckoutRequest, PaidPlan, PaymentProvider } from "./types";
export { InvalidSignature, PaymentProviderError } from "./types";

/** The one payment provider there is; the factory keeps callers free of its SDK. */
export const paymentProvider = (settings: StripeSettings): PaymentProvider => stripeProvider(settings);
