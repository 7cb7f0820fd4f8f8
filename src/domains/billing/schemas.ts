import { z } from "@hono/zod-openapi";

// Only the format's message is this field's own; its length reads in the common wording.
const redirectUrl = z
  .url({
    protocol: /^https?$/,
    error: (issue) => (issue.code === "invalid_format" ? "must be an http(s) URL" : undefined),
  })
  .max(2048);

export const checkoutBody = z
  .strictObject({
    plan: z.enum(["pro", "business"]),
    successUrl: redirectUrl.optional(),
    cancelUrl: redirectUrl.optional(),
  })
  .openapi("CheckoutRequest", {
    example: {
      plan: "pro",
      successUrl: "https://app.example.com/billing/success",
      cancelUrl: "https://app.example.com/billing/cancel",
    },
  });

/** Stripe charges whole cents; the wallet's range is the contract's. */
export const topUpBody = z
  .strictObject({
    amountUsd: z
      .number()
      .min(5)
      .max(500)
      .refine((usd) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6, "must be a whole number of cents"),
    successUrl: redirectUrl.optional(),
    cancelUrl: redirectUrl.optional(),
  })
  .openapi("TopUpRequest", {
    example: {
      amountUsd: 20,
      successUrl: "https://app.example.com/wallet/paid",
      cancelUrl: "https://app.example.com/wallet",
    },
  });

export const checkoutResultSchema = z
  .object({ checkoutUrl: z.string(), sessionId: z.string() })
  .openapi("CheckoutSession");

export const webhookResultSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .openapi("WebhookReceipt");
