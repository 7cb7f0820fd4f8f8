import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiRuns, aiSessions } from "../../db/schema/ai";
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

/**
 * The run row of a turn about to start, for the batch that reads the turn's session: written only
 * when the session is the caller's (so the batch needs no second trip), as `queued`. A turn that
 * does not start (a replay, a 409, a refusal) takes it back (`keepingRunRow`).
 */
export function newRunIfOwned(ctx: Ctx, sessionId: string, ids: { messageId: string; runId: string }) {
  const { db, now } = ctx;
  return db.insert(aiRuns).select(
    db
      .select({
        runId: sql`${ids.runId}`.as("run_id"),
        messageId: sql`${ids.messageId}`.as("message_id"),
        sessionId: aiSessions.id,
        userId: aiSessions.userId,
        status: sql`'queued'`.as("status"),
        createdAt: sql`${now}`.as("created_at"),
        // drizzle's insert-select names every column of the table, in order.
        endedAt: sql`NULL`.as("ended_at"),
        modelId: sql`NULL`.as("model_id"),
        inputTokens: sql`0`.as("input_tokens"),
        outputTokens: sql`0`.as("output_tokens"),
        costUnits: sql`NULL`.as("cost_units"),
        debitedAt: sql`NULL`.as("debited_at"),
      })
      .from(aiSessions)
      // The caller's session (sessions.ts `callersSession`, which this module sits below).
      .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, ctx.auth.user.id))),
  );
}

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

/** The run of a reply of the caller's session, or undefined (its run never started, or not theirs). */
export async function callersReplyRun(ctx: Ctx, sessionId: string, messageId: string) {
  const [row] = await ctx.db
    .select({ runId: aiRuns.runId })
    .from(aiRuns)
    .innerJoin(aiSessions, eq(aiSessions.id, aiRuns.sessionId))
    .where(
      and(eq(aiRuns.messageId, messageId), eq(aiRuns.sessionId, sessionId), eq(aiSessions.userId, ctx.auth.user.id)),
    );
  return row;
}

/** A run's row by its reply's id (the operator's tail, which is not scoped to a user). */
export async function runOfMessage(ctx: Pick<Ctx, "db">, messageId: string) {
  const [row] = await ctx.db.select().from(aiRuns).where(eq(aiRuns.messageId, messageId));
  return row;
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
