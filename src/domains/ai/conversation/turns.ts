import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, max, or, sql } from "drizzle-orm";
import type { ToolCallRecord } from "../../../db/schema/ai";
import type { ChatMessage } from "../providers/types";
import { aiMessages, type ConversationDb, type MessageRow } from "./tables";

/**
 * The conversation's rules over its own SQLite, as plain synchronous code (the object calls these;
 * each runs inside one storage transaction, so a check and the write it guards are one step).
 */

/** Context window in messages: enough for a long conversation, bounded so a run's input stays small. */
export const MAX_HISTORY_MESSAGES = 40;

export type { MessageRow };

/** A turn's rows before the object gives them their place (`seq`). */
export type NewRow = Omit<MessageRow, "seq">;

export type TurnAnswer =
  /** The key's turn exists: answered again, nothing written. */
  | { kind: "replay"; user: MessageRow; assistant: MessageRow }
  /** A reply of the session is running (a 409 for the caller). */
  | { kind: "running" }
  /** As many replies as the turn's rules allow are running (`TurnRules.maxRunning` > 1). */
  | { kind: "busy"; limit: number }
  | { kind: "started"; user: MessageRow; assistant: MessageRow; history: ChatMessage[] };

const runningReply = (db: ConversationDb) =>
  db.select({ id: aiMessages.id }).from(aiMessages).where(eq(aiMessages.status, "running")).limit(1).get();

const runningReplies = (db: ConversationDb) =>
  db.select({ count: count() }).from(aiMessages).where(eq(aiMessages.status, "running")).get()?.count ?? 0;

/**
 * How a send's turn is admitted: a session's own turns take turns (one running reply, and the
 * conversation so far as context). An MCP capability call (CONTRACT "Capabilities over MCP") is
 * its own turn: several run side by side, and none reads the others.
 */
export interface TurnRules {
  maxRunning: number;
  withHistory: boolean;
}
export const SESSION_TURNS: TurnRules = { maxRunning: 1, withHistory: true };

/** The turn a send's key started: its user message and first reply. */
function sendReplay(db: ConversationDb, key: string) {
  const user = db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.role, "user"), eq(aiMessages.idempotencyKey, key)))
    .get();
  if (!user) return undefined;
  const assistant = db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.parentId, user.id), eq(aiMessages.role, "assistant"), isNull(aiMessages.idempotencyKey)))
    .orderBy(asc(aiMessages.createdAt))
    .get();
  return assistant ? { user, assistant } : undefined;
}

/** A send: its key's earlier turn, or the 409 of a running reply, or its two rows written at the next place. */
export function beginSend(
  db: ConversationDb,
  user: NewRow,
  assistant: NewRow,
  rules: TurnRules = SESSION_TURNS,
): TurnAnswer {
  return db.transaction((tx) => {
    const replay = user.idempotencyKey ? sendReplay(tx, user.idempotencyKey) : undefined;
    if (replay) return { kind: "replay", ...replay };
    if (rules.maxRunning === 1 && runningReply(tx)) return { kind: "running" };
    if (rules.maxRunning > 1 && runningReplies(tx) >= rules.maxRunning)
      return { kind: "busy", limit: rules.maxRunning };
    const seq =
      (tx
        .select({ last: max(aiMessages.seq) })
        .from(aiMessages)
        .get()?.last ?? 0) + 1;
    const rows = [
      { ...user, seq },
      { ...assistant, seq },
    ];
    tx.insert(aiMessages).values(rows).run();
    const history = rules.withHistory ? historyBefore(tx, seq) : [];
    return { kind: "started", user: rows[0]!, assistant: rows[1]!, history };
  });
}

export const replyOf = (db: ConversationDb, messageId: string) =>
  db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.role, "assistant")))
    .get();

/** What a retry of `messageId` with `key` reads first: the reply, its user message, the key's version. */
export function retryReading(db: ConversationDb, messageId: string, key: string) {
  const target = replyOf(db, messageId);
  const user = target?.parentId
    ? db.select().from(aiMessages).where(eq(aiMessages.id, target.parentId)).get()
    : undefined;
  if (!target || !user) return null;
  return { target, user, replay: retryReplay(db, user.id, key) ?? null, running: runningReply(db) !== undefined };
}

const retryReplay = (db: ConversationDb, userId: string, key: string) =>
  db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.parentId, userId), eq(aiMessages.role, "assistant"), eq(aiMessages.idempotencyKey, key)))
    .get();

/** A new version of the turn of `user`: the turn's other replies step aside for it. */
export function beginRetry(db: ConversationDb, user: MessageRow, assistant: NewRow): TurnAnswer {
  return db.transaction((tx) => {
    const replay = assistant.idempotencyKey ? retryReplay(tx, user.id, assistant.idempotencyKey) : undefined;
    if (replay) return { kind: "replay", user, assistant: replay };
    if (runningReply(tx)) return { kind: "running" };
    tx.update(aiMessages)
      .set({ isActive: false })
      .where(and(eq(aiMessages.parentId, user.id), eq(aiMessages.role, "assistant")))
      .run();
    const row = { ...assistant, seq: user.seq };
    tx.insert(aiMessages).values(row).run();
    return { kind: "started", user, assistant: row, history: historyBefore(tx, user.seq) };
  });
}

