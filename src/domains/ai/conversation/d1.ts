import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { createDb } from "../../../db/client";
import { aiMessages, aiSessions } from "../../../db/schema";
import { chunked } from "../../../lib/chunks";
import { debitRunCost } from "../../wallet";
import { runDebitMicros } from "../run/cost";
import { completeRunStatement, type EndedRun } from "../run-record";

/**
 * What a conversation's object reads from and writes to D1: the rows it imports from the tree
 * before it (`ai_messages`), the session's index row, and a run's settlement (its run row and
 * wallet entry). D1 binds at most 100 values per statement: id lists go in slices.
 */

const ID_SLICE = 90;

/** A page of the session's D1 messages after `afterId` (by id), and its owner (null: no index row). */
export async function d1MessagePage(d1: D1Database, sessionId: string, afterId: string, limit: number) {
  const db = createDb(d1);
  const [sessions, rows] = await db.batch([
    db.select({ userId: aiSessions.userId }).from(aiSessions).where(eq(aiSessions.id, sessionId)),
    db
      .select()
      .from(aiMessages)
      .where(and(eq(aiMessages.sessionId, sessionId), gt(aiMessages.id, afterId)))
      .orderBy(asc(aiMessages.id))
      .limit(limit),
  ]);
  return { owner: sessions[0]?.userId ?? null, rows };
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
    db.run(sql`INSERT OR IGNORE INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at, ended_at, model_id, input_tokens, output_tokens, cost_units, debited_at)
      SELECT m.run_id, m.id, m.session_id, s.user_id, m.status, m.created_at, coalesce(m.stopped_at, m.created_at),
        m.model_id, m.input_tokens, m.output_tokens, m.cost_units, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      FROM ai_messages m JOIN ai_sessions s ON s.id = m.session_id
      WHERE m.session_id = ${sessionId} AND m.id IN ${slice} AND m.role = 'assistant' AND m.run_id IS NOT NULL
        AND m.status <> 'running' AND coalesce(json_extract(m.run_error, '$.code'), '') <> 'run_not_started'`),
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
 * with the index row's counts and the removal of the reply's D1 row, if it had one. Idempotent by run (the row completes once; the ledger takes one entry per message);
 * throws when D1 did not commit it, so the object tries again.
 */
export async function settleRun(d1: D1Database, run: EndedRun, facts: IndexFacts) {
  const db = createDb(d1);
  await debitRunCost(db, {
    userId: run.userId,
    messageId: run.messageId,
    costMicros: () => runDebitMicros(db, run),
    with: [
      completeRunStatement(db, run),
      indexUpdate(d1, run.sessionId, facts),
      // A reply imported while it ran: its D1 row goes with the run's end (nothing when there is none).
      db.delete(aiMessages).where(eq(aiMessages.id, run.messageId)),
    ],
  });
}

/** Whether the session still has rows in D1 (its object has more to import). */
export async function hasD1Messages(d1: D1Database, sessionId: string) {
  const [row] = await createDb(d1)
    .select({ id: aiMessages.id })
    .from(aiMessages)
    .where(eq(aiMessages.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}
