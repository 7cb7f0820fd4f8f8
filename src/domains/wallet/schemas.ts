import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";
import { offsetQuery } from "../../lib/pagination";
import { usdToMicros } from "./money";

export const walletSchema = z
  .object({ balanceUsd: z.number(), currency: z.literal("USD"), updatedAt: isoDate() })
  .openapi("Wallet", { example: { balanceUsd: 19.876543, currency: "USD", updatedAt: "2026-01-05T10:00:00.000Z" } });

export const walletEntrySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["topup", "usage", "adjustment"]),
    /** Signed: credits positive, debits negative. */
    amountUsd: z.number(),
    balanceAfterUsd: z.number(),
    reference: z
      .string()
      .nullable()
      .openapi({ description: "The top-up id, the assistant message id of an AI run, or the operator's reference" }),
    description: z.string().nullable(),
    createdAt: isoDate(),
  })
  .openapi("WalletEntry");

export const listEntriesQuery = offsetQuery();

/** At most this much either way in one operator adjustment: a typo should not mint a fortune. */
const MAX_ADJUSTMENT_USD = 100_000;

export const adjustmentBody = z
  .strictObject({
    amountUsd: z
      .number()
      .min(-MAX_ADJUSTMENT_USD)
      .max(MAX_ADJUSTMENT_USD)
      .refine((usd) => usdToMicros(usd) !== 0, "must not be zero (the wallet counts millionths of a dollar)"),
    reason: z.string().trim().min(1).max(500),
    reference: z.string().trim().min(1).max(200).optional(),
  })
  .openapi("WalletAdjustmentRequest", {
    example: { amountUsd: 5, reason: "Refund for a failed run", reference: "ticket-1234" },
  });
