import Stripe from "stripe";
import { InvalidSignature, PaymentProviderError, type BillingEvent, type CheckoutRequest, type PaymentProvider } from "./types";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Empty for https://api.stripe.com; a local fake in tests (the SDK's host, port and protocol come from it). */
  baseUrl: string;
}

/** Stripe's own default: a signature older than five minutes is treated as a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Checkout creation answers in well under a second; a stuck request should not hold the caller. */
const REQUEST_TIMEOUT_MS = 10_000;
/** One retry on network errors and 409/5xx; the SDK sends an idempotency key, so a retry cannot create a second session. */
const MAX_NETWORK_RETRIES = 1;

function endpointOptions(baseUrl: string): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

/**
 * Stripe through its official SDK on Workers: the fetch HTTP client for API calls and WebCrypto
 * (SubtleCrypto) for webhook signatures (`t=...,v1=HMAC-SHA256(secret, "{t}.{payload}")`).
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    ...endpointOptions(settings.baseUrl),
  });
  const subtleCrypto = Stripe.createSubtleCryptoProvider();

  return {
    async createCheckoutSession(request: CheckoutRequest) {
      const metadata = { accountId: request.accountId, plan: request.plan };
      try {
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: request.priceId, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.accountId,
          customer_email: request.customerEmail,
          // Metadata is written with our secret key only, so the webhook can trust it; it is
          // copied onto the subscription so its later events name the account too.
          metadata,
          subscription_data: { metadata },
        });
        if (!session.url) throw new PaymentProviderError("Stripe returned a Checkout Session without a URL");
        return { id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        const status = (error as { statusCode?: number }).statusCode;
        throw new PaymentProviderError(`Stripe refused to create the Checkout Session: ${(error as Error).message}`, status);
      }
    },

    async verifyEvent(payload: string, signatureHeader: string): Promise<BillingEvent> {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(payload, signatureHeader, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS, subtleCrypto);
      } catch (error) {
        throw new InvalidSignature((error as Error).message);
      }
      if (event.type === "checkout.session.completed") {
        const session = event.data.object;
        const id = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));
        return {
          id: event.id,
          type: event.type,
          paid: session.payment_status === "paid",
          accountId: session.metadata?.accountId ?? session.client_reference_id ?? null,
          plan: session.metadata?.plan ?? null,
          subscriptionId: id(session.subscription),
          customerId: id(session.customer),
        };
      }
      if (event.type === "customer.subscription.deleted") {
        return { id: event.id, type: event.type, subscriptionId: event.data.object.id };
      }
      return { id: event.id, type: "ignored", providerType: event.type };
    },
  };
}
