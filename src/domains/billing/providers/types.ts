/** The payment-provider port: what billing needs from Stripe (or a replacement). */
export type PaidPlan = "pro" | "business";

export interface CheckoutRequest {
  priceId: string;
  plan: PaidPlan;
  accountId: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** The events billing acts on, reduced to what it needs; anything else is `ignored`. */
export type BillingEvent =
  | { id: string; type: "checkout.session.completed"; paid: boolean; accountId: string | null; plan: string | null; subscriptionId: string | null; customerId: string | null }
  | { id: string; type: "customer.subscription.deleted"; subscriptionId: string }
  | { id: string; type: "ignored"; providerType: string };

export interface PaymentProvider {
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature over the exact bytes received; throws `InvalidSignature` when it does not hold. */
  verifyEvent(payload: string, signatureHeader: string): Promise<BillingEvent>;
}

/** The webhook's signature is missing, wrong, or too old (a replay). */
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
