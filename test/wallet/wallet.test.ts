import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp } from "../../src/app";
import { createDb } from "../../src/db/client";
import { recordRunEnd } from "../../src/domains/ai";
import { UNIT_PRICES } from "../../src/domains/ai/capabilities/prices";
import { debitRunCost } from "../../src/domains/wallet";
import { walletEntrySchema, walletSchema } from "../../src/domains/wallet/schemas";
import { sha1Hex } from "../../src/lib/crypto";
import { RATE_LIMITS } from "../../src/limits";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import {
  admin,
  BASE,
  call,
  createUser,
  expectError,
  expectFieldError,
  expectShape,
  uniqueIp,
  type TestUser,
} from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";
import { signTestToken } from "../helpers/tokens";
import {
  failNextStripeRequest,
  installFakeStripe,
  stripeEvent,
  stripeRequests,
  stripeSignature,
} from "../billing/fakes/stripe";

beforeAll(installFakeStripe);

const wallet = (user: TestUser, token = user.accessToken) => call("GET", "/wallet", { token, ip: uniqueIp() });
const entries = (user: TestUser, query = "", token = user.accessToken) =>
  call("GET", `/wallet/entries${query}`, { token, ip: uniqueIp() });
const adjust = (userId: string, body: Record<string, unknown>) =>
  admin("POST", `/admin/users/${userId}/wallet/adjustments`, body);
const topUp = (user: TestUser, body: Record<string, unknown>) =>
  call("POST", "/billing/top-ups", { token: user.accessToken, body, ip: uniqueIp() });

