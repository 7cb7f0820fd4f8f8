import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp } from "../../src/app";
import { RATE_LIMITS } from "../../src/limits";
import { BASE, call, createUser, expectError, expectFieldError, uniqueIp, type TestUser } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";
import { failNextStripeRequest, installFakeStripe, stripeEvent, stripeRequests, stripeSignature } from "./fakes/stripe";

const SECRET = env.STRIPE_WEBHOOK_SECRET;

beforeAll(installFakeStripe);

const checkout = (user: TestUser, body: Record<string, unknown>) =>
  call("POST", "/billing/checkout", { token: user.accessToken, body, ip: uniqueIp() });

async function deliver(payload: string, signature?: string) {
  return call("POST", "/billing/webhook", {
    body: payload,
    headers: signature === undefined ? {} : { "Stripe-Signature": signature },
    ip: uniqueIp(),
  });
}
const signedDelivery = async (payload: string) => deliver(payload, await stripeSignature(payload, SECRET));

const accountOf = async (user: TestUser) =>
  (await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() })).body.data;

/** What Stripe posts when the Checkout Session we created completes. */
function completedSession(user: { accountId: string }, plan: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `cs_test_${crypto.randomUUID()}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    client_reference_id: user.accountId,
    customer: `cus_${crypto.randomUUID().slice(0, 8)}`,
    subscription: `sub_${crypto.randomUUID().replace(/-/g, "")}`,
    metadata: { accountId: user.accountId, plan },
    ...overrides,
  };
}

async function accountIdOf(user: TestUser) {
  const row = await env.DB.prepare("SELECT account_id FROM users WHERE id = ?")
    .bind(user.id)
    .first<{ account_id: string }>();
  return row!.account_id;
}

describe("billing checkout", () => {
  it("creates a Checkout Session in subscription mode for the plan's price and returns its URL", async () => {
    const user = await createUser();
    const res = await checkout(user, {
      plan: "pro",
      successUrl: "https://app.example.com/paid",
      cancelUrl: "https://app.example.com/cancel",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      sessionId: expect.stringMatching(/^cs_test_/),
    });

    const sent = stripeRequests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.authorization).toBe("Bearer sk_test_fake_key_for_tests");
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(sent.idempotencyKey).toBeTruthy();
    const accountId = await accountIdOf(user);
    expect(sent.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_test_pro",
      "line_items[0][quantity]": "1",
      success_url: "https://app.example.com/paid",
      cancel_url: "https://app.example.com/cancel",
      client_reference_id: accountId,
      customer_email: user.email,
      "metadata[accountId]": accountId,
      "metadata[plan]": "pro",
      "subscription_data[metadata][plan]": "pro",
    });
    // The plan changes only when Stripe reports the payment.
    expect((await accountOf(user)).plan).toBe("free");
  });

  it("uses the business price, and default return URLs", async () => {
    const user = await createUser();
    expect((await checkout(user, { plan: "business" })).status).toBe(201);
    const form = stripeRequests.at(-1)!.form;
    expect(form["line_items[0][price]"]).toBe("price_test_business");
    expect(form.success_url).toBe("http://localhost/billing/success?session_id={CHECKOUT_SESSION_ID}");
  });

  it("validates the body, needs a bearer token, refuses the current plan", async () => {
    const user = await createUser({ plan: "pro" });
    expectFieldError(await checkout(user, { plan: "free" }), "plan");
    expectFieldError(await checkout(user, { plan: "business", successUrl: "javascript:alert(1)" }), "successUrl");
    expectError(await checkout(user, { plan: "pro" }), 409, "conflict");
    expectError(
      await call("POST", "/billing/checkout", { body: { plan: "pro" }, ip: uniqueIp() }),
      401,
      "unauthorized",
    );
  });

  it("a Stripe error is 502 CONNECTION_FAILED without Stripe's details, and a 400 is not retried", async () => {
    const user = await createUser();
    const before = stripeRequests.length;
    failNextStripeRequest(400);
    const res = await checkout(user, { plan: "pro" });
    expectError(res, 502, "CONNECTION_FAILED");
    expect(JSON.stringify(res.body)).not.toContain("sk_test");
    expect(JSON.stringify(res.body)).not.toContain("No such price");
    expect(stripeRequests.length - before).toBe(1);
  });

  it("retries a 5xx once with the same Idempotency-Key; two failures are 502", async () => {
    const user = await createUser();
    let before = stripeRequests.length;
    failNextStripeRequest(500);
    expect((await checkout(user, { plan: "pro" })).status).toBe(201);
    const [first, second] = stripeRequests.slice(before);
    expect(stripeRequests.length - before).toBe(2);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);

    before = stripeRequests.length;
    failNextStripeRequest(503, 502);
    expectError(await checkout(user, { plan: "pro" }), 502, "CONNECTION_FAILED");
    expect(stripeRequests.length - before).toBe(2);
  });

  it("5 per minute per user", async () => {
    expect(RATE_LIMITS["POST /billing/checkout"]).toEqual({ limit: 5, windowSeconds: 60, by: "user" });
    const user = await createUser();
    await awaitRoomInWindow(60);
    for (let i = 0; i < 5; i++) expect((await checkout(user, { plan: "pro" })).status).toBe(201);
    expectError(await checkout(user, { plan: "pro" }), 429, "RATE_LIMIT_EXCEEDED");
    expect((await checkout(await createUser(), { plan: "pro" })).status).toBe(201);
  });
});

describe("billing webhook", () => {
  it("a paid checkout.session.completed sets the plan; customer.subscription.deleted returns it to free", async () => {
    const user = await createUser({ entitlements: ["ai", "connectors", "provider:openai"] });
    const accountId = await accountIdOf(user);
    const session = completedSession({ accountId }, "business");
    const res = await signedDelivery(stripeEvent("checkout.session.completed", session));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ received: true, duplicate: false });
    let me = await accountOf(user);
    expect(me.plan).toBe("business");
    expect(me.entitlements).toEqual(expect.arrayContaining(["ai", "connectors", "provider:openai"]));

    // A live subscription: no second checkout (it would bill twice).
    expectError(await checkout(user, { plan: "pro" }), 409, "conflict");

    const deleted = await signedDelivery(
      stripeEvent("customer.subscription.deleted", {
        id: session.subscription,
        object: "subscription",
        status: "canceled",
        customer: session.customer,
      }),
    );
    expect(deleted.status).toBe(200);
    me = await accountOf(user);
    expect(me.plan).toBe("free");
    expect(me.entitlements).toEqual(expect.arrayContaining(["ai", "connectors", "provider:openai"]));
    expect((await checkout(user, { plan: "pro" })).status).toBe(201);
  });

  it("is idempotent by event id", async () => {
    const user = await createUser();
    const accountId = await accountIdOf(user);
    const id = `evt_${crypto.randomUUID().replace(/-/g, "")}`;
    const payload = stripeEvent("checkout.session.completed", completedSession({ accountId }, "pro"), id);
    expect((await signedDelivery(payload)).body.data).toEqual({ received: true, duplicate: false });
    // The operator moves the account back; a redelivery of the old event must not undo that.
    await call("PATCH", `/admin/users/${user.id}/account`, {
      body: { plan: "free" },
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}` },
    });
    const again = await signedDelivery(payload);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    expect((await accountOf(user)).plan).toBe("free");
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM billing_events WHERE id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("an unpaid completion changes nothing; other event types are acknowledged", async () => {
    const user = await createUser();
    const accountId = await accountIdOf(user);
    expect(
      (
        await signedDelivery(
          stripeEvent(
            "checkout.session.completed",
            completedSession({ accountId }, "pro", { payment_status: "unpaid" }),
          ),
        )
      ).status,
    ).toBe(200);
    expect((await accountOf(user)).plan).toBe("free");
    expect((await signedDelivery(stripeEvent("invoice.paid", { id: "in_1", object: "invoice" }))).body.data).toEqual({
      received: true,
      duplicate: false,
    });
  });

  it("refuses a wrong secret, a stale timestamp, a tampered body and a missing header", async () => {
    const user = await createUser();
    const accountId = await accountIdOf(user);
    const payload = stripeEvent("checkout.session.completed", completedSession({ accountId }, "business"));

    expectError(await deliver(payload, await stripeSignature(payload, "whsec_someone_else")), 400, "bad_request");
    // Six minutes old: beyond Stripe's five-minute tolerance, so a captured request cannot be replayed.
    expectError(
      await deliver(payload, await stripeSignature(payload, SECRET, Math.floor(Date.now() / 1000) - 360)),
      400,
      "bad_request",
    );
    const signature = await stripeSignature(payload, SECRET);
    expectError(await deliver(payload.replace('"business"', '"pro"'), signature), 400, "bad_request");
    expectError(await deliver(payload), 400, "bad_request");
    expectError(await deliver(payload, signature.replace(/v1=[0-9a-f]{2}/, "v1=zz")), 400, "bad_request");
    expectError(await deliver(payload, signature.replace(/^t=\d+,/, "")), 400, "bad_request");
    expect((await accountOf(user)).plan).toBe("free");
    // The same payload, properly signed, is then applied (nothing above recorded the event).
    expect((await deliver(payload, signature)).body.data.duplicate).toBe(false);
    expect((await accountOf(user)).plan).toBe("business");
  });
});

