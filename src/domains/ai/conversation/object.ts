import { inArray } from "drizzle-orm";
import type { ToolCallRecord } from "../../../db/schema/ai";
import { chunked } from "../../../lib/chunks";
import { nowIso } from "../../../lib/clock";
import { errorText } from "../../../lib/errors";
import { describeError, logError } from "../../../lib/log";
import { eraseRun } from "../runs";
import type { EndedRun } from "../run-record";
import type { SpendCapOfRun } from "../run/types";
import { d1MessagePage, d1Messages, releaseImported, settleRun, settleSpendHold, writeIndexFacts } from "./d1";
import { aiMessages, openConversationDb, type ConversationDb, type MessageRow } from "./tables";
import * as turns from "./turns";

/**
 * What a session's Conversation object does (the host, durable-objects/conversation.ts, wires its
 * RPC and alarm to this): it holds the conversation in its own SQLite (`tables.ts`), applies the
 * rules of `turns.ts` to it, imports the session's rows from D1 on first touch (the tree before
 * kept them there), settles each run's end in D1, and erases itself when its session goes.
 * docs/ai.md "Where a conversation lives" tells the whole of it.
 */

/** Who addresses the conversation: the session, its owner, and whether D1 still may hold its rows. */
export interface SessionRef {
  sessionId: string;
  userId: string;
  /**
   * The caller's own D1 batch found no message of the session in D1: there is nothing to import
   * (a send's batch reads this beside the session, so a new session's first send waits on no
   * import read).
   */
  nothingInD1?: boolean;
  /** The owner's account as the send knew it (its wallet pays the run); absent: read at settlement. */
  accountId?: string | null;
}

/** Every key the object keeps in its KV storage (its messages are the SQL table). */
const KEY = {
  /** When the first import finished (or the session needed none): reads and writes wait for it. */
  imported: "imported",
  /** The id after which an import pass goes on (a pass interrupted by eviction resumes there). */
  cursor: "importCursor",
  /** The tombstone: the session was deleted; nothing is imported or written again. */
  erased: "erased",
  /** A run's end not yet settled in D1 (`settle:<runId>`), retried by the alarm until it commits. */
  settle: "settle:",
  /** A reply imported while it ran (`inD1:<messageId>`): its D1 row goes with its run's settlement. */
  inD1: "inD1:",
} as const;

/** Rows per import page: each page is one D1 read, one local write and one D1 batch, well under the 30 s bound. */
export const IMPORT_PAGE_ROWS = 200;
/** Values one statement may bind, with room to spare (SQLite in a Durable Object: 100). */
const MAX_BOUND_IDS = 90;
/** How soon a settlement D1 refused is tried again. */
const SETTLE_RETRY_MS = 10_000;

/**
 * A settlement kept until D1 commits it: the run's end, its payer, whether a D1 row of it remains,
 * and for an account with a spend cap whether the run holds part of it (`spendCap`; settlements
 * kept before it was written have none, and their holds expire as they did).
 */
type Pending = EndedRun & { accountId?: string | null; removeD1Row?: boolean; spendCap?: SpendCapOfRun };

