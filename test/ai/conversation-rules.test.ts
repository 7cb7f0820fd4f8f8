import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { aiMessages, openConversationDb, type ConversationDb } from "../../src/domains/ai/conversation/tables";
import * as turns from "../../src/domains/ai/conversation/turns";
import { type StoredRequest, userRow as sentRow } from "../../src/domains/ai/turn";
import { newId } from "../../src/lib/ids";

/**
 * The conversation's rules (conversation/turns.ts) as plain code over a real Durable Object SQLite:
 * each test opens a fresh object's storage and calls the rules directly, no Worker in between.
 */
function onFreshConversation<T>(work: (db: ConversationDb) => T): Promise<T> {
  return runInDurableObject(env.CONVERSATION.getByName(newId()), (_instance, state) =>
    work(openConversationDb(state.storage)),
  );
}

const SESSION = "session-1";
let clock = 0;
const at = () => new Date(Date.UTC(2026, 10, 27, 12, 0, clock++)).toISOString();

/** A user message as a send writes it (turn.ts's own row). */
const userRow = (content: string, key: string | null = null): turns.NewRow =>
  sentRow({
    sessionId: SESSION,
    content,
    request: { memoryIds: [] } as unknown as StoredRequest,
    idempotencyKey: key,
    createdAt: at(),
  });

const replyRow = (parentId: string, key: string | null = null): turns.NewRow => ({
  ...userRow("", key),
  role: "assistant",
  content: null,
  status: "running",
  parentId,
  runId: newId(),
  runStatus: "queued",
  request: null,
});

/** A send that ends completed with `answer`. */
function turn(db: ConversationDb, content: string, answer: string) {
  const user = userRow(content);
  const sent = turns.beginSend(db, user, replyRow(user.id));
  if (sent.kind !== "started") throw new Error(`expected a started turn, got ${sent.kind}`);
  turns.endReply(db, sent.assistant.id, { status: "completed", content: answer });
  return sent;
}

