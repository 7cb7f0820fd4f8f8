/**
 * A local fake of the one Stripe endpoint billing calls, `POST /v1/checkout/sessions`, speaking
 * Stripe's wire format: a form-encoded body with bracketed keys (`line_items[0][price]`), Bearer
 * secret key, a Checkout Session object in JSON, and Stripe's error shape
 * (`{ error: { type, message } }`). It replaces `fetch` for its own host only.
 */
export const FAKE_STRIPE_HOST = "fake-stripe.test";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  form: Record<string, string>;
}

export const stripeRequests: RecordedStripeRequest[] = [];
let failNext: number | null = null;

/** The next request is answered with Stripe's error shape and this status. */
export const failNextStripeRequest = (status: number) => {
  failNext = status;
};

async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const form = Object.fromEntries(new URLSearchParams(await request.text()));
  stripeRequests.push({
    method: request.method,
    path: url.pathname,
    authorization: request.headers.get("Authorization"),
    idempotencyKey: request.headers.get("Idempotency-Key"),
    form,
  });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomUUID()}` } });
  if (failNext !== null) {
    const status = failNext;
    failNext = null;
    return json(status, { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message: "No such price: 'price_test_pro'", param: "line_items[0][price]" } });
  }
  if (request.method !== "POST" || url.pathname !== "/v1/checkout/sessions") {
    return json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } });
  }
  if (request.headers.get("Authorization") !== "Bearer sk_test_fake_key_for_tests") {
    return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
  }
  const id = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
  return json(200, {
    id,
    object: "checkout.session",
    mode: form.mode,
    status: "open",
    payment_status: "unpaid",
    client_reference_id: form.client_reference_id ?? null,
    customer_email: form.customer_email ?? null,
    metadata: { accountId: form["metadata[accountId]"], plan: form["metadata[plan]"] },
    success_url: form.success_url,
    cancel_url: form.cancel_url,
    url: `https://checkout.stripe.com/c/pay/${id}`,
  });
}

export function installFakeStripe() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname === FAKE_STRIPE_HOST) return answer(request);
    return realFetch(input, init);
  }) as typeof fetch;
}

/** Stripe's webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export async function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`)));
  return `t=${timestamp},v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** A Stripe event envelope around `object`, as Stripe posts it. */
export const stripeEvent = (type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID().replace(/-/g, "")}`) =>
  JSON.stringify({ id, object: "event", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, type, data: { object } }, null, 2);