describe("billing webhook signature header", () => {
  it("accepts any matching v1 among several (a secret being rolled) and ignores other schemes", async () => {
    const payload = stripeEvent("invoice.paid", { id: "in_2", object: "invoice" });
    const good = await stripeSignature(payload, SECRET);
    const other = await stripeSignature(payload, "whsec_the_old_secret");
    const t = good.split(",")[0]!;
    const header = `${t},v0=deadbeef,${other.split(",")[1]},${good.split(",")[1]}`;
    expect((await deliver(payload, header)).body.data).toEqual({ received: true, duplicate: false });
    // Only the v0 (Stripe's test scheme) or only the old secret's v1: no valid signature.
    const fresh = stripeEvent("invoice.paid", { id: "in_3", object: "invoice" });
    const freshGood = await stripeSignature(fresh, SECRET);
    expectError(await deliver(fresh, `${freshGood.split(",")[0]},v0=${freshGood.split("v1=")[1]}`), 400, "bad_request");
  });

  it("a signed body that is not an event is 400", async () => {
    const payload = "not json";
    expectError(await deliver(payload, await stripeSignature(payload, SECRET)), 400, "bad_request");
  });
});

describe("billing unconfigured", () => {
  it("checkout and webhook answer 503 billing_unavailable", async () => {
    const user = await createUser();
    const app = await loadApp();
    const unconfigured = { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" } as Env;
    const send = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(
        new Request(`${BASE}${path}`, {
          method: "POST",
          body,
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp(), ...headers },
        }),
        unconfigured,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: response.status, headers: response.headers, body: (await response.json()) as any };
    };
    expectError(
      await send("/billing/checkout", JSON.stringify({ plan: "pro" }), { Authorization: `Bearer ${user.accessToken}` }),
      503,
      "billing_unavailable",
    );
    expectError(await send("/billing/webhook", "{}", { "Stripe-Signature": "t=1,v1=00" }), 503, "billing_unavailable");
  });
});
