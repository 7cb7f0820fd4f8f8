import { aiSessions } from "../../db/schema";
import { microsToUsd, usdToMicros } from "../wallet";
import type { Ctx } from "../identity";
import { costPartsOf, costPartsQueries, priceParts, sessionRuns } from "./run/cost";
import { callersSession, sessionNotFound } from "./sessions";

/**
 * Token totals of every run in the session (all versions, stopped and failed ones too: they were
 * paid for), from the counts each run recorded on its run row (the usage ledger, not the
 * messages); a run that never started has no row, and is not counted. Cost
 * units (search queries, pages read, images, seconds of video and audio) are summed beside them.
 * `estimatedCostUsd` is their price (`priceParts`, the one the wallet debits by), rounded once to
 * the micro-dollar; null when any part has no price (a partial sum would understate it), and those
 * parts are named in `unpricedUnits`.
 */
export async function sessionUsage(ctx: Ctx, sessionId: string) {
  const { db } = ctx;
  const [sessions, byModel, withUnits] = await db.batch([
    db.select({ id: aiSessions.id }).from(aiSessions).where(callersSession(ctx, sessionId)),
    ...costPartsQueries(db, sessionRuns(sessionId)),
  ]);
  if (!sessions[0]) throw sessionNotFound();
  const parts = costPartsOf(byModel, withUnits);
  const { pricedUsd, unpriced } = await priceParts(parts);
  const input = byModel.reduce((total, group) => total + group.input, 0);
  const output = byModel.reduce((total, group) => total + group.output, 0);
  return {
    sessionId,
    totalInputTokens: input,
    totalOutputTokens: output,
    totalTokens: input + output,
    runCount: byModel.reduce((total, group) => total + group.runs, 0),
    costUnits: parts.units,
    estimatedCostUsd: unpriced.length ? null : microsToUsd(usdToMicros(pricedUsd)),
    unpricedUnits: unpriced,
  };
}