/**
 * Takes back a turn whose allowance was refused after it was written: its reply goes, and so does
 * a send's user message; a retry's turn gets back the version that was active before.
 */
export function abandonTurn(db: ConversationDb, replyId: string, userId: string | null, previouslyActive: string[]) {
  db.transaction((tx) => {
    tx.delete(aiMessages)
      .where(inArray(aiMessages.id, userId ? [replyId, userId] : [replyId]))
      .run();
    if (previouslyActive.length)
      tx.update(aiMessages).set({ isActive: true }).where(inArray(aiMessages.id, previouslyActive)).run();
  });
}

/** The ids of a turn's active replies (what a retry's abandonment restores). */
export const activeReplies = (db: ConversationDb, userId: string) =>
  db
    .select({ id: aiMessages.id })
    .from(aiMessages)
    .where(and(eq(aiMessages.parentId, userId), eq(aiMessages.role, "assistant"), eq(aiMessages.isActive, true)))
    .all()
    .map((row) => row.id);

/** The model's context for the turn at `seq`: the messages before it (user messages, active replies with text). */
export function historyBefore(db: ConversationDb, seq: number): ChatMessage[] {
  const rows = db
    .select({ role: aiMessages.role, content: aiMessages.content })
    .from(aiMessages)
    .where(
      and(
        lt(aiMessages.seq, seq),
        or(eq(aiMessages.role, "user"), and(eq(aiMessages.isActive, true), isNotNull(aiMessages.content))),
      ),
    )
    .orderBy(desc(aiMessages.seq), aiMessages.role)
    .limit(MAX_HISTORY_MESSAGES)
    .all();
  return rows.reverse().map((row) => ({ role: row.role, content: row.content ?? "" }) as ChatMessage);
}

/** Makes `messageId` its turn's active version; the reply as it now stands, or undefined. */
export function selectVersion(db: ConversationDb, messageId: string): MessageRow | undefined {
  return db.transaction((tx) => {
    const target = replyOf(tx, messageId);
    if (!target?.parentId) return undefined;
    tx.update(aiMessages)
      .set({ isActive: sql`CASE WHEN ${aiMessages.id} = ${target.id} THEN 1 ELSE 0 END` })
      .where(and(eq(aiMessages.parentId, target.parentId), eq(aiMessages.role, "assistant")))
      .run();
    return { ...target, isActive: true };
  });
}

export interface PageQuery {
  limit: number;
  /** After this place (`cursor`): the turn's seq and the role last shown. */
  after: { seq: number; role: "user" | "assistant" } | null;
  offset: number;
}

/** History in conversation order (each user message, then its active reply): one page and the total. */
export function listPage(db: ConversationDb, query: PageQuery) {
  const visible = or(eq(aiMessages.role, "user"), eq(aiMessages.isActive, true));
  const { after } = query;
  const rows = db
    .select()
    .from(aiMessages)
    .where(
      and(
        visible,
        after
          ? or(gt(aiMessages.seq, after.seq), and(eq(aiMessages.seq, after.seq), lt(aiMessages.role, after.role)))
          : undefined,
      ),
    )
    .orderBy(asc(aiMessages.seq), desc(aiMessages.role))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset)
    .all();
  const total = db.select({ total: count() }).from(aiMessages).where(visible).get()?.total ?? 0;
  return { rows, total };
}

/** How many messages the conversation holds (written to its D1 index row). */
export const messageCount = (db: ConversationDb) => db.select({ total: count() }).from(aiMessages).get()?.total ?? 0;

/** A running reply's tool calls so far (a page reloaded meanwhile rebuilds their cards from history). */
export function saveToolCalls(db: ConversationDb, messageId: string, toolCalls: ToolCallRecord[]) {
  db.update(aiMessages)
    .set({ toolCalls })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.status, "running")))
    .run();
}

export type ReplyEnd = Partial<MessageRow> & { status: "completed" | "stopped" | "failed" };

/** Writes how a running reply ended; the reply as ended, or undefined when it is not running here. */
export function endReply(db: ConversationDb, messageId: string, end: ReplyEnd): MessageRow | undefined {
  return db
    .update(aiMessages)
    .set({ ...end, runStatus: end.status })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.status, "running")))
    .returning()
    .get();
}

/** The assistant replies that have a run (each has a `MessageRun` object holding its event log). */
export const repliesWithRuns = (db: ConversationDb) =>
  db
    .select({ id: aiMessages.id })
    .from(aiMessages)
    .where(and(eq(aiMessages.role, "assistant"), isNotNull(aiMessages.runId)))
    .all()
    .map((row) => row.id);
