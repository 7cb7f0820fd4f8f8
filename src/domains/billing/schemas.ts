import { z } from "@hono/zod-openapi";

const redirectUrl = z
  .url({ protocol: /^https?$/, message: "must be an http(s) URL" })
  .max(2048);

export const checkoutBody = z
  .strictObject({ plan: z.enum(["pro", "business"]), successUrl: redirectUrl.optional(), cancelUrl: redirectUrl.optional() })
  .openapi("CheckoutRequest", { example: {"plan": "pro", "successUrl": "https://app.example.com/billing/success", "cancelUrl": "https://app.example.com/billing/cancel"} });

export const checkoutResultSchema = z.object({ checkoutUrl: z.string(), sessionId: z.string() }).openapi("CheckoutSession");

export const webhookResultSchema = z.object({ received: z.literal(true), duplicate: z.boolean() }).openapi("WebhookReceipt");
