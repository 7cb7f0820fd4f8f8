import {
  createScheduledController,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EVERY_FIVE_MINUTES, runScheduled } from "../../src/cron";
import { recordRunEnd } from "../../src/domains/ai";
import { RUN_NOT_STARTED } from "../../src/domains/ai/runs";
import { aiCron } from "../../src/domains/ai/upkeep";
import { call, expectError, type TestUser } from "../helpers/api";
import {
  d1MessageIds,
  oldHistory,
  oldRunningTurn,
  type OldRow,
  pacedImport,
  storedIn,
  writeOld,
} from "./before-conversations";
import { upgradeToRunRecord } from "./before-run-record";
import { aiUser, conversationSql, history, newSession, readStream, sent } from "./helpers";

/**
 * Issue 36 point 9: a deleted session's Conversation object keeps nothing but its tombstone, and
 * the MessageRun objects of its replies (their event logs) go with it, whether its rows were
 * imported or still only in D1; every removal of a session row, cascades included, is worked off by
 * the cron; a run's settlement D1 refused is retried by the object's alarm.
 */

const conversation = (sessionId: string) => env.CONVERSATION.getByName(sessionId);
const messageRun = (messageId: string) => env.MESSAGE_RUN.getByName(messageId);

/** Gives a reply's MessageRun object something stored, as the tree before left its event log. */
const seedRunObject = (messageId: string) =>
  runInDurableObject(messageRun(messageId), async (_instance, state) => {
    await state.storage.put("event-log-of-the-tree-before", { events: 3 });
  });

/** The conversation object holds only its tombstone: no table, one key. */
async function expectTombstoneOnly(sessionId: string) {
  expect(await storedIn(conversation(sessionId))).toEqual({ keys: ["erased"], tables: [] });
}

/** Each reply's MessageRun object is empty (checked before `status()` loads its workings). */
async function expectRunObjectsErased(messageIds: string[]) {
  for (const id of messageIds) {
    expect(await storedIn(messageRun(id)), id).toEqual({ keys: [], tables: [] });
    expect((await messageRun(id).status()).status, id).toBeNull();
  }
}

const erasureRows = async (sessionId: string) =>
  (
    await env.DB.prepare(
      "SELECT session_id, message_id FROM ai_session_erasures WHERE session_id = ? ORDER BY message_id",
    )
      .bind(sessionId)
      .all<{ session_id: string; message_id: string }>()
  ).results;

const deleteSession = (user: TestUser, sessionId: string) =>
  call("DELETE", `/ai/sessions/${sessionId}`, { token: user.accessToken, ip: user.ip });

/** A session whose history the tree before wrote into D1 (never touched since), its replies' objects seeded. */
async function oldSession(user: TestUser, rows: number, edit?: (history: OldRow[]) => void) {
  const session = await newSession(user);
  const history = oldHistory(session.id, rows);
  edit?.(history);
  await writeOld(history);
  await upgradeToRunRecord(session.id);
  const replies = history.filter((row) => row.role === "assistant").map((row) => row.id);
  for (const id of replies) await seedRunObject(id);
  return { sessionId: session.id, rows: history, replies };
}

