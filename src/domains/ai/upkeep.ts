import { eq, isNull, ne, or, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { aiMessages, aiSessionErasures } from "../../db/schema/ai";
import { conversationOf } from "./conversations";

/**
 * What keeps conversations and D1 in step outside requests (docs/ai.md "Where a conversation
 * lives"): erasing the objects of deleted sessions, and draining sessions whose rows are still in
 * D1. Both run in bounded batches every five minutes and resume where they stopped.
 */

/** Sessions erased per cron run (each: its object, and the MessageRun of each of its replies). */
const ERASURES_PER_RUN = 25;
/** Sessions drained per cron run (each imports its rows a page at a time). */
const DRAINS_PER_RUN = 25;

/**
 * Erases a deleted session's Conversation object with the MessageRun objects D1 named for it (rows
 * never imported: their ids reached the erasure table by trigger), then its erasure rows.
 */
export async function eraseConversation(env: Env, sessionId: string) {
  const db = createDb(env.DB);
  const named = await db
    .select({ messageId: aiSessionErasures.messageId })
    .from(aiSessionErasures)
    .where(eq(aiSessionErasures.sessionId, sessionId));
  await conversationOf(env, sessionId).erase(named.map((row) => row.messageId).filter(Boolean));
  await db.delete(aiSessionErasures).where(eq(aiSessionErasures.sessionId, sessionId));
}

/** The cron's erasures: sessions deleted by the endpoint that did not finish, or by a cascade (a user's deletion). */
export async function eraseDeletedConversations(env: Env) {
  const rows = await createDb(env.DB)
    .selectDistinct({ sessionId: aiSessionErasures.sessionId })
    .from(aiSessionErasures)
    .limit(ERASURES_PER_RUN);
  for (const row of rows) await eraseConversation(env, row.sessionId);
}

/**
 * The cron's drain: sessions whose rows are still in D1 (never touched since the upgrade, or a
 * rollout's late rows). Rows still running are left out (their run's end releases them), and the
 * sessions are taken in random order: a few that can never be emptied (a row a uniqueness rule
 * refused, a tombstoned session's rows back from a D1 restore) cannot hold the others back.
 */
export async function drainConversations(env: Env) {
  const rows = await createDb(env.DB)
    .select({ sessionId: aiMessages.sessionId })
    .from(aiMessages)
    .where(or(isNull(aiMessages.status), ne(aiMessages.status, "running")))
    .groupBy(aiMessages.sessionId)
    .orderBy(sql`random()`)
    .limit(DRAINS_PER_RUN);
  for (const row of rows) await conversationOf(env, row.sessionId).drain(row.sessionId);
}

/** The AI domain's cron tasks (src/cron dispatches them). */
export const aiCron = {
  eraseDeletedConversations,
  drainConversations,
};
