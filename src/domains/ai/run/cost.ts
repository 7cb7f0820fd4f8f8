import { sql } from "drizzle-orm";
import { aiMessages } from "../../../db/schema/ai";
import { priceOfModel } from "../models";

/** What the run's end reads back from its reply's row to price the run, and whose wallet pays. */
export const pricedRun = {
  modelId: aiMessages.modelId,
  inputTokens: aiMessages.inputTokens,
  outputTokens: aiMessages.outputTokens,
  userId: sql<string>`(SELECT user_id FROM ai_sessions WHERE id = ${aiMessages.sessionId})`,
};

/** A run's `estimatedCostUsd` (docs/ai.md "Cost"): its tokens at its model's list price; null when the model has none. */
export async function runCostUsd(run: { modelId: string | null; inputTokens: number; outputTokens: number }) {
  const price = await priceOfModel(run.modelId);
  return price ? (run.inputTokens * price.inputPerMillion + run.outputTokens * price.outputPerMillion) / 1e6 : null;
}
