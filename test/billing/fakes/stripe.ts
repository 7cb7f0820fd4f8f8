/**
 * A local fake of the one Stripe endpoint billing calls, `POST /v1/checkout/sessions`, speaking
 * Stripe's wire format and refusing what Stripe refuses: the secret key as a Bearer (or Basic)
 * credential, an `application/x-www-form-urlencoded` body with bracketed keys
 * (`line_items[0][price]`, `metadata[accountId]`), the parameters a session needs by its mode; it
 * answers a Checkout Session object in JSON, or Stripe's error shape (`{ error: { type, message } }`).
 * It replaces `fetch` for its own host only.
 */
export const FAKE_STRIPE_HOST = "fake-stripe.test";
const SECRET_KEY = "sk_test_fake_key_for_tests";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  form: Record<string, string>;
}

export const stripeRequests: RecordedStripeRequest[] = [];
const failures: number[] = [];

/** The next requests are answered with Stripe's error shape and these statuses, one each. */
export const failNextStripeRequest = (...statuses: number[]) => {
  failures.push(...statuses);
};

/** The credential Stripe accepts: `Bearer <key>`, or Basic with the key as the user name. */
function secretKeyOf(authorization: string | null): string | null {
  if (!authorization) return null;
  const [scheme, value = ""] = authorization.split(" ", 2);
  if (scheme === "Bearer") return value;
  if (scheme === "Basic") return atob(value).split(":")[0] ?? null;
  return null;
}

/** What Stripe requires of a Checkout Session by mode (a missing one is its `parameter_missing`). */
function missingParameter(form: Record<string, string>): string | null {
  const required = ["mode", "success_url", "line_items[0][quantity]"];
  if (form.mode === "subscription") required.push("line_items[0][price]");
  if (form.mode === "payment" && !form["line_items[0][price]"]) {
    required.push(
      "line_items[0][price_data][currency]",
      "line_items[0][price_data][unit_amount]",
      "line_items[0][price_data][product_data][name]",
    );
  }
  return required.find((key) => !form[key]) ?? null;
}

/** The `prefix[...]` keys of the form as an object (Stripe's metadata hashes). */
const hashOf = (form: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) =>
      key.startsWith(`${prefix}[`) && key.endsWith("]") && !key.slice(prefix.length + 1, -1).includes("[")
        ? [[key.slice(prefix.length + 1, -1), value]]
        : [],
    ),
  );

async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const text = new TextDecoder().decode(await request.arrayBuffer());
  const form = Object.fromEntries(new URLSearchParams(text));
  stripeRequests.push({
    method: request.method,
    path: url.pathname,
    authorization: request.headers.get("Authorization"),
    contentType: request.headers.get("Content-Type"),
    idempotencyKey: request.headers.get("Idempotency-Key"),
    stripeVersion: request.headers.get("Stripe-Version"),
    form,
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json", "Request-Id": `req_${crypto.randomUUID()}` },
    });
  const invalid = (status: number, message: string, param?: string) =>
    json(status, { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });
  const failure = failures.shift();
  if (failure !== undefined) {
    return json(failure, {
      error: {
        type: failure >= 500 ? "api_error" : "invalid_request_error",
        message: "No such price: 'price_test_pro'",
        param: "line_items[0][price]",
      },
    });
  }
  const key = secretKeyOf(request.headers.get("Authorization"));
  if (!key) return invalid(401, "You did not provide an API key.");
  if (key !== SECRET_KEY) return invalid(401, "Invalid API Key provided");
  if (request.method !== "POST" || url.pathname !== "/v1/checkout/sessions") {
    return invalid(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  }
  // Stripe reads form bodies only; JSON (or a nested object sent as "[object Object]") is not one.
  if (
    !request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded") ||
    text.includes("%5Bobject+Object%5D") ||
    text.includes("[object Object]")
  ) {
    return invalid(400, "Invalid request: the body must be application/x-www-form-urlencoded with bracketed keys");
  }
  const missing = missingParameter(form);
  if (missing) return invalid(400, `Missing required param: ${missing}.`, missing);
  if (!["payment", "subscription", "setup"].includes(form.mode!))
    return invalid(400, `Invalid mode: ${form.mode}`, "mode");

  const id = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
  const amount =
    form.mode === "payment"
      ? Number(form["line_items[0][price_data][unit_amount]"]) * Number(form["line_items[0][quantity]"])
      : null;
  return json(200, {
    id,
    object: "checkout.session",
    mode: form.mode,
    status: "open",
    payment_status: "unpaid",
    amount_total: amount,
    currency: form["line_items[0][price_data][currency]"] ?? null,
    client_reference_id: form.client_reference_id ?? null,
    customer_email: form.customer_email ?? null,
    metadata: hashOf(form, "metadata"),
    success_url: form.success_url,
    cancel_url: form.cancel_url ?? null,
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
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`)));
  return `t=${timestamp},v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** A Stripe event envelope around `object`, as Stripe posts it. */
export const stripeEvent = (
  type: string,
  object: Record<string, unknown>,
  id = `evt_${crypto.randomUUID().replace(/-/g, "")}`,
) =>
  JSON.stringify(
    {
      id,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    },
    null,
    2,
  );
