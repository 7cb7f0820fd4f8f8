import { and, asc, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { createDb } from "../../../db/client";
import { aiMessages, aiRuns, aiSessions } from "../../../db/schema/ai";
import { chunked } from "../../../lib/chunks";
import { debitRunCost, settleSpend } from "../../wallet";
import { runDebitMicros } from "../run/cost";
import { completeRunStatement, type EndedRun } from "../run-record";
import { RUN_NOT_STARTED } from "../runs";

/**
 * What a conversation's object reads from and writes to D1: the rows it imports from the tree
 * before it (`ai_messages`), the session's index row, and a run's settlement (its run row and
 * wallet entry). D1 binds at most 100 values per statement: id lists go in slices.
 */

const ID_SLICE = 90;

/**
 * A page of the session's D1 messages after `afterId` (by id), and its owner (null: no index row).
 * `unsettled`: the ended replies among them whose run row is still open (an end the release before
 * wrote onto the reply, and whose run row and debit did not commit).
 */
export async function d1MessagePage(d1: D1Database, sessionId: string, afterId: string, limit: number) {
  const db = createDb(d1);
  const [sessions, page] = await db.batch([
    db.select({ userId: aiSessions.userId }).from(aiSessions).where(eq(aiSessions.id, sessionId)),
    db
      .select({
        message: aiMessages,
        runOpen: sql<number>`${aiRuns.runId} IS NOT NULL AND ${aiRuns.debitedAt} IS NULL`,
      })
      .from(aiMessages)
      .leftJoin(aiRuns, eq(aiRuns.runId, aiMessages.runId))
      .where(and(eq(aiMessages.sessionId, sessionId), gt(aiMessages.id, afterId)))
      .orderBy(asc(aiMessages.id))
      .limit(limit),
  ]);
  const rows = page.map((row) => row.message);
  const unsettled = page
    .filter((row) => row.runOpen && row.message.status !== "running" && row.message.role === "assistant")
    .map((row) => row.message);
  return { owner: sessions[0]?.userId ?? null, rows, unsettled };
}

/** The session's D1 messages with these ids (a late row a run's end names, a rollout's write). */
export async function d1Messages(d1: D1Database, sessionId: string, ids: string[]) {
  const db = createDb(d1);
  return db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.sessionId, sessionId), inArray(aiMessages.id, ids)));
}

/**
 * Releases rows the object has committed (and that are not running): the replies among them that
 * ended get their run row if they have none, marked settled (they were debited, or cost nothing,
 * when they ended: as migration 0017 did), and the D1 rows go, in one batch.
 */
export async function releaseImported(d1: D1Database, sessionId: string, ids: string[]) {
  if (!ids.length) return;
  const db = createDb(d1);
  const statements = chunked(ids, ID_SLICE).flatMap((slice) => [
    db
      .insert(aiRuns)
      .select(
        db
          .select({
            runId: aiMessages.runId,
            messageId: aiMessages.id,
            sessionId: aiMessages.sessionId,
            userId: aiSessions.userId,
            status: aiMessages.status,
            createdAt: aiMessages.createdAt,
            endedAt: sql`coalesce(${aiMessages.stoppedAt}, ${aiMessages.createdAt})`.as("ended_at"),
            modelId: aiMessages.modelId,
            inputTokens: aiMessages.inputTokens,
            outputTokens: aiMessages.outputTokens,
            costUnits: aiMessages.costUnits,
            debitedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("debited_at"),
          })
          .from(aiMessages)
          .innerJoin(aiSessions, eq(aiSessions.id, aiMessages.sessionId))
          .where(
            and(
              eq(aiMessages.sessionId, sessionId),
              inArray(aiMessages.id, slice),
              eq(aiMessages.role, "assistant"),
              isNotNull(aiMessages.runId),
              ne(aiMessages.status, "running"),
              sql`coalesce(json_extract(${aiMessages.runError}, '$.code'), '') <> ${RUN_NOT_STARTED}`,
            ),
          ),
      )
      .onConflictDoNothing(),
    db.delete(aiMessages).where(and(eq(aiMessages.sessionId, sessionId), inArray(aiMessages.id, slice))),
  ]);
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/** What the session's index row says of its conversation, as its object counts it. */
export interface IndexFacts {
  messageCount: number;
  at: string;
}

const indexUpdate = (d1: D1Database, sessionId: string, facts: IndexFacts) =>
  createDb(d1)
    .update(aiSessions)
    .set({ messageCount: facts.messageCount, lastActivityAt: facts.at, updatedAt: facts.at })
    .where(eq(aiSessions.id, sessionId));

export const writeIndexFacts = (d1: D1Database, sessionId: string, facts: IndexFacts) =>
  indexUpdate(d1, sessionId, facts).run();

/**
 * A run's settlement: its run row completed and its wallet entry, in one batch (`debitRunCost`),
 * with the index row's counts and, for a reply imported while it ran, the removal of its D1 row. Idempotent by run (the row completes once; the ledger takes one entry per message);
 * throws when D1 did not commit it, so the object tries again.
 */
export async function settleRun(
  d1: D1Database,
  run: EndedRun & { accountId?: string | null; removeD1Row?: boolean },
  facts: IndexFacts,
) {
  const db = createDb(d1);
  await debitRunCost(db, {
    userId: run.userId,
    accountId: run.accountId,
    messageId: run.messageId,
    costMicros: () => runDebitMicros(db, run),
    with: [
      completeRunStatement(db, run),
      indexUpdate(d1, run.sessionId, facts),
      // A reply imported while it ran: its D1 row goes with the run's end.
      ...(run.removeD1Row ? [db.delete(aiMessages).where(eq(aiMessages.id, run.messageId))] : []),
    ],
  });
}

/**
 * A capped run's debit committed, or never will (its session is gone): its spend hold settles at
 * the debit (none: released), and the cap's notices are checked (CONTRACT Wallet "Spend cap").
 */
export const settleSpendHold = (env: Env, run: { accountId: string; messageId: string; held: boolean }) =>
  settleSpend(env, createDb(env.DB), run);