const oauthToken = (user: TestUser, scope: string) =>
  signTestToken(
    { sub: user.id, client_id: crypto.randomUUID(), scope },
    { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
  );

async function accountIdOf(user: TestUser) {
  const row = await env.DB.prepare("SELECT account_id FROM users WHERE id = ?")
    .bind(user.id)
    .first<{ account_id: string }>();
  return row!.account_id;
}

const deliver = async (payload: string) =>
  call("POST", "/billing/webhook", {
    body: payload,
    headers: { "Stripe-Signature": await stripeSignature(payload, env.STRIPE_WEBHOOK_SECRET) },
    ip: uniqueIp(),
  });

/** A top-up started through the API, with what Stripe was told (the webhook names the same). */
async function startedTopUp(user: TestUser, amountUsd: number) {
  const res = await topUp(user, { amountUsd });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const form = stripeRequests.at(-1)!.form;
  return {
    sessionId: res.body.data.sessionId as string,
    topUpId: form["metadata[topUpId]"]!,
    accountId: form["metadata[accountId]"]!,
    cents: Number(form["line_items[0][price_data][unit_amount]"]),
  };
}

/** The Checkout Session Stripe posts back when a top-up's checkout completes. */
const paidSession = (
  started: { sessionId: string; topUpId: string; accountId: string; cents: number },
  overrides: Record<string, unknown> = {},
) => ({
  id: started.sessionId,
  object: "checkout.session",
  mode: "payment",
  status: "complete",
  payment_status: "paid",
  amount_total: started.cents,
  currency: "usd",
  client_reference_id: started.accountId,
  customer: null,
  subscription: null,
  metadata: { accountId: started.accountId, topUpId: started.topUpId },
  ...overrides,
});

describe("GET /wallet", () => {
  it("a new account's wallet is 0 USD since the account was opened, with no spend cap and nothing spent", async () => {
    const user = await createUser();
    const res = await wallet(user);
    expect(res.status).toBe(200);
    const data = expectShape(walletSchema, res.body.data);
    const account = await env.DB.prepare("SELECT created_at FROM accounts WHERE id = ?")
      .bind(await accountIdOf(user))
      .first<{ created_at: string }>();
    expect(data).toEqual({
      balanceUsd: 0,
      currency: "USD",
      updatedAt: account!.created_at,
      monthlyCapUsd: null,
      monthSpentUsd: 0,
    });
    expect((await entries(user)).body).toMatchObject({
      data: [],
      meta: { limit: 20, offset: 0, total: 0, hasNextPage: false },
    });
  });

  it("an OAuth token with wallet:read reads the balance and the ledger; without it 403", async () => {
    const user = await createUser();
    expect((await adjust(user.id, { amountUsd: 3, reason: "welcome" })).status).toBe(201);
    const reader = await oauthToken(user, "wallet:read");
    expect((await wallet(user, reader)).body.data.balanceUsd).toBe(3);
    expect((await entries(user, "", reader)).body.data).toHaveLength(1);
    const other = await oauthToken(user, "email:read profile:read execution:run");
    const refused = await wallet(user, other);
    expectError(refused, 403, "forbidden");
    expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope", scope="wallet:read"');
    expectError(await entries(user, "", other), 403, "forbidden");
    // wallet:read reads; it does not buy.
    expectError(
      await call("POST", "/billing/top-ups", { token: reader, body: { amountUsd: 5 }, ip: uniqueIp() }),
      403,
      "forbidden",
    );
  });

  it("the ledger is newest first with offset pagination", async () => {
    const user = await createUser();
    for (const [amountUsd, reason] of [
      [1, "first"],
      [2.5, "second"],
      [-0.75, "third"],
    ] as const) {
      expect((await adjust(user.id, { amountUsd, reason })).status).toBe(201);
    }
    const page = await entries(user, "?limit=2");
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ limit: 2, offset: 0, total: 3, hasNextPage: true });
    expect(page.body.data.map((e: { description: string }) => e.description)).toEqual(["third", "second"]);
    const entry = expectShape(walletEntrySchema, page.body.data[0]);
    expect(entry).toMatchObject({ kind: "adjustment", amountUsd: -0.75, balanceAfterUsd: 2.75, reference: null });
    const rest = await entries(user, "?limit=2&offset=2");
    expect(rest.body.meta).toMatchObject({ limit: 2, offset: 2, total: 3, hasNextPage: false });
    expect(rest.body.data.map((e: { description: string }) => e.description)).toEqual(["first"]);
    expectFieldError(await entries(user, "?limit=51"), "limit");
    expectFieldError(await entries(user, "?offset=-1"), "offset");
  });

  it("X-Workspace-Id does not change whose wallet it is (the caller's account)", async () => {
    const owner = await createUser({ plan: "business" });
    const member = await createUser();
    const workspace = await call("POST", "/workspaces", {
      token: owner.accessToken,
      body: { name: "Team" },
      ip: uniqueIp(),
    });
    expect(workspace.status).toBe(201);
    expect(
      (
        await call("POST", `/workspaces/${workspace.body.data.id}/members`, {
          token: owner.accessToken,
          body: { email: member.email, role: "member" },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(201);
    expect((await adjust(owner.id, { amountUsd: 7, reason: "owner" })).status).toBe(201);
    const res = await call("GET", "/wallet", {
      token: member.accessToken,
      workspaceId: workspace.body.data.id,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.balanceUsd).toBe(0);
  });
});

describe("operator adjustments", () => {
  it("credits and debits, names the reason, and a reused reference is 409 changing nothing", async () => {
    const user = await createUser();
    const res = await adjust(user.id, { amountUsd: 12.5, reason: "Refund for a failed run", reference: "ticket-1" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(expectShape(walletEntrySchema, res.body.data)).toMatchObject({
      kind: "adjustment",
      amountUsd: 12.5,
      balanceAfterUsd: 12.5,
      reference: "ticket-1",
      description: "Refund for a failed run",
    });
    expectError(await adjust(user.id, { amountUsd: 12.5, reason: "again", reference: "ticket-1" }), 409, "conflict");
    expect((await adjust(user.id, { amountUsd: -20, reason: "chargeback" })).body.data.balanceAfterUsd).toBe(-7.5);
    // Below zero refuses nothing yet (CONTRACT): the balance is simply negative.
    expect((await wallet(user)).body.data.balanceUsd).toBe(-7.5);
  });

  it("validates the body, 404 for an unknown user, 401 without the operator token", async () => {
    const user = await createUser();
    expectFieldError(await adjust(user.id, { amountUsd: 0, reason: "nothing" }), "amountUsd");
    expectFieldError(await adjust(user.id, { amountUsd: 0.0000001, reason: "rounds to nothing" }), "amountUsd");
    expectFieldError(await adjust(user.id, { amountUsd: 100_001, reason: "too much" }), "amountUsd");
    expectFieldError(await adjust(user.id, { amountUsd: 1, reason: "  " }), "reason");
    expectFieldError(await adjust(user.id, { amountUsd: "1", reason: "a string" }), "amountUsd");
    expectError(await adjust(crypto.randomUUID(), { amountUsd: 1, reason: "nobody" }), 404, "not_found");
    expectError(
      await call("POST", `/admin/users/${user.id}/wallet/adjustments`, {
        body: { amountUsd: 1, reason: "x" },
        token: user.accessToken,
      }),
      401,
      "unauthorized",
    );
    expect((await wallet(user)).body.data.balanceUsd).toBe(0);
  });
});

describe("the running total", () => {
  it("equals the sum of the entries, and each entry's balanceAfter the sum up to it, after many mixed entries", async () => {
    const user = await createUser();
    const accountId = await accountIdOf(user);
    // Amounts whose float sum drifts (0.1 + 0.2 ...), sent concurrently, beside top-ups and AI debits.
    const adjustments = Array.from(
      { length: 30 },
      (_, i) => (i % 3 === 0 ? -0.3 : i % 3 === 1 ? 0.1 : 0.2) * (1 + (i % 7)) + 0.000001 * i,
    );
    const debits = Array.from({ length: 10 }, (_, i) => 123 * (i + 1));
    const started = [];
    for (const amount of [5, 12.34]) started.push(await startedTopUp(user, amount));
    await Promise.all([
      ...adjustments.map((amountUsd, i) =>
        adjust(user.id, { amountUsd, reason: `mixed ${i}` }).then((res) => expect(res.status).toBe(201)),
      ),
      ...debits.map((costMicros) =>
        debitRunCost(createDb(env.DB), { userId: user.id, messageId: crypto.randomUUID(), costMicros }),
      ),
      ...started.map(async (s) =>
        expect((await deliver(stripeEvent("checkout.session.completed", paidSession(s)))).body.data.duplicate).toBe(
          false,
        ),
      ),
    ]);
    const expectedMicros =
      adjustments.reduce((sum, usd) => sum + Math.round(usd * 1e6), 0) -
      debits.reduce((sum, micros) => sum + micros, 0) +
      (5 + 12.34) * 1e6;

    const { results } = await env.DB.prepare(
      "SELECT amount_micros, balance_after_micros FROM wallet_entries WHERE account_id = ? ORDER BY rowid",
    )
      .bind(accountId)
      .all<{ amount_micros: number; balance_after_micros: number }>();
    expect(results).toHaveLength(30 + 10 + 2);
    let running = 0;
    for (const row of results) {
      running += row.amount_micros;
      expect(row.balance_after_micros).toBe(running);
    }
    const total = await env.DB.prepare("SELECT balance_micros FROM wallets WHERE account_id = ?")
      .bind(accountId)
      .first<{ balance_micros: number }>();
    expect(total!.balance_micros).toBe(running);
    expect(running).toBe(Math.round(expectedMicros));
    expect((await wallet(user)).body.data.balanceUsd).toBe(running / 1e6);
    expect((await entries(user)).body.meta.total).toBe(42);
  });
});

describe("POST /billing/top-ups", () => {
  it("creates a Checkout Session in payment mode for the amount, naming the account and the top-up", async () => {
    const user = await createUser();
    const res = await topUp(user, {
      amountUsd: 20,
      successUrl: "https://app.example.com/paid",
      cancelUrl: "https://app.example.com/wallet",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      sessionId: expect.stringMatching(/^cs_test_/),
    });
    const sent = stripeRequests.at(-1)!;
    const accountId = await accountIdOf(user);
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.authorization).toBe("Bearer sk_test_fake_key_for_tests");
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "2000",
      "line_items[0][price_data][product_data][name]": "Wallet top-up",
      "line_items[0][quantity]": "1",
      success_url: "https://app.example.com/paid",
      cancel_url: "https://app.example.com/wallet",
      client_reference_id: accountId,
      customer_email: user.email,
      "metadata[accountId]": accountId,
      "metadata[topUpId]": expect.stringMatching(/^[0-9a-f-]{36}$/),
      "payment_intent_data[metadata][topUpId]": sent.form["metadata[topUpId]"],
    });
    expect(sent.form["line_items[0][price]"]).toBeUndefined();
    const row = await env.DB.prepare("SELECT * FROM wallet_top_ups WHERE id = ?")
      .bind(sent.form["metadata[topUpId]"])
      .first();
    expect(row).toMatchObject({
      account_id: accountId,
      amount_micros: 20_000_000,
      session_id: res.body.data.sessionId,
      status: "pending",
    });
    // Nothing is credited before Stripe reports the payment.
    expect((await wallet(user)).body.data.balanceUsd).toBe(0);
    expect((await topUp(user, { amountUsd: 12.34 })).status).toBe(201);
    expect(stripeRequests.at(-1)!.form["line_items[0][price_data][unit_amount]"]).toBe("1234");
    expect(stripeRequests.at(-1)!.form.success_url).toBe(
      "http://localhost/wallet/success?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("validates amountUsd (5 to 500, whole cents) and needs a bearer token", async () => {
    // Five requests a minute per user, refused ones included: a user per five.
    const [user, second] = await Promise.all([createUser(), createUser()]);
    for (const amountUsd of [4.99, 500.01, 10.005, "10", null])
      expectFieldError(await topUp(user, { amountUsd }), "amountUsd");
    expectFieldError(await topUp(second, {}), "amountUsd");
    expectFieldError(await topUp(second, { amountUsd: 5, successUrl: "javascript:alert(1)" }), "successUrl");
    expect((await topUp(second, { amountUsd: 5 })).status).toBe(201);
    expect((await topUp(second, { amountUsd: 500 })).status).toBe(201);
    expectError(
      await call("POST", "/billing/top-ups", { body: { amountUsd: 5 }, ip: uniqueIp() }),
      401,
      "unauthorized",
    );
  });

  it("a Stripe error is 502 CONNECTION_FAILED and leaves no pending top-up", async () => {
    const user = await createUser();
    failNextStripeRequest(400);
    expectError(await topUp(user, { amountUsd: 5 }), 502, "CONNECTION_FAILED");
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM wallet_top_ups WHERE account_id = ?")
      .bind(await accountIdOf(user))
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("5 per minute per user", async () => {
    expect(RATE_LIMITS["POST /billing/top-ups"]).toEqual({ limit: 5, windowSeconds: 60, by: "user" });
    const user = await createUser();
    await awaitRoomInWindow(60);
    for (let i = 0; i < 5; i++) expect((await topUp(user, { amountUsd: 5 })).status).toBe(201);
    expectError(await topUp(user, { amountUsd: 5 }), 429, "RATE_LIMIT_EXCEEDED");
    expect((await topUp(await createUser(), { amountUsd: 5 })).status).toBe(201);
  });
});

describe("top-up webhook", () => {
  it("credits a paid top-up exactly once: a replay and a second event for the same payment credit nothing", async () => {
    const user = await createUser();
    const started = await startedTopUp(user, 20);
    const id = `evt_${crypto.randomUUID().replace(/-/g, "")}`;
    const payload = stripeEvent("checkout.session.completed", paidSession(started), id);
    expect((await deliver(payload)).body.data).toEqual({ received: true, duplicate: false });
    expect((await wallet(user)).body.data.balanceUsd).toBe(20);

    expect((await deliver(payload)).body.data).toEqual({ received: true, duplicate: true });
    expect(
      (await deliver(stripeEvent("checkout.session.async_payment_succeeded", paidSession(started)))).body.data,
    ).toEqual({ received: true, duplicate: true });
    expect((await wallet(user)).body.data.balanceUsd).toBe(20);

    const ledger = (await entries(user)).body.data;
    expect(ledger).toEqual([
      expect.objectContaining({ kind: "topup", amountUsd: 20, balanceAfterUsd: 20, reference: started.topUpId }),
    ]);
    const row = await env.DB.prepare("SELECT status, credited_at FROM wallet_top_ups WHERE id = ?")
      .bind(started.topUpId)
      .first<{ status: string; credited_at: string }>();
    expect(row).toMatchObject({ status: "credited", credited_at: expect.any(String) });
    // A top-up never touches the plan.
    expect((await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() })).body.data.plan).toBe("free");
  });

  it("an unpaid completion credits nothing until the delayed payment succeeds", async () => {
    const user = await createUser();
    const started = await startedTopUp(user, 7.5);
    expect(
      (await deliver(stripeEvent("checkout.session.completed", paidSession(started, { payment_status: "unpaid" }))))
        .status,
    ).toBe(200);
    expect((await wallet(user)).body.data.balanceUsd).toBe(0);
    expect(
      (await deliver(stripeEvent("checkout.session.async_payment_succeeded", paidSession(started)))).body.data
        .duplicate,
    ).toBe(false);
    expect((await wallet(user)).body.data.balanceUsd).toBe(7.5);
  });

  it("credits what the top-up was created for, and nothing when the metadata names another account or no top-up", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const started = await startedTopUp(user, 10);
    await deliver(
      stripeEvent(
        "checkout.session.completed",
        paidSession(started, { metadata: { accountId: await accountIdOf(stranger), topUpId: started.topUpId } }),
      ),
    );
    await deliver(
      stripeEvent(
        "checkout.session.completed",
        paidSession(started, { metadata: { accountId: started.accountId, topUpId: crypto.randomUUID() } }),
      ),
    );
    expect((await wallet(user)).body.data.balanceUsd).toBe(0);
    expect((await wallet(stranger)).body.data.balanceUsd).toBe(0);
    // The session's reported amount does not decide the credit; the top-up's own amount does.
    await deliver(stripeEvent("checkout.session.completed", paidSession(started, { amount_total: 999_999 })));
    expect((await wallet(user)).body.data.balanceUsd).toBe(10);
  });
});

describe("AI usage debit", () => {
  /** A model's id as the ai domain derives it from its key (models.ts `modelId`: SHA-1, version 5 layout). */
  async function modelIdOf(key: string) {
    const hex = (await sha1Hex(`ai-model:${key}`)).slice(0, 32).split("");
    hex[12] = "5";
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  }

  /** The session of each reply these tests write, for its run's end (it goes through the session's object). */
  const sessionOf = new Map<string, string>();
  const endRun = (user: TestUser, messageId: string, end: Parameters<typeof recordRunEnd>[2]) =>
    recordRunEnd(env, { messageId, sessionId: sessionOf.get(messageId)!, userId: user.id }, end);

  /** A reply whose run is going, with the given model, as the tree before the conversation objects left it in D1. */
  async function runningReply(user: TestUser, modelKey: string) {
    const session = await call("POST", "/ai/sessions", { token: user.accessToken, body: {}, ip: uniqueIp() });
    expect(session.status).toBe(201);
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO ai_messages (id, session_id, seq, role, status, is_active, run_id, model_id, created_at) VALUES (?, ?, 1, 'assistant', 'running', 1, ?, ?, ?)",
    )
      .bind(id, session.body.data.id, crypto.randomUUID(), await modelIdOf(modelKey), new Date().toISOString())
      .run();
    sessionOf.set(id, session.body.data.id);
    return id;
  }

  it("a priced run's cost is debited once when its end is recorded, however often that happens", async () => {
    const user = await createUser();
    const messageId = await runningReply(user, "gpt-4o-mini");
    await endRun(user, messageId, {
      status: "completed",
      content: "done",
      inputTokens: 1000,
      outputTokens: 2000,
    });
    // gpt-4o-mini: 0.15 USD per million input tokens, 0.60 per million output tokens.
    const expected = -(1000 * 0.15 + 2000 * 0.6) / 1e6;
    expect((await wallet(user)).body.data.balanceUsd).toBeCloseTo(expected, 9);
    await endRun(user, messageId, {
      status: "failed",
      content: "again",
      inputTokens: 5000,
      outputTokens: 5000,
    });
    await debitRunCost(createDb(env.DB), { userId: user.id, messageId, costMicros: 1_000_000 });
    const ledger = (await entries(user)).body.data;
    expect(ledger).toEqual([
      expect.objectContaining({ kind: "usage", amountUsd: -0.00135, reference: messageId, description: "AI run" }),
    ]);
  });

  /** A session whose replies ran one after another (inserted running, then ended), as the API runs them. */
  async function sessionOfRuns(
    user: TestUser,
    runs: { modelKey: string; inputTokens: number; outputTokens: number; costUnits?: Record<string, number> }[],
  ) {
    const session = await call("POST", "/ai/sessions", { token: user.accessToken, body: {}, ip: uniqueIp() });
    expect(session.status).toBe(201);
    const ids: string[] = [];
    for (const [i, run] of runs.entries()) {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "INSERT INTO ai_messages (id, session_id, seq, role, status, is_active, run_id, model_id, created_at) VALUES (?, ?, ?, 'assistant', 'running', 1, ?, ?, ?)",
      )
        .bind(
          id,
          session.body.data.id,
          i + 1,
          crypto.randomUUID(),
          await modelIdOf(run.modelKey),
          new Date().toISOString(),
        )
        .run();
      sessionOf.set(id, session.body.data.id);
      const { modelKey: _, ...end } = run;
      await endRun(user, id, { status: "completed", content: "done", ...end });
      ids.push(id);
    }
    const usage = await call("GET", `/ai/operations/sessions/${session.body.data.id}/usage`, {
      token: user.accessToken,
      ip: uniqueIp(),
    });
    expect(usage.status).toBe(200);
    return { ids, usage: usage.body.data };
  }

  it("capability units are debited with the tokens; a part without a price costs nothing and the usage endpoint names it", async () => {
    const user = await createUser();
    const priced = await sessionOfRuns(user, [
      {
        modelKey: "gpt-4o-mini",
        inputTokens: 1000,
        outputTokens: 2000,
        costUnits: { "search.brave": 4, "page.read": 6 },
      },
    ]);
    // 0.00135 of tokens (as above) and 4 Brave queries at 0.005.
    expect(priced.usage).toMatchObject({ estimatedCostUsd: 0.02135, unpricedUnits: [] });
    const sdxl = "image.workers-ai.stable-diffusion-xl-base-1.0";
    expect(UNIT_PRICES[sdxl]).toBeUndefined();
    const partly = await sessionOfRuns(user, [
      { modelKey: "gpt-4o-mini", inputTokens: 1000, outputTokens: 2000, costUnits: { [sdxl]: 2, "search.tavily": 1 } },
      { modelKey: "fake-basic", inputTokens: 50, outputTokens: 50, costUnits: { "video.sora.seconds": 4 } },
    ]);
    expect(partly.usage).toMatchObject({
      estimatedCostUsd: null,
      costUnits: { [sdxl]: 2, "search.tavily": 1, "video.sora.seconds": 4 },
      unpricedUnits: expect.arrayContaining([sdxl, `tokens.${await modelIdOf("fake-basic")}`]),
    });
    expect(partly.usage.unpricedUnits).toHaveLength(2);
    const ledger = (await entries(user)).body.data;
    expect(ledger).toEqual([
      // The unpriced model's tokens cost nothing; Sora's 4 seconds at 0.10 do.
      expect.objectContaining({ kind: "usage", amountUsd: -0.4, reference: partly.ids[1] }),
      // 0.00135 of tokens and Tavily's 0.008; the SDXL images have no price.
      expect.objectContaining({ kind: "usage", amountUsd: -0.00935, reference: partly.ids[0] }),
      expect.objectContaining({ kind: "usage", amountUsd: -0.02135, reference: priced.ids[0] }),
    ]);
  });

  it("a session's debits add up to its usage estimate rounded once, not to each run rounded alone", async () => {
    const user = await createUser();
    // gpt-4o-mini's 0.15 USD per million input tokens: 3 tokens cost 0.45 micro-dollars, which
    // rounds to nothing alone; 20 such runs cost 9 micro-dollars.
    const { ids, usage } = await sessionOfRuns(
      user,
      Array.from({ length: 20 }, () => ({ modelKey: "gpt-4o-mini", inputTokens: 3, outputTokens: 0 })),
    );
    expect(usage).toMatchObject({ runCount: 20, estimatedCostUsd: 0.000009, unpricedUnits: [] });
    const { results } = await env.DB.prepare(
      `SELECT reference, amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference IN (${ids.map(() => "?").join(",")})`,
    )
      .bind(...ids)
      .all<{ reference: string; amount_micros: number }>();
    expect(results.reduce((sum, row) => sum + row.amount_micros, 0)).toBe(-9);
    // Each run pays at most a micro-dollar more or less than its own 0.45.
    for (const row of results) expect(row.amount_micros).toBe(-1);
    // Recording an end again changes nothing.
    await endRun(user, ids[5]!, { status: "completed", content: "x", inputTokens: 1e6, outputTokens: 0 });
    expect((await wallet(user)).body.data.balanceUsd).toBe(-0.000009);
  });

  it("runs without a price, or that cost nothing, debit nothing", async () => {
    const user = await createUser();
    for (const key of ["fake-basic", "demo"]) {
      const messageId = await runningReply(user, key);
      await endRun(user, messageId, {
        status: "completed",
        content: "done",
        inputTokens: 1000,
        outputTokens: 2000,
      });
    }
    const stopped = await runningReply(user, "gpt-4o-mini");
    await endRun(user, stopped, { status: "stopped", content: "", inputTokens: 0, outputTokens: 0 });
    expect((await entries(user)).body.meta.total).toBe(0);
  });

  it("a real run through the API ends with the wallet untouched when its model has no price", async () => {
    const user = await createUser();
    const session = await call("POST", "/ai/sessions", { token: user.accessToken, body: {}, ip: uniqueIp() });
    const sent = await call("POST", `/ai/sessions/${session.body.data.id}/messages`, {
      token: user.accessToken,
      body: { content: "hello", model: "demo" },
      ip: uniqueIp(),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const assistantId = sent.body.data.assistantMessage.id;
    // The reply lives in the session's object; its run row says how it ended.
    const runStatus = async () =>
      (await env.DB.prepare("SELECT status FROM ai_runs WHERE message_id = ?")
        .bind(assistantId)
        .first<{ status: string }>())!.status;
    for (let i = 0; i < 200; i++) {
      if (!["queued", "running"].includes(await runStatus())) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await runStatus()).toBe("completed");
    expect((await entries(user)).body.meta.total).toBe(0);
  });
});

describe("wallet top-ups and configuration", () => {
  async function post(path: string, body: unknown, token: string, bindings: Record<string, string>) {
    const ctx = createExecutionContext();
    const response = await (await loadApp()).fetch(
      new Request(`${BASE}${path}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: {
          "Content-Type": "application/json",
          "CF-Connecting-IP": uniqueIp(),
          Authorization: `Bearer ${token}`,
        },
      }),
      { ...env, ...bindings } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }

  it("without Stripe's secrets top-ups answer 503 billing_unavailable", async () => {
    const user = await createUser();
    expectError(
      await post("/billing/top-ups", { amountUsd: 5 }, user.accessToken, { STRIPE_SECRET_KEY: "" }),
      503,
      "billing_unavailable",
    );
  });

  it("without the plans' price ids plan checkout is 503 but top-ups work (they name their amount)", async () => {
    const user = await createUser();
    const noPrices = { STRIPE_PRICE_PRO: "", STRIPE_PRICE_BUSINESS: "" };
    expectError(
      await post("/billing/checkout", { plan: "pro" }, user.accessToken, noPrices),
      503,
      "billing_unavailable",
    );
    expect((await post("/billing/top-ups", { amountUsd: 5 }, user.accessToken, noPrices)).status).toBe(201);
  });
});