export class ConversationCore {
  private readonly kv: SyncKvStorage;
  #db: ConversationDb | undefined;
  /** The first import (or the tombstone's answer): true when the conversation is here to use. */
  private opening: Promise<boolean> | undefined;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly pageRows = IMPORT_PAGE_ROWS,
  ) {
    this.kv = ctx.storage.kv;
  }

  /** The SQL tables, created on first use (an erased object creates none again). */
  private get db(): ConversationDb {
    this.#db ??= openConversationDb(this.ctx.storage);
    return this.#db;
  }

  private get erased() {
    return this.kv.get<string>(KEY.erased) !== undefined;
  }

  /**
   * Waits until the conversation is imported (the first caller runs the import; everyone else
   * waits for its marker). False when the session is gone: erased, or no index row in D1.
   */
  async open(ref: SessionRef): Promise<boolean> {
    if (this.erased) return false;
    if (this.kv.get(KEY.imported)) return true;
    this.opening ??= this.firstImport(ref).catch((error) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async firstImport(ref: SessionRef): Promise<boolean> {
    if (ref.nothingInD1) {
      this.kv.put(KEY.imported, nowIso());
      return true;
    }
    const found = await this.importPass(ref.sessionId);
    if (found) this.kv.put(KEY.imported, nowIso());
    return found;
  }

  /**
   * One pass over the session's D1 rows, a bounded page at a time, each inside
   * `blockConcurrencyWhile` (nothing else runs on the object meanwhile) and resumable from its
   * cursor. Each page is committed here (`INSERT OR IGNORE` by id: a page read twice is written
   * once), made durable, and only then released in D1 (deleted, with run rows for ended replies);
   * rows still running in D1 stay there until their run's end is settled. False when the session
   * has no index row or has been erased: nothing is written.
   */
  private async importPass(sessionId: string): Promise<boolean> {
    for (;;) {
      const step = await this.ctx.blockConcurrencyWhile(() => this.importPage(sessionId));
      if (step !== "more") return step === "done";
    }
  }

  private async importPage(sessionId: string): Promise<"more" | "done" | "gone"> {
    const cursor = this.kv.get<string>(KEY.cursor) ?? "";
    const page = await d1MessagePage(this.env.DB, sessionId, cursor, this.pageRows);
    if (page.owner === null || this.erased) return "gone";
    const last = page.rows.at(-1)?.id;
    const kept = this.ctx.storage.transactionSync(() => {
      this.insertMissing(page.rows);
      for (const row of page.rows) this.takeLateEnd(row);
      for (const row of page.unsettled) this.queueSettlement(row, page.owner!);
      if (last && page.rows.length === this.pageRows) this.kv.put(KEY.cursor, last);
      else this.kv.delete(KEY.cursor);
      return this.heldAmong(page.rows.map((row) => row.id));
    });
    // D1's copies go only once this object's are on disk.
    await this.ctx.storage.sync();
    const releasable = page.rows.filter((row) => row.status !== "running" && kept.has(row.id));
    await releaseImported(
      this.env.DB,
      sessionId,
      releasable.map((row) => row.id),
    );
    if (page.unsettled.length) await this.settle();
    if (page.rows.length === this.pageRows) return "more";
    await writeIndexFacts(this.env.DB, sessionId, { messageCount: turns.messageCount(this.db), at: nowIso() });
    return "done";
  }

  /**
   * Writes the rows this object does not hold yet, one statement each (a Durable Object's SQLite
   * binds at most 100 values per statement; a row has 23). A row that breaks a uniqueness rule
   * here (a rollout's duplicate send) is left out, and stays in D1.
   */
  private insertMissing(rows: MessageRow[]) {
    for (const row of rows) {
      this.db.insert(aiMessages).values(row).onConflictDoNothing().run();
      // Its D1 row stays while it runs (never released running): its settlement removes it.
      if (row.status === "running") this.kv.put(KEY.inD1 + row.id, true);
    }
  }

  /** The ids of `ids` this object holds. */
  private heldAmong(ids: string[]): Set<string> {
    const held = chunked(ids, MAX_BOUND_IDS).flatMap((slice) =>
      this.db.select({ id: aiMessages.id }).from(aiMessages).where(inArray(aiMessages.id, slice)).all(),
    );
    return new Set(held.map((row) => row.id));
  }

  /**
   * A reply running here that D1 shows ended: an isolate of the release before ended it there
   * (its run row and debit with it, as that release did), so its end is taken as it is.
   */
  private takeLateEnd(row: MessageRow) {
    if (row.role !== "assistant" || row.status === "running" || row.status === null) return;
    const here = turns.replyOf(this.db, row.id);
    if (here?.status !== "running") return;
    const { id: _id, seq: _seq, ...end } = row;
    turns.endReply(this.db, row.id, { ...end, status: row.status });
  }

  /** A drain (the cron): imports the session, or takes what D1 gained since (a rollout's late rows). */
  async drain(sessionId: string): Promise<void> {
    if (this.erased) return;
    if (!this.kv.get(KEY.imported)) {
      await this.open({ sessionId, userId: "" });
      return;
    }
    await this.importPass(sessionId);
  }

  /** Builds the object and its tables ahead of a turn (beside the turn's D1 batch): nothing else. */
  warm(): void {
    if (!this.erased) void this.db;
  }

  send(user: turns.NewRow, assistant: turns.NewRow, rules?: turns.TurnRules) {
    return turns.beginSend(this.db, user, assistant, rules);
  }

  retryReading(messageId: string, key: string) {
    return turns.retryReading(this.db, messageId, key);
  }

  /** A retry's write; `previouslyActive` is what an abandoned retry restores. */
  retry(user: MessageRow, assistant: turns.NewRow) {
    const previouslyActive = turns.activeReplies(this.db, user.id);
    return { answer: turns.beginRetry(this.db, user, assistant), previouslyActive };
  }

  abandon(replyId: string, userMessageId: string | null, previouslyActive: string[]) {
    turns.abandonTurn(this.db, replyId, userMessageId, previouslyActive);
  }

  reply(messageId: string) {
    return turns.replyOf(this.db, messageId);
  }

  select(messageId: string) {
    return turns.selectVersion(this.db, messageId);
  }

  list(query: turns.PageQuery) {
    return turns.listPage(this.db, query);
  }

  history(seq: number) {
    return turns.historyBefore(this.db, seq);
  }

  saveToolCalls(messageId: string, toolCalls: ToolCallRecord[]) {
    turns.saveToolCalls(this.db, messageId, toolCalls);
  }

  /**
   * A run's end, from its MessageRun object: written onto its reply (only while it runs here, so
   * a second end writes nothing), and settled in D1 (run row and wallet entry in one batch). A
   * reply this object does not hold yet (sent by the release before, during the rollout) is
   * taken from D1 first. The settlement is kept until D1 commits it (`alarm`); a capped run's
   * spend hold settles once it has (`spendCap`).
   */
  async endRun(ref: SessionRef, messageId: string, end: turns.ReplyEnd, spendCap?: SpendCapOfRun): Promise<void> {
    if (!turns.replyOf(this.db, messageId)) await this.takeLate(ref.sessionId, [messageId]);
    const ended = this.ctx.storage.transactionSync(() => {
      const row = turns.endReply(this.db, messageId, end);
      return row ? this.queueSettlement(row, ref.userId, ref.accountId, spendCap) : false;
    });
    if (ended) await this.settle();
  }

  /** Keeps an ended reply's settlement (its run row's completion and debit) until D1 commits it. */
  private queueSettlement(
    row: MessageRow,
    userId: string,
    accountId?: string | null,
    spendCap?: SpendCapOfRun,
  ): boolean {
    if (!row.runId || row.status === "running" || row.status === null) return false;
    const pending: Pending = {
      runId: row.runId,
      messageId: row.id,
      sessionId: row.sessionId,
      userId,
      accountId,
      removeD1Row: this.kv.get(KEY.inD1 + row.id) !== undefined,
      createdAt: row.createdAt,
      modelId: row.modelId,
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      costUnits: row.costUnits,
      status: row.status,
      stoppedAt: row.stoppedAt,
      ...(spendCap && { spendCap }),
    };
    this.kv.put(KEY.settle + row.runId, pending);
    return true;
  }

  /** D1 rows of this session by id, taken in (a run's end naming a reply sent by the release before). */
  private async takeLate(sessionId: string, ids: string[]) {
    const rows = await d1Messages(this.env.DB, sessionId, ids);
    if (!this.erased) this.insertMissing(rows);
  }

  /** The reply's run was refused by its object: the reply fails at once, and never counts as a run. */
  failUnstarted(messageId: string, runError: string) {
    turns.endReply(this.db, messageId, { status: "failed", content: "", runError });
  }

  /**
   * Settles every run end still pending; one D1 refused is tried again by the alarm. A capped run's
   * spend hold settles at its debit once D1 committed it, on whichever try that is: until then the
   * hold keeps the run's whole estimate.
   */
  private async settle(): Promise<void> {
    const facts = { messageCount: turns.messageCount(this.db), at: nowIso() };
    for (const [key, run] of this.kv.list<Pending>({ prefix: KEY.settle })) {
      try {
        await settleRun(this.env.DB, run, facts);
        this.kv.delete(key);
        this.kv.delete(KEY.inD1 + run.messageId);
      } catch (error) {
        if (!/FOREIGN KEY/i.test(errorText(error))) {
          logError(this.env, { sessionId: run.sessionId, runId: run.runId, settlement: true, ...describeError(error) });
          await this.ctx.storage.setAlarm(Date.now() + SETTLE_RETRY_MS);
          continue;
        }
        // The session row is gone (deleted while the run ended): there is nothing to settle, and
        // nothing will be debited.
        this.kv.delete(key);
      }
      if (run.spendCap && run.accountId) {
        await settleSpendHold(this.env, { accountId: run.accountId, messageId: run.messageId, ...run.spendCap });
      }
    }
  }

  async alarm(): Promise<void> {
    if (!this.erased) await this.settle();
  }

  /**
   * Erases the conversation: the tombstone first (every call from now on finds the session gone),
   * then each reply's MessageRun (its event log; a run still going is stopped), then all storage;
   * the tombstone is the one key left. `messageIds` adds replies D1 named (rows never imported).
   */
  async erase(messageIds: string[]): Promise<void> {
    const tombstone = this.kv.get<string>(KEY.erased) ?? nowIso();
    this.kv.put(KEY.erased, tombstone);
    // Read whatever it holds, also when no import finished here (a pass an eviction interrupted
    // released some pages from D1, and D1 names none of them now).
    const held = turns.repliesWithRuns(this.db);
    await Promise.all([...new Set([...held, ...messageIds])].map((id) => eraseRun(this.env, id)));
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.#db = undefined;
    this.opening = undefined;
    this.kv.put(KEY.erased, tombstone);
  }
}