describe("a conversation's rules (conversation/turns.ts)", () => {
  it("an MCP session's turns (maxRunning 4, no history) run side by side; the fifth is busy; a session's own rule still refuses a second", async () => {
    await onFreshConversation((db) => {
      turn(db, "before", "an answer");
      const rules = { maxRunning: 4, withHistory: false };
      const started = [1, 2, 3, 4].map((n) => {
        const user = userRow(`call ${n}`);
        return turns.beginSend(db, user, replyRow(user.id), rules);
      });
      expect(started.map((t) => t.kind)).toEqual(["started", "started", "started", "started"]);
      expect(started.map((t) => (t.kind === "started" ? t.history : null))).toEqual([[], [], [], []]);
      const fifth = userRow("call 5");
      expect(turns.beginSend(db, fifth, replyRow(fifth.id), rules)).toEqual({ kind: "busy", limit: 4 });
      const plain = userRow("a session's send");
      expect(turns.beginSend(db, plain, replyRow(plain.id))).toEqual({ kind: "running" });
      // Ending one makes room for one.
      const first = started[0]!;
      if (first.kind !== "started") throw new Error("expected a started turn");
      turns.endReply(db, first.assistant.id, { status: "completed", content: "done" });
      const sixth = userRow("call 6");
      expect(turns.beginSend(db, sixth, replyRow(sixth.id), rules).kind).toBe("started");
    });
  });

  it("an object made before MCP sessions (one running reply per session as an index) opens with one per turn instead, its rows kept", async () => {
    const stub = env.CONVERSATION.getByName(newId());
    // The tree before: the same table, and the index by its old name.
    const written = await runInDurableObject(stub, (_instance, state) => {
      const db = openConversationDb(state.storage);
      state.storage.sql.exec("DROP INDEX IF EXISTS ai_messages_one_running_per_turn_idx");
      state.storage.sql.exec(
        "CREATE UNIQUE INDEX ai_messages_one_running_idx ON ai_messages (session_id) WHERE status = 'running'",
      );
      const done = turn(db, "earlier", "kept");
      const user = userRow("still running");
      const running = turns.beginSend(db, user, replyRow(user.id));
      return { done, running };
    });
    await runInDurableObject(stub, (_instance, state) => {
      const db = openConversationDb(state.storage);
      const indexes = [...state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'index'")].map(
        (r) => r.name,
      );
      expect(indexes).not.toContain("ai_messages_one_running_idx");
      expect(indexes).toContain("ai_messages_one_running_per_turn_idx");
      const rows = db.select().from(aiMessages).all();
      expect(rows).toHaveLength(4);
      const running = written.running;
      if (running.kind !== "started") throw new Error("expected a started turn");
      expect(rows.find((r) => r.id === running.assistant.id)).toEqual(running.assistant);
      expect(rows.find((r) => r.id === written.done.assistant.id)).toMatchObject({
        status: "completed",
        content: "kept",
      });
      // A second running reply of the same turn is still refused by the index.
      expect(() =>
        db
          .insert(aiMessages)
          .values({ ...running.assistant, id: newId(), seq: 9 })
          .run(),
      ).toThrow(/UNIQUE/);
    });
  });

  it("a send takes the next place; its key's second send is the same turn; a running reply refuses the next", async () => {
    await onFreshConversation((db) => {
      const first = userRow("one", "key-1");
      const reply = replyRow(first.id);
      const sent = turns.beginSend(db, first, reply);
      expect(sent).toMatchObject({ kind: "started", user: { seq: 1 }, assistant: { seq: 1 }, history: [] });
      const again = userRow("one again", "key-1");
      expect(turns.beginSend(db, again, replyRow(again.id))).toMatchObject({
        kind: "replay",
        user: { id: first.id },
        assistant: { id: reply.id },
      });
      const other = userRow("two");
      expect(turns.beginSend(db, other, replyRow(other.id))).toEqual({ kind: "running" });
      turns.endReply(db, reply.id, { status: "completed", content: "answer one" });
      expect(turns.beginSend(db, other, replyRow(other.id))).toMatchObject({
        kind: "started",
        user: { seq: 2 },
        history: [
          { role: "user", content: "one" },
          { role: "assistant", content: "answer one" },
        ],
      });
      expect(turns.messageCount(db)).toBe(4);
    });
  });

  it("the three uniqueness rules hold in the table itself, whatever the caller checked", async () => {
    await onFreshConversation((db) => {
      const sent = turn(db, "one", "a");
      const insert = (row: turns.NewRow) =>
        db
          .insert(aiMessages)
          .values({ ...row, seq: 9 })
          .run();
      const running = replyRow(sent.user.id);
      insert(running);
      expect(() => insert(replyRow(sent.user.id))).toThrow(/UNIQUE/);
      expect(() => insert({ ...userRow("dup", null), idempotencyKey: null })).not.toThrow();
      insert(userRow("keyed", "k"));
      expect(() => insert(userRow("keyed twice", "k"))).toThrow(/UNIQUE/);
      turns.endReply(db, running.id, { status: "stopped", content: "" });
      insert({ ...replyRow(sent.user.id, "r"), status: "completed" });
      expect(() => insert({ ...replyRow(sent.user.id, "r"), status: "completed" })).toThrow(/UNIQUE/);
    });
  });

  it("a retry is a new active version; its key replays; selection and history follow the active version", async () => {
    await onFreshConversation((db) => {
      const first = turn(db, "one", "first answer");
      const reading = turns.retryReading(db, first.assistant.id, "retry-1");
      expect(reading).toMatchObject({ target: { id: first.assistant.id }, user: { id: first.user.id }, replay: null });
      const version = replyRow(first.user.id, "retry-1");
      const retried = turns.beginRetry(db, reading!.user, version);
      expect(retried).toMatchObject({ kind: "started", assistant: { id: version.id, seq: 1, isActive: true } });
      turns.endReply(db, version.id, { status: "completed", content: "second answer" });
      expect(turns.retryReading(db, first.assistant.id, "retry-1")?.replay?.id).toBe(version.id);
      expect(turns.historyBefore(db, 2)).toEqual([
        { role: "user", content: "one" },
        { role: "assistant", content: "second answer" },
      ]);
      expect(turns.selectVersion(db, first.assistant.id)).toMatchObject({ id: first.assistant.id, isActive: true });
      expect(turns.historyBefore(db, 2).at(-1)).toEqual({ role: "assistant", content: "first answer" });
      expect(turns.activeReplies(db, first.user.id)).toEqual([first.assistant.id]);
      expect(turns.selectVersion(db, first.user.id)).toBeUndefined();
      expect(turns.retryReading(db, "no-such-reply", "k")).toBeNull();
    });
  });

  it("an abandoned send leaves nothing; an abandoned retry gives back the version that was active", async () => {
    await onFreshConversation((db) => {
      const first = turn(db, "one", "kept");
      const previouslyActive = turns.activeReplies(db, first.user.id);
      const version = replyRow(first.user.id, "retry");
      turns.beginRetry(db, first.user, version);
      turns.abandonTurn(db, version.id, null, previouslyActive);
      expect(turns.listPage(db, { limit: 10, after: null, offset: 0 }).rows.map((row) => row.id)).toEqual([
        first.user.id,
        first.assistant.id,
      ]);
      const user = userRow("two");
      const reply = replyRow(user.id);
      turns.beginSend(db, user, reply);
      turns.abandonTurn(db, reply.id, user.id, []);
      expect(turns.messageCount(db)).toBe(2);
    });
  });

  it("history is the last 40 messages before the turn, user messages and active replies with text only", async () => {
    await onFreshConversation((db) => {
      for (let i = 1; i <= 25; i++) turn(db, `q${i}`, `a${i}`);
      const history = turns.historyBefore(db, 26);
      expect(history).toHaveLength(turns.MAX_HISTORY_MESSAGES);
      expect(history[0]).toEqual({ role: "user", content: "q6" });
      expect(history.at(-1)).toEqual({ role: "assistant", content: "a25" });
      expect(turns.historyBefore(db, 1)).toEqual([]);
    });
  });

  it("pages by (seq, role) after a cursor and by offset, with the total of visible messages", async () => {
    await onFreshConversation((db) => {
      for (let i = 1; i <= 3; i++) turn(db, `q${i}`, `a${i}`);
      const all = turns.listPage(db, { limit: 10, after: null, offset: 0 });
      expect(all.total).toBe(6);
      expect(all.rows.map((row) => row.content)).toEqual(["q1", "a1", "q2", "a2", "q3", "a3"]);
      const afterQ2 = turns.listPage(db, { limit: 2, after: { seq: 2, role: "user" }, offset: 0 });
      expect(afterQ2.rows.map((row) => row.content)).toEqual(["a2", "q3", "a3"]);
      expect(turns.listPage(db, { limit: 1, after: null, offset: 4 }).rows.map((row) => row.content)).toEqual([
        "q3",
        "a3",
      ]);
    });
  });

  it("a reply's end is written once, only while it runs; tool calls only onto a running reply", async () => {
    await onFreshConversation((db) => {
      const user = userRow("one");
      const reply = replyRow(user.id);
      turns.beginSend(db, user, reply);
      const call = {
        id: "c1",
        toolKey: "web.search",
        input: {},
        status: "executing" as const,
        output: null,
        error: null,
        executionMs: null,
      };
      turns.saveToolCalls(db, reply.id, [call]);
      const ended = turns.endReply(db, reply.id, { status: "stopped", content: "part", stoppedAt: at() });
      expect(ended).toMatchObject({ status: "stopped", runStatus: "stopped", content: "part", toolCalls: [call] });
      expect(turns.endReply(db, reply.id, { status: "completed", content: "late" })).toBeUndefined();
      turns.saveToolCalls(db, reply.id, []);
      expect(turns.replyOf(db, reply.id)).toMatchObject({ content: "part", toolCalls: [call] });
      expect(turns.repliesWithRuns(db)).toEqual([reply.id]);
    });
  });
});