describe("deleting a conversation (issue 36)", () => {
  it("a session sent through the API: its object keeps only the tombstone, its replies' MessageRun objects are erased", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const turn = await sent(user, session.id, { content: "hello" });
    await readStream(user, session.id, turn.assistantMessage.id);
    expect(await conversationSql(session.id, "SELECT id FROM ai_messages")).toHaveLength(2);
    expect((await storedIn(messageRun(turn.assistantMessage.id))).keys.length).toBeGreaterThan(0);

    const deleted = await deleteSession(user, session.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: session.id, deleted: true });
    await expectTombstoneOnly(session.id);
    await expectRunObjectsErased([turn.assistantMessage.id]);
    expect(await erasureRows(session.id)).toEqual([]);
  });

  it("a session whose rows are only in D1 (never imported): its replies' MessageRun objects are erased too", async () => {
    const user = await aiUser();
    const { sessionId, replies } = await oldSession(user, 6);
    expect(replies).toHaveLength(3);

    expect((await deleteSession(user, sessionId)).status).toBe(200);
    await expectTombstoneOnly(sessionId);
    await expectRunObjectsErased(replies);
    expect(await d1MessageIds(sessionId)).toEqual([]);
    expect(await erasureRows(sessionId)).toEqual([]);
  });

  it("after the delete every call on the session is 404; a drain after a D1 restore writes nothing into the tombstoned object", async () => {
    const user = await aiUser();
    const { sessionId, rows, replies } = await oldSession(user, 4);
    const session = await env.DB.prepare("SELECT * FROM ai_sessions WHERE id = ?").bind(sessionId).first();
    await history(user, sessionId);
    expect((await deleteSession(user, sessionId)).status).toBe(200);
    // From here on the object answers from its storage alone (no instance remembers the delete).
    await evictDurableObject(conversation(sessionId));

    const reply = replies[0]!;
    const calls: [string, string, unknown?][] = [
      ["GET", `/ai/sessions/${sessionId}/messages`],
      ["POST", `/ai/sessions/${sessionId}/messages`, { content: "still there?" }],
      ["POST", `/ai/sessions/${sessionId}/messages/${reply}/retries`, { idempotencyKey: "after-delete" }],
      ["POST", `/ai/sessions/${sessionId}/messages/${reply}/selection`],
      ["POST", `/ai/sessions/${sessionId}/messages/${reply}/stop`],
      ["GET", `/ai/sessions/${sessionId}/messages/${reply}/stream`],
      ["GET", `/ai/operations/sessions/${sessionId}/usage`],
      ["DELETE", `/ai/sessions/${sessionId}`],
    ];
    const everyCall = async () => {
      for (const [method, path, body] of calls) {
        const res = await call(method, path, { token: user.accessToken, ip: user.ip, body });
        expectError(res, 404, "not_found");
        expect(res.body.error.message, `${method} ${path}`).toBe("Session not found");
      }
    };
    await everyCall();

    // D1 restored to before the delete (Time Travel): the index row and the old rows are back.
    await env.DB.prepare(
      `INSERT INTO ai_sessions (${Object.keys(session!).join(", ")}) VALUES (${Object.keys(session!)
        .map(() => "?")
        .join(", ")})`,
    )
      .bind(...Object.values(session!))
      .run();
    await writeOld(rows);
    try {
      await evictDurableObject(conversation(sessionId));
      await conversation(sessionId).drain(sessionId);
      await aiCron.drainConversations(env);
      await expectTombstoneOnly(sessionId);
      expect((await d1MessageIds(sessionId)).length).toBe(rows.length);
      // The object answers the session gone, whatever D1 says.
      const listed = await call("GET", `/ai/sessions/${sessionId}/messages`, { token: user.accessToken, ip: user.ip });
      expectError(listed, 404, "not_found");
      await expectTombstoneOnly(sessionId);
    } finally {
      // Not left for the other tests' drains.
      await env.DB.prepare("DELETE FROM ai_sessions WHERE id = ?").bind(sessionId).run();
      await env.DB.prepare("DELETE FROM ai_session_erasures WHERE session_id = ?").bind(sessionId).run();
    }
  });

  it("a delete during an import (a list importing a multi-page session) ends with nothing left anywhere", async () => {
    const user = await aiUser();
    const { sessionId, replies } = await oldSession(user, 100);
    // The import stops after its first page (imported, and released from D1) until the delete is done.
    const gate = pacedImport(sessionId);
    await gate.ready;
    const listing = call("GET", `/ai/sessions/${sessionId}/messages?limit=100`, {
      token: user.accessToken,
      ip: user.ip,
    });
    await gate.betweenPages;
    expect(await conversationSql(sessionId, "SELECT id FROM ai_messages")).toHaveLength(20);
    const deleted = await deleteSession(user, sessionId);
    expect(deleted.status).toBe(200);
    gate.resume();
    // The import goes on, finds the session gone, and writes nothing: the list is the session's 404.
    const listed = await listing;
    expectError(listed, 404, "not_found");

    await expectTombstoneOnly(sessionId);
    expect(await d1MessageIds(sessionId)).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM ai_runs WHERE session_id = ?").bind(sessionId).first(),
    ).toEqual({ n: 0 });
    await runScheduled(createScheduledController({ cron: EVERY_FIVE_MINUTES, scheduledTime: Date.now() }), env);
    expect(await erasureRows(sessionId)).toEqual([]);
    await expectTombstoneOnly(sessionId);
    await expectRunObjectsErased(replies);
  });

  it("a delete after an import interrupted part-way erases the MessageRun objects of the pages already imported", async () => {
    const user = await aiUser();
    // A reply of the first page whose run its object refused: no run row names it in D1 (its
    // MessageRun object keeps the refusal's event).
    const { sessionId, rows, replies } = await oldSession(user, 45, (history) => {
      const firstPage = new Set(
        history
          .map((row) => row.id)
          .sort()
          .slice(0, 20),
      );
      const refused = history.find((row) => row.role === "assistant" && firstPage.has(row.id))!;
      Object.assign(refused, {
        status: "failed",
        run_status: "failed",
        content: "",
        run_error: JSON.stringify({ code: RUN_NOT_STARTED, message: "The run could not be started" }),
      });
    });
    // The second page's release is refused: the first page was imported and released, the object resets.
    const secondPage = rows.map((row) => row.id).sort()[25]!;
    await env.DB.prepare(
      `CREATE TRIGGER test_release_refused BEFORE DELETE ON ai_messages WHEN OLD.id = '${secondPage}'
       BEGIN SELECT RAISE(ABORT, 'release refused by the test'); END`,
    ).run();
    try {
      const interrupted = await call("GET", `/ai/sessions/${sessionId}/messages`, {
        token: user.accessToken,
        ip: user.ip,
      });
      expect(interrupted.status).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER test_release_refused").run();
    }
    expect((await d1MessageIds(sessionId)).length).toBe(25);

    expect((await deleteSession(user, sessionId)).status).toBe(200);
    await expectTombstoneOnly(sessionId);
    await expectRunObjectsErased(replies);
  });

  it("deleting a user row in D1 files its sessions' erasures by trigger; one cron run erases every object", async () => {
    const user = await aiUser();
    const sentSession = await newSession(user);
    const turn = await sent(user, sentSession.id, { content: "hello" });
    await readStream(user, sentSession.id, turn.assistantMessage.id);
    const old = await oldSession(user, 5);
    const empty = await newSession(user);

    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM ai_sessions WHERE user_id = ?").bind(user.id).first(),
    ).toEqual({ n: 0 });
    const named = (sessionId: string, messageIds: string[]) =>
      ["", ...messageIds].sort().map((message_id) => ({ session_id: sessionId, message_id }));
    expect(await erasureRows(sentSession.id)).toEqual(named(sentSession.id, [turn.assistantMessage.id]));
    expect(await erasureRows(old.sessionId)).toEqual(named(old.sessionId, old.replies));
    expect(await erasureRows(empty.id)).toEqual(named(empty.id, []));

    await runScheduled(createScheduledController({ cron: EVERY_FIVE_MINUTES, scheduledTime: Date.now() }), env);
    for (const sessionId of [sentSession.id, old.sessionId, empty.id]) {
      expect(await erasureRows(sessionId)).toEqual([]);
      await expectTombstoneOnly(sessionId);
    }
    await expectRunObjectsErased([turn.assistantMessage.id, ...old.replies]);
  });
});

