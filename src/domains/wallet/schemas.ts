import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";
import { offsetQuery } from "../../lib/pagination-schemas";
import { usdToMicros } from "./money";

/** CONTRACT Wallet "Spend cap": a monthly cap is 0 to 100 000 USD. */
const MAX_MONTHLY_CAP_USD = 100_000;

export const walletSchema = z
  .object({
    balanceUsd: z.number(),
    currency: z.literal("USD"),
    updatedAt: isoDate(),
    monthlyCapUsd: z.number().nullable().openapi({
      description:
        "The monthly spend cap (USD); null: no cap. Priced AI runs are refused (402 `spend_cap_reached`) once the month's spend reaches it.",
    }),
    monthSpentUsd: z.number().openapi({
      description: "This calendar month's AI spend (UTC): minus the sum of the month's `usage` entries",
    }),
  })
  .openapi("Wallet", {
    example: {
      balanceUsd: 19.876543,
      currency: "USD",
      updatedAt: "2026-01-05T10:00:00.000Z",
      monthlyCapUsd: 25,
      monthSpentUsd: 3.41,
    },
  });

/** CONTRACT Wallet "Spend cap": 0 (no priced run) to 100 000 USD, or null to remove the cap. */
export const spendCapBody = z
  .strictObject({
    monthlyCapUsd: z.number().min(0).max(MAX_MONTHLY_CAP_USD).nullable(),
  })
  .openapi("WalletSpendCapRequest", { example: { monthlyCapUsd: 25 } });

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
