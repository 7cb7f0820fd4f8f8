import { and, count, eq, isNotNull, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { aiRuns } from "../../../db/schema/ai";
import { UNIT_PRICES } from "../capabilities/prices";
import { usdToMicros } from "../../wallet";
import { priceOfModel } from "../models";

/**
 * The one pricing of AI usage (CONTRACT "Wallet"): the usage endpoint's `estimatedCostUsd` and the
 * wallet's debits both come from `priceParts` over the same run rows, so they cannot disagree.
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
 * The runs of a session, from the run record (docs/ai.md "The run record"): every row (all
 * versions; stopped and failed runs too: they were paid for; a run still going counts, with what
 * its row holds until its end: nothing). A run its object never accepted has no row.
 */
export const sessionRuns = (sessionId: string, ...more: (SQL | undefined)[]) =>
  and(eq(aiRuns.sessionId, sessionId), ...more);

/** The two reads of `CostParts` over the run rows `where` selects, for one D1 batch. */
export function costPartsQueries(db: Db, where: SQL | undefined) {
  return [
    db
      .select({
        modelId: aiRuns.modelId,
        input: sum(aiRuns.inputTokens).mapWith(Number),
        output: sum(aiRuns.outputTokens).mapWith(Number),
        runs: count(),
      })
      .from(aiRuns)
      .where(where)
      .groupBy(aiRuns.modelId),
    db
      .select({ costUnits: aiRuns.costUnits })
      .from(aiRuns)
      .where(and(where, isNotNull(aiRuns.costUnits))),
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

/** `parts` with one more run's usage added to its model's group, as a grouped sum over its row would. */
function withRun(parts: CostParts, run: RunUsage): CostParts {
  const tokens = parts.tokens.map((group) => ({ ...group }));
  const group = tokens.find((g) => g.modelId === run.modelId);
  if (group) {
    group.input += run.inputTokens;
    group.output += run.outputTokens;
    group.runs += 1;
  } else tokens.push({ modelId: run.modelId, input: run.inputTokens, output: run.outputTokens, runs: 1 });
  return costPartsOf(tokens, [{ costUnits: parts.units }, { costUnits: run.costUnits }]);
}

/** A run as its debit needs it: its place in its session's send order, and what it used. */
export interface RunUsage {
  runId: string;
  sessionId: string;
  createdAt: string;
  modelId: string | null;
  inputTokens: number;
  outputTokens: number;
  costUnits: Record<string, number> | null;
}

/**
 * The run rows sent before `run`: by send time (`created_at`), a tie by insertion (`rowid`: a
 * session's runs go one at a time, a unique index, and each row is inserted by its send). A run
 * whose row is not there (sent by a release before the run record) comes after every row there
 * is. Send time first, because the rows migration 0017 wrote were inserted in no set order.
 */
const sentBefore = (run: RunUsage) =>
  sql`(${aiRuns.createdAt}, "ai_runs"."rowid") < (${run.createdAt}, coalesce((SELECT r.rowid FROM ai_runs r WHERE r.run_id = ${run.runId}), 9223372036854775807))`;

/**
 * A run's debit in micro-USD: its priced parts, as the increase it makes to its session's priced
 * total rounded once: round(session through this run) − round(session before it), both from the
 * run record. So a session's debits add up to exactly the usage endpoint's `estimatedCostUsd`
 * (priced per model, rounded once), each within a micro-dollar of the run priced alone. The run's
 * own usage is not on its row yet (the row is completed in the batch of this debit): it comes
 * from its end, added to the runs before it, which ended before it started (so recomputing it
 * gives the same amount).
 */
export async function runDebitMicros(db: Db, run: RunUsage) {
  const [tokens, units] = await db.batch([...costPartsQueries(db, sessionRuns(run.sessionId, sentBefore(run)))]);
  const beforeParts = costPartsOf(tokens, units);
  const before = await priceParts(beforeParts);
  const through = await priceParts(withRun(beforeParts, run));
  return Math.max(0, usdToMicros(through.pricedUsd) - usdToMicros(before.pricedUsd));
}