describe("a run's settlement (issue 36 point 2)", () => {
  it("D1 refused it: the object's alarm settles it later, run row completed and one wallet entry", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const { reply } = await oldRunningTurn(session.id);
    const runRow = () =>
      env.DB.prepare("SELECT status, input_tokens, output_tokens, debited_at FROM ai_runs WHERE run_id = ?")
        .bind(reply.run_id)
        .first();
    const debits = async () =>
      (
        await env.DB.prepare("SELECT amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference = ?")
          .bind(reply.id)
          .all()
      ).results;

    await env.DB.prepare(
      `CREATE TRIGGER test_settlement_refused BEFORE UPDATE ON ai_runs WHEN OLD.run_id = '${reply.run_id}'
       BEGIN SELECT RAISE(ABORT, 'settlement refused by the test'); END`,
    ).run();
    const ref = { messageId: reply.id, sessionId: session.id, userId: user.id };
    // gpt-4o-mini: 1,000 input tokens at 0.15 USD and 100 output at 0.6 USD per million: 210 micro-USD.
    const end = {
      status: "completed" as const,
      content: "Ended while D1 refused",
      inputTokens: 1000,
      outputTokens: 100,
    };
    try {
      await recordRunEnd(env, ref, end);
    } finally {
      await env.DB.prepare("DROP TRIGGER test_settlement_refused").run();
    }
    // The reply ended in its conversation; its settlement waits, with an alarm to retry it.
    expect(await runRow()).toEqual({ status: "running", input_tokens: 0, output_tokens: 0, debited_at: null });
    expect(await debits()).toEqual([]);
    const pending = await runInDurableObject(conversation(session.id), async (_instance, state) => ({
      keys: [...(await state.storage.list({ prefix: "settle:" })).keys()],
      alarm: await state.storage.getAlarm(),
    }));
    expect(pending.keys).toEqual([`settle:${reply.run_id}`]);
    expect(pending.alarm).toEqual(expect.any(Number));
    const shown = (await history(user, session.id)).data.at(-1);
    expect(shown).toMatchObject({ id: reply.id, status: "completed", content: end.content, tokensUsed: 1100 });

    expect(await runDurableObjectAlarm(conversation(session.id))).toBe(true);
    expect(await runRow()).toEqual({
      status: "completed",
      input_tokens: 1000,
      output_tokens: 100,
      debited_at: expect.any(String),
    });
    expect(await debits()).toEqual([{ amount_micros: -210 }]);
    expect(await d1MessageIds(session.id)).toEqual([]);
    // Settled once: nothing pending, no alarm left; a late end writes nothing again.
    await recordRunEnd(env, ref, end);
    expect(await runDurableObjectAlarm(conversation(session.id))).toBe(false);
    expect(await debits()).toEqual([{ amount_micros: -210 }]);
  });
});
