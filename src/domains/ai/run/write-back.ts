import { and, eq } from "drizzle-orm";
import { createDb } from "../../../db/client";
import { aiMessages, type ToolCallRecord } from "../../../db/schema/ai";
import { debitRunCost } from "../../wallet";
import {
  completeRunStatement,
  endedReplyWithOpenRun,
  endedRunFields,
  type EndedRun,
  markRunRunning,
} from "../run-record";
import { runDebitMicros } from "./cost";

export type RunEnd = Partial<typeof aiMessages.$inferInsert> & { status: "completed" | "stopped" | "failed" };

/** The run record's `queued` → `running`, as the run's object takes it (off the path to its first delta). */
export async function recordRunStart(d1: D1Database, runId: string) {
  await markRunRunning(createDb(d1), runId);
}

/**
 * Writes how a run ended: onto its reply's D1 row (only a row still `running`, so a reply whose
 * session was deleted meanwhile stays deleted), then its run row's completion and its wallet
 * debit in one batch (docs/billing.md "Wallet"). Idempotent by run: a second end finds the reply
 * ended and the run row completed, and writes nothing; an end interrupted between its two writes
 * completes the run row (and debits) when it is recorded again.
 */
export async function recordRunEnd(d1: D1Database, messageId: string, values: RunEnd) {
  const db = createDb(d1);
  const [ended] = await db
    .update(aiMessages)
    .set({ ...values, runStatus: values.status })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.status, "running")))
    .returning(endedRunFields);
  const reply = ended ?? (await endedReplyWithOpenRun(db, messageId));
  if (!reply?.runId) return;
  const run = { ...reply, messageId } as EndedRun;
  await debitRunCost(db, {
    userId: run.userId,
    accountId: run.accountId,
    messageId,
    costMicros: () => runDebitMicros(db, run),
    with: [completeRunStatement(db, run)],
  });
}

/**
 * The tool calls of a run still going, onto its reply's row, so a page reloaded meanwhile rebuilds
 * their cards (a call awaiting approval above all) from history.
 */
export async function recordToolCalls(d1: D1Database, messageId: string, toolCalls: ToolCallRecord[]) {
  await createDb(d1)
    .update(aiMessages)
    .set({ toolCalls })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.status, "running")));
}
