import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiRuns, aiSessions } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import type { Ctx } from "../identity";
import type { RunUsage } from "./run/cost";

/**
 * The run record (CONTRACT "The run record and the run-level stream"): one D1 row per run, the
 * index an id-only caller finds a run by. Its life: `queued` in the send's batch, `running` once
 * its object takes it, then completed once, with its usage, in the batch of its wallet entry.
 */

type RunRow = typeof aiRuns.$inferSelect;
type EndStatus = "completed" | "stopped" | "failed";

/** The insert of a new run's row, for the send's (or retry's) batch that writes its reply. */
export const newRunStatement = (
  db: Db,
  run: { runId: string; messageId: string; sessionId: string; userId: string; createdAt: string },
) => db.insert(aiRuns).values({ ...run, status: "queued" });

/** Removes the row of a run its object refused (`run_not_started`): it never ran, and is not a run. */
export const dropRunStatement = (db: Db, runId: string) => db.delete(aiRuns).where(eq(aiRuns.runId, runId));

/** `queued` → `running` as the object takes the run; a run that has ended meanwhile keeps its end. */
export const markRunRunning = (db: Db, runId: string) =>
  db
    .update(aiRuns)
    .set({ status: "running" })
    .where(and(eq(aiRuns.runId, runId), eq(aiRuns.status, "queued")));

/** An ended run as its completion writes it: its usage (`RunUsage`), reply, payer and how it ended. */
export interface EndedRun extends RunUsage {
  messageId: string;
  userId: string;
  status: EndStatus;
  stoppedAt: string | null;
}

/**
 * The completion of an open run's row, for the batch of its wallet entry. Only a row not yet
 * completed is written (`debited_at IS NULL`), so a second end changes nothing. A run with no row
 * (sent by an isolate of the release before the run record, during the rollout) gets its row
 * here, completed: the run record is the usage ledger, and a run missing from it is missing
 * from the session's usage and from the debits of the runs after it.
 */
export function completeRunStatement(db: Db, run: EndedRun, now = nowIso()) {
  const end = {
    status: run.status,
    endedAt: run.status === "stopped" ? (run.stoppedAt ?? now) : now,
    modelId: run.modelId,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    costUnits: run.costUnits,
    debitedAt: now,
  };
  const { runId, messageId, sessionId, userId, createdAt } = run;
  return db
    .insert(aiRuns)
    .values({ runId, messageId, sessionId, userId, createdAt, ...end })
    .onConflictDoUpdate({ target: aiRuns.runId, set: end, setWhere: isNull(aiRuns.debitedAt) });
}

const runNotFound = () => notFound("Run not found");

/** The caller's run: a run of a session they own, or the same 404 as an unknown id. */
export async function callersRun(ctx: Ctx, runId: string): Promise<RunRow> {
  const [row] = await ctx.db
    .select({ run: aiRuns })
    .from(aiRuns)
    .innerJoin(aiSessions, eq(aiSessions.id, aiRuns.sessionId))
    .where(and(eq(aiRuns.runId, runId), eq(aiSessions.userId, ctx.auth.user.id)));
  if (!row) throw runNotFound();
  return row.run;
}

/** The run as `GET /ai/runs/{runId}` shows it. */
export const runView = (row: RunRow) => ({
  id: row.runId,
  status: row.status,
  sessionId: row.sessionId,
  messageId: row.messageId,
  createdAt: row.createdAt,
  endedAt: row.endedAt,
});
