import { aiSessions } from "../../db/schema/ai";
import { conversationOf } from "./conversations";
import { d1MessagesOf } from "./turn";
import { microsToUsd, usdToMicros } from "../wallet";
import type { Ctx } from "../identity";
import { costPartsOf, costPartsQueries, priceParts, sessionRuns } from "./run/cost";
import { callersSession, sessionNotFound } from "./sessions";

interface SessionUsageView {
  sessionId: string;
  totalInputTokens: number;
  totalOutputTokens: number;
  totalTokens: number;
  runCount: number;
  costUnits: Record<string, number>;
  estimatedCostUsd: number | null;
  unpricedUnits: string[];
}

/**
 * Token totals of every run in the session (all versions, stopped and failed ones too: they were
 * paid for), from the counts each run recorded on its run row (the usage ledger, not the
 * messages); a run that never started has no row, and is not counted. Cost
 * units (search queries, pages read, images, seconds of video and audio) are summed beside them.
 * `estimatedCostUsd` is their price (`priceParts`, the one the wallet debits by), rounded once to
 * the micro-dollar; null when any part has no price (a partial sum would understate it), and those
 * parts are named in `unpricedUnits`.
 */
export function sessionUsage(ctx: Ctx, sessionId: string): Promise<SessionUsageView> {
  return usageOf(ctx, sessionId, false);
}

async function usageOf(ctx: Ctx, sessionId: string, drained: boolean): Promise<SessionUsageView> {
  const { db } = ctx;
  const [sessions, byModel, withUnits] = await db.batch([
    db
      .select({ inD1: d1MessagesOf(sessionId) })
      .from(aiSessions)
      .where(callersSession(ctx, sessionId)),
    ...costPartsQueries(db, sessionRuns(sessionId)),
  ]);
  if (!sessions[0]) throw sessionNotFound();
  // Rows still in D1 (a session untouched since the upgrade): its object imports them, with the
  // run rows of their runs, before the ledger is summed (a reply still running stays in D1: once).
  if (sessions[0].inD1 && !drained) {
    await conversationOf(ctx.env, sessionId).drain(sessionId);
    return usageOf(ctx, sessionId, true);
  }
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
