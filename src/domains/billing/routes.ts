import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { ok } from "../../http/envelope";
import { issuerOf } from "../../http/context";
import { bearerAuth, envelope, errors, json, jsonBody } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { authenticate } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { startCheckout } from "./checkout";
import { checkoutBody, checkoutResultSchema, topUpBody, webhookResultSchema } from "./schemas";
import { startTopUp } from "./top-ups";
import { handleWebhook } from "./webhooks";
import { ctxOf, requestCtxOf } from "../identity";

const tags = ["Billing"];

/**
 * Where Stripe sends the browser back: the URLs the client named, else the web app's `page`
 * (this API's public origin when no web app is configured).
 */
function returnUrls(
  c: Context<AppEnv>,
  page: "billing" | "wallet",
  named: { successUrl?: string; cancelUrl?: string },
) {
  const webAppUrl = c.env.WEB_APP_URL?.trim();
  const base = webAppUrl ? webAppUrl.replace(/\/+$/, "") : issuerOf(c);
  return {
    successUrl: named.successUrl ?? `${base}/${page}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: named.cancelUrl ?? `${base}/${page}/cancel`,
  };
}

export const billingRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/billing/checkout",
      tags,
      summary: "Start a Stripe Checkout for a paid plan (subscription)",
      description:
        "Returns the Checkout Session's URL for the browser. The plan changes when Stripe reports the paid checkout (POST /billing/webhook). 503 `billing_unavailable` when Stripe is not configured; 409 when the account is on that plan already or has a live subscription.",
      security: bearerAuth,
      middleware: [authenticate(), rateLimit],
      request: { body: jsonBody(checkoutBody) },
      responses: {
        201: json(envelope(checkoutResultSchema), "Checkout Session created"),
        ...errors(400, 401, 403, 409, 413, 415, 429, 502, 503),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await startCheckout(ctxOf(c), body.plan, returnUrls(c, "billing", body)), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/billing/top-ups",
      tags,
      summary: "Top up the wallet: a Stripe Checkout (one payment) for 5 to 500 USD",
      description:
        "Returns the Checkout Session's URL for the browser. The wallet is credited when Stripe reports the paid checkout (POST /billing/webhook), once. Any signed-in user (first-party token); 503 `billing_unavailable` when Stripe is not configured.",
      security: bearerAuth,
      middleware: [authenticate(), rateLimit],
      request: { body: jsonBody(topUpBody) },
      responses: {
        201: json(envelope(checkoutResultSchema), "Checkout Session created"),
        ...errors(400, 401, 403, 413, 415, 429, 502, 503),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await startTopUp(ctxOf(c), body.amountUsd, returnUrls(c, "wallet", body)), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/billing/webhook",
      tags,
      summary:
        "Stripe webhook: a paid checkout sets the plan or credits a top-up, a deleted subscription returns to free",
      description:
        "The body is Stripe's event JSON, verified against the `Stripe-Signature` header (`t=...,v1=...`, HMAC-SHA256 with the endpoint secret, at most 5 minutes old). Idempotent by event id. Handled: `checkout.session.completed` and `checkout.session.async_payment_succeeded` (when `payment_status` is `paid`; subscription mode sets the plan, payment mode credits the wallet top-up once), `customer.subscription.deleted`; other events are acknowledged and ignored. 400 for a missing or invalid signature, 503 `billing_unavailable` when Stripe is not configured.",
      middleware: [rateLimit],
      responses: { 200: json(envelope(webhookResultSchema), "Received"), ...errors(400, 413, 415, 429, 503) },
    }),
    async (c) => {
      // The signature covers the exact bytes Stripe sent: read them raw, never re-serialized JSON.
      const payload = await c.req.text();
      return ok(c, await handleWebhook(requestCtxOf(c), payload, c.req.header("Stripe-Signature")));
    },
  );
