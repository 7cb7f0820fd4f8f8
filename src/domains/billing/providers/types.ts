/** The payment-provider port: what billing needs from Stripe (or a replacement). */
export type PaidPlan = "pro" | "business";

/** A hosted checkout: a plan's recurring price (subscription) or a one-off amount (payment). */
export type CheckoutRequest = {
  accountId: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Written with our secret key only, so the webhook can trust it when the checkout completes. */
  metadata: Record<string, string>;
} & (
  | { mode: "subscription"; priceId: string }
  | { mode: "payment"; amountCents: number; currency: "usd"; productName: string }
);

export interface CheckoutSession {
  id: string;
  url: string;
}

/** The events billing acts on, reduced to what it needs; anything else is `ignored`. */
export type BillingEvent = {
  id: string;
  /** The provider's own event type, as recorded. */
  providerType: string;
} & (
  | {
      /** A completed checkout, or a delayed payment of one that succeeded later. */
      type: "checkout.completed";
      sessionId: string;
      mode: string;
      paid: boolean;
      accountId: string | null;
      metadata: Record<string, string>;
      subscriptionId: string | null;
      customerId: string | null;
    }
  | { type: "customer.subscription.deleted"; subscriptionId: string }
  | { type: "ignored" }
);

export interface PaymentProvider {
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature over the exact bytes received; throws `InvalidSignature` when it does not hold. */
  verifyEvent(payload: string, signatureHeader: string): Promise<BillingEvent>;
}

/** The webhook's signature is missing, wrong, or too old (a replay), or the signed body is no event. */
export class InvalidSignature extends Error {
  override name = "InvalidSignature";
}

/** The provider refused the request or could not be reached; the message never holds a key. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
