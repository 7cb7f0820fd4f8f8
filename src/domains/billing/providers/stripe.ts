import { stripeForm, type FormValue } from "./stripe-form";
import { verifyStripeSignature } from "./stripe-signature";
import {
  InvalidSignature,
  PaymentProviderError,
  type BillingEvent,
  type CheckoutRequest,
  type PaymentProvider,
} from "./types";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Empty for https://api.stripe.com; a local fake in tests. */
  baseUrl: string;
}

const STRIPE_API = "https://api.stripe.com";
/** The API version requests are written for (what the SDK pinned before it was dropped), so an account's default version cannot change their meaning. */
const STRIPE_VERSION = "2026-10-28.endive";
/** Checkout creation answers in well under a second; a stuck request should not hold the caller. */
const REQUEST_TIMEOUT_MS = 10_000;
/** One retry, after this pause, on a network error, 409, 429 or 5xx, as Stripe's libraries do. */
const RETRY_DELAY_MS = 500;

interface StripeObject {
  id?: unknown;
  [key: string]: unknown;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stripe's advice (`Stripe-Should-Retry`) when it gives one, else network errors, 409, 429 and 5xx. */
function retryable(outcome: Response | Error) {
  if (outcome instanceof Error) return true;
  const advice = outcome.headers.get("Stripe-Should-Retry");
  if (advice !== null) return advice === "true";
  return outcome.status === 409 || outcome.status === 429 || outcome.status >= 500;
}

const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);
/** An expandable field: the id string, or the object when expanded. */
const idOf = (value: unknown) => stringOrNull(value) ?? stringOrNull((value as StripeObject | null)?.id);
const stringRecord = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value && typeof value === "object" ? value : {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );

function checkoutParams(request: CheckoutRequest): Record<string, FormValue> {
  const common = {
    mode: request.mode,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: request.accountId,
    customer_email: request.customerEmail,
    metadata: request.metadata,
  };
  if (request.mode === "subscription") {
    // Copied onto the subscription so its later events name the account too.
    return {
      ...common,
      line_items: [{ price: request.priceId, quantity: 1 }],
      subscription_data: { metadata: request.metadata },
    };
  }
  const priceData = {
    currency: request.currency,
    unit_amount: request.amountCents,
    product_data: { name: request.productName },
  };
  return {
    ...common,
    line_items: [{ price_data: priceData, quantity: 1 }],
    payment_intent_data: { metadata: request.metadata },
  };
}

/**
 * Stripe's REST API with `fetch` (form-encoded POSTs, Bearer secret key, an `Idempotency-Key`
 * per logical request so a retry cannot create a second session) and webhook signatures with
 * WebCrypto. Two calls do not need the SDK's 700 KiB in every cold start.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const base = (settings.baseUrl || STRIPE_API).replace(/\/+$/, "");

  async function post(path: string, params: Record<string, FormValue>): Promise<StripeObject> {
    const init = {
      method: "POST",
      headers: {
        Authorization: `Bearer ${settings.secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": crypto.randomUUID(),
        "Stripe-Version": STRIPE_VERSION,
      },
      body: stripeForm(params).toString(),
    };
    const send = () =>
      fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(
        (error: Error) => error,
      );
    let outcome = await send();
    if (retryable(outcome)) {
      await pause(RETRY_DELAY_MS);
      outcome = await send();
    }
    if (outcome instanceof Error) throw new PaymentProviderError(`Stripe could not be reached: ${outcome.message}`);
    const body = (await outcome.json().catch(() => ({}))) as StripeObject & {
      error?: { type?: string; code?: string };
    };
    if (outcome.ok) return body;
    // Type and code only: Stripe's messages can quote request values.
    const reason = [body.error?.type ?? "unknown", body.error?.code].filter(Boolean).join(", ");
    throw new PaymentProviderError(`Stripe answered ${outcome.status} (${reason})`, outcome.status);
  }

  return {
    async createCheckoutSession(request: CheckoutRequest) {
      const session = await post("/v1/checkout/sessions", checkoutParams(request));
      const id = stringOrNull(session.id);
      const url = stringOrNull(session.url);
      if (!id || !url) throw new PaymentProviderError("Stripe returned a Checkout Session without an id or URL");
      return { id, url };
    },

    async verifyEvent(payload: string, signatureHeader: string): Promise<BillingEvent> {
      if (
        !(await verifyStripeSignature(payload, signatureHeader, settings.webhookSecret, Math.floor(Date.now() / 1000)))
      ) {
        throw new InvalidSignature("The Stripe-Signature does not verify");
      }
      let event: { id?: unknown; type?: unknown; data?: { object?: StripeObject } };
      try {
        event = JSON.parse(payload);
      } catch {
        throw new InvalidSignature("The signed payload is not JSON");
      }
      const id = stringOrNull(event.id);
      const type = stringOrNull(event.type);
      const object = event.data?.object;
      if (!id || !type || !object || typeof object !== "object")
        throw new InvalidSignature("The signed payload is not a Stripe event");

      // A delayed payment method (e.g. a bank debit) completes the checkout unpaid and reports the
      // payment later with this event; both carry the Checkout Session.
      if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
        const metadata = stringRecord(object.metadata);
        return {
          id,
          providerType: type,
          type: "checkout.completed",
          sessionId: stringOrNull(object.id) ?? "",
          mode: stringOrNull(object.mode) ?? "",
          paid: object.payment_status === "paid",
          accountId: metadata.accountId ?? stringOrNull(object.client_reference_id),
          metadata,
          subscriptionId: idOf(object.subscription),
          customerId: idOf(object.customer),
        };
      }
      if (type === "customer.subscription.deleted") {
        const subscriptionId = stringOrNull(object.id);
        if (subscriptionId) return { id, providerType: type, type, subscriptionId };
      }
      return { id, providerType: type, type: "ignored" };
    },
  };
}
