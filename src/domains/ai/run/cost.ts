import { and, count, eq, isNotNull, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { aiMessages } from "../../../db/schema/ai";
import { UNIT_PRICES } from "../capabilities/prices";
import { usdToMicros } from "../../wallet";
import { priceOfModel } from "../models";
import { RUN_NOT_STARTED } from "../runs";

/**
 * The one pricing of AI usage (CONTRACT "Wallet"): the usage endpoint's `estimatedCostUsd` and the
 * wallet's debits both come from `priceParts` over the same rows, so they cannot disagree.
 */

/** One model's tokens, summed over runs. */
export interface ModelTokens {
  modelId: string | null;
  input: number;
  output: number;
  runs: number;
}

/** What a set of runs used: tokens per model, and capability units beside them. */
export interface CostParts {
  tokens: ModelTokens[];
  units: Record<string, number>;
}

export interface PricedParts {
  /** The priced parts' sum in USD, not rounded (round once, at the end). */
  pricedUsd: number;
  /** The parts without a price (`tokens.<modelId>`, or a unit's name), which `pricedUsd` leaves out. */
  unpriced: string[];
}

/** The name a model's tokens go by among unpriced parts. */
const tokensPart = (modelId: string | null) => `tokens.${modelId ?? "unknown"}`;

/**
 * Prices `parts`: each model's tokens at its list price per million, each unit at its price in
 * `capabilities/prices.ts`. A part without a price adds nothing and is named in `unpriced`; a part
 * of 0 (a model that wrote nothing, as under an image or video run's fixed reply) costs 0 whatever
 * its price. Parts are summed in a fixed order (model id, unit name), so equal parts give bit-equal sums.
 */
export async function priceParts(parts: CostParts): Promise<PricedParts> {
  let pricedUsd = 0;
  const unpriced: string[] = [];
  const byModel = [...parts.tokens].sort((a, b) => (a.modelId ?? "").localeCompare(b.modelId ?? ""));
  for (const group of byModel) {
    if (group.input === 0 && group.output === 0) continue;
    const price = await priceOfModel(group.modelId);
    if (price) pricedUsd += (group.input * price.inputPerMillion + group.output * price.outputPerMillion) / 1e6;
    else unpriced.push(tokensPart(group.modelId));
  }
  for (const unit of Object.keys(parts.units).sort()) {
    if (parts.units[unit] === 0) continue;
    const price = UNIT_PRICES[unit];
    if (price === undefined) unpriced.push(unit);
    else pricedUsd += parts.units[unit]! * price;
  }
  return { pricedUsd, unpriced };
}

/**
 * The replies of a session that count as runs (all versions; stopped and failed ones too: they
 * were paid for). A run its object never accepted did nothing: not a run here.
 */
export const countedRuns = (sessionId: string, ...more: (SQL | undefined)[]) =>
  and(
    eq(aiMessages.sessionId, sessionId),
    eq(aiMessages.role, "assistant"),
    isNotNull(aiMessages.runId),
    sql`coalesce(json_extract(${aiMessages.runError}, '$.code'), '') <> ${RUN_NOT_STARTED}`,
    ...more,
  );

/** The two reads of `CostParts` over the replies `where` selects, for one D1 batch. */
export function costPartsQueries(db: Db, where: SQL | undefined) {
  return [
    db
      .select({
        modelId: aiMessages.modelId,
        input: sum(aiMessages.inputTokens).mapWith(Number),
        output: sum(aiMessages.outputTokens).mapWith(Number),
        runs: count(),
      })
      .from(aiMessages)
      .where(where)
      .groupBy(aiMessages.modelId),
    db
      .select({ costUnits: aiMessages.costUnits })
      .from(aiMessages)
      .where(and(where, isNotNull(aiMessages.costUnits))),
  ] as const;
}

/** The batch's answers as `CostParts` (units summed per name; integers, so the sums are exact). */
export function costPartsOf(tokens: ModelTokens[], rows: { costUnits: Record<string, number> | null }[]): CostParts {
  const units: Record<string, number> = {};
  for (const row of rows) {
    for (const [unit, amount] of Object.entries(row.costUnits ?? {})) units[unit] = (units[unit] ?? 0) + amount;
  }
  return { tokens, units };
}

/**
 * Where a reply stands among its session's replies: its `rowid`, which grows with each insert.
 * Replies are inserted as they are sent, and a session's runs go one at a time (a unique index),
 * so this is the order in which they ran and ended. (`createdAt` may tie within a millisecond.)
 */
const position = sql<number>`"ai_messages"."rowid"`;

/** What the run's end reads back from its reply's row: its place in its session, and whose wallet pays. */
export const endedRun = {
  sessionId: aiMessages.sessionId,
  position,
  userId: sql<string>`(SELECT user_id FROM ai_sessions WHERE id = ${aiMessages.sessionId})`,
};

/**
 * A run's debit in micro-USD: its priced parts, as the increase it makes to its session's priced
 * total rounded once: round(session through this run) − round(session before it). So a session's
 * debits add up to exactly the usage endpoint's `estimatedCostUsd` (priced per model, rounded
 * once), each within a micro-dollar of the run priced alone. It reads only rows already final
 * (the runs before this one ended before it started), so recomputing it gives the same amount.
 */
export async function runDebitMicros(db: Db, run: { sessionId: string; position: number }) {
  const [beforeTokens, beforeUnits, throughTokens, throughUnits] = await db.batch([
    ...costPartsQueries(db, countedRuns(run.sessionId, sql`${position} < ${run.position}`)),
    ...costPartsQueries(db, countedRuns(run.sessionId, sql`${position} <= ${run.position}`)),
  ]);
  const before = await priceParts(costPartsOf(beforeTokens, beforeUnits));
  const through = await priceParts(costPartsOf(throughTokens, throughUnits));
  return Math.max(0, usdToMicros(through.pricedUsd) - usdToMicros(before.pricedUsd));
}
