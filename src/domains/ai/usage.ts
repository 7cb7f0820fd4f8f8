import { and, count, eq, isNotNull, sql, sum } from "drizzle-orm";
import { aiMessages, aiSessions } from "../../db/schema";
import type { Ctx } from "../identity";
import { UNIT_PRICES } from "./capabilities/prices";
import { priceOfModel } from "./models";
import { RUN_NOT_STARTED } from "./runs";
import { callersSession, sessionNotFound } from "./sessions";

/** USD, rounded to a millionth of a dollar (prices are per million tokens). */
const roundUsd = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Token totals of every run in the session (all versions, stopped and failed ones too: they were
 * paid for), from the counts each run recorded; a run that never started is not counted. Cost
 * units (search queries, pages read) are summed beside them. The cost is null when any run's model
 * or any unit has no public price, since a partial sum would understate it.
 */
export async function sessionUsage(ctx: Ctx, sessionId: string) {
  const { db } = ctx;
  const counted = and(
    eq(aiMessages.sessionId, sessionId),
    eq(aiMessages.role, "assistant"),
    isNotNull(aiMessages.runId),
    // A run its object never accepted did nothing: not a run here.
    sql`coalesce(json_extract(${aiMessages.runError}, '$.code'), '') <> ${RUN_NOT_STARTED}`,
  );
  const [sessions, byModel, withUnits] = await db.batch([
    db.select({ id: aiSessions.id }).from(aiSessions).where(callersSession(ctx, sessionId)),
    db
      .select({
        modelId: aiMessages.modelId,
        input: sum(aiMessages.inputTokens).mapWith(Number),
        output: sum(aiMessages.outputTokens).mapWith(Number),
        runs: count(),
      })
      .from(aiMessages)
      .where(counted)
      .groupBy(aiMessages.modelId),
    db
      .select({ costUnits: aiMessages.costUnits })
      .from(aiMessages)
      .where(and(counted, isNotNull(aiMessages.costUnits))),
  ]);
  if (!sessions[0]) throw sessionNotFound();
  let input = 0;
  let output = 0;
  let runs = 0;
  let cost: number | null = 0;
  for (const group of byModel) {
    input += group.input;
    output += group.output;
    runs += group.runs;
    const price = await priceOfModel(group.modelId);
    cost =
      price && cost !== null
        ? cost + (group.input * price.inputPerMillion + group.output * price.outputPerMillion) / 1e6
        : null;
  }
  // Capability units (search queries, pages read) beside the tokens, priced by their own table.
  const costUnits: Record<string, number> = {};
  for (const row of withUnits) {
    for (const [unit, amount] of Object.entries(row.costUnits ?? {})) costUnits[unit] = (costUnits[unit] ?? 0) + amount;
  }
  for (const [unit, amount] of Object.entries(costUnits)) {
    const price = UNIT_PRICES[unit];
    cost = price !== undefined && cost !== null ? cost + amount * price : null;
  }
  return {
    sessionId,
    totalInputTokens: input,
    totalOutputTokens: output,
    totalTokens: input + output,
    runCount: runs,
    costUnits,
    estimatedCostUsd: cost === null ? null : roundUsd(cost),
  };
}
