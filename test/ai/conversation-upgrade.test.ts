import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordRunEnd, recordToolCalls } from "../../src/domains/ai/run/write-back";
import { modelId } from "../../src/domains/ai/models";
import { RUN_NOT_STARTED } from "../../src/domains/ai/runs";
import { aiCron } from "../../src/domains/ai/upkeep";
import { call, type TestUser } from "../helpers/api";
import {
  d1MessageIds,
  oldHistory,
  oldRunningTurn,
  oldReply,
  oldUser,
  type OldRow,
  pacedImport,
  writeOld,
} from "./before-conversations";
import { upgradeToRunRecord } from "./before-run-record";
import { aiUser, conversationSql, history, newSession, readStream, sent } from "./helpers";

/**
 * Issue 36's upgrade: conversations written into D1 by the tree before (the schema and rows it
 * wrote, run rows as migration 0017 left them) read, page, select, replay, end and count through the
 * API exactly as before, once each session's Conversation object has imported them.
 */

/** A history item as the API answered it over an old row (spec "Message"), computed from the row alone. */
function publicOf(row: OldRow, isActive = row.is_active) {
  expect(isActive, "a visible row").toBeTruthy();
  const common = {
    id: row.id,
    role: row.role,
    content: row.content,
    suggestions: JSON.parse(row.suggestions),
    runId: row.run_id,
    toolCalls: row.tool_calls === null ? null : JSON.parse(row.tool_calls),
    modelId: row.model_id,
    modelName: row.model_name,
    providerKey: row.provider_key,
    createdAt: row.created_at,
  };
  if (row.role === "user") {
    const request = JSON.parse(row.request!);
    return {
      ...common,
      memoryIds: request.memoryIds,
      attachmentIds: request.attachmentIds,
      structuredBlocks: request.structuredBlocks,
    };
  }
  return { ...common, status: row.status, tokensUsed: row.input_tokens + row.output_tokens };
}

/** The old API's cursor after (seq, role): base64url of `[key, id]` (src/lib/pagination.ts of the tree before). */
const cursorBefore = (seq: number, role: "user" | "assistant") =>
  btoa(JSON.stringify([String(seq), role]))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const usageOf = async (user: TestUser, sessionId: string) => {
  const res = await call("GET", `/ai/operations/sessions/${sessionId}/usage`, { token: user.accessToken, ip: user.ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const runRows = async (sessionId: string) =>
  (
    await env.DB.prepare("SELECT * FROM ai_runs WHERE session_id = ? ORDER BY created_at")
      .bind(sessionId)
      .all<Record<string, unknown>>()
  ).results;

const usageDebits = async (messageId: string) =>
  (
    await env.DB.prepare("SELECT amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference = ?")
      .bind(messageId)
      .all<{ amount_micros: number }>()
  ).results;

/**
 * The upgrade fixture (issue 36 point 10), written the old way: a session created through the API,
 * then its rows in D1 as the tree before wrote them. Turn 1: a keyed send with memories,
 * attachments and structured blocks, answered twice (the first version, then a keyed retry with
 * tool calls that is active); turn 2 stopped; turn 3 failed; turn 4 refused by its object (not a
 * run); turn 5 running across the upgrade. Run rows as migration 0017 left them.
 */
async function oldConversation(user?: TestUser) {
  user ??= await aiUser();
  const session = await newSession(user);
  const memory = await call("POST", "/ai/memories", {
    token: user.accessToken,
    ip: user.ip,
    body: { content: "I travel by train" },
  });
  expect(memory.status).toBe(201);
  const [mini, gpt4o] = [await modelId("gpt-4o-mini"), await modelId("gpt-4o")];
  const id = session.id;
  const u1 = oldUser(id, 1, {
    content: "Plan a trip to Lyon",
    idempotency_key: "send-key-1",
    request: JSON.stringify({
      modelKey: "fake-basic",
      effortMode: "basic",
      capability: null,
      attachmentIds: [crypto.randomUUID()],
      memoryIds: [memory.body.data.id],
      structuredBlocks: [
        { type: "mention", instanceId: crypto.randomUUID() },
        { type: "media", mediaId: crypto.randomUUID() },
      ],
    }),
  });
  const a1a = oldReply(u1, {
    is_active: 0,
    content: "The first version",
    suggestions: JSON.stringify([{ suggestion: "Book the train", priority: 1 }]),
    model_id: mini,
    model_name: "gpt-4o-mini",
    input_tokens: 1234,
    output_tokens: 567,
    cost_units: '{"search.brave":3}',
  });
  const a1b = oldReply(u1, {
    content: "The second version",
    idempotency_key: "retry-key-1",
    created_at: "2026-10-20T10:01:30.000Z",
    model_id: gpt4o,
    model_name: "gpt-4o",
    input_tokens: 2001,
    output_tokens: 333,
    tool_calls: JSON.stringify([
      {
        id: "call_1",
        toolKey: "web.search",
        input: { query: "trains to Lyon" },
        status: "completed",
        output: { results: [{ title: "SNCF", url: "https://example.com/sncf" }] },
        error: null,
        executionMs: 41,
      },
    ]),
  });
  const u2 = oldUser(id, 2);
  const a2 = oldReply(u2, {
    status: "stopped",
    run_status: "stopped",
    content: "A partial ans",
    stopped_at: "2026-10-20T10:02:05.000Z",
    model_id: mini,
    input_tokens: 777,
    output_tokens: 111,
    cost_units: '{"page.read":2}',
  });
  const u3 = oldUser(id, 3);
  const a3 = oldReply(u3, {
    status: "failed",
    run_status: "failed",
    content: "",
    run_error: JSON.stringify({ code: "provider_error", message: "upstream exploded" }),
    model_id: gpt4o,
    input_tokens: 55,
  });
  const u4 = oldUser(id, 4);
  const a4 = oldReply(u4, {
    status: "failed",
    run_status: "failed",
    content: "",
    run_error: JSON.stringify({ code: RUN_NOT_STARTED, message: "The run could not be started" }),
    model_id: gpt4o,
    input_tokens: 999,
  });
  const u5 = oldUser(id, 5);
  const a5 = oldReply(u5, { status: "running", run_status: "running", content: null, model_id: mini });
  const rows = { u1, a1a, a1b, u2, a2, u3, a3, u4, a4, u5, a5 };
  await writeOld(Object.values(rows));
  await upgradeToRunRecord(id);
  return { user, sessionId: id, rows, all: Object.values(rows) };
}

type Fixture = Awaited<ReturnType<typeof oldConversation>>;

/** History as the old rows say it reads: each user message, then its active version. */
const expectedHistory = ({ rows: r }: Fixture) =>
  [r.u1, r.a1b, r.u2, r.a2, r.u3, r.a3, r.u4, r.a4, r.u5, r.a5].map((row) => publicOf(row));

const countInObject = async (sessionId: string) =>
  (await conversationSql<{ n: number }>(sessionId, "SELECT count(*) AS n FROM ai_messages"))[0]!.n;

describe("conversations written into D1 by the tree before, after the upgrade (issue 36)", () => {
  it("every migration of this tree over the old fixture keeps every row: ai_messages counted before the first touch", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    // The database as the tree before left it: migration 0018 not applied (its table, triggers and
    // index columns absent, and it not recorded).
    await env.DB.batch(
      [
        "DROP TRIGGER ai_sessions_erased",
        "DROP TRIGGER ai_messages_erased",
        "DROP TRIGGER ai_runs_erased",
        "DROP TABLE ai_session_erasures",
        "ALTER TABLE ai_sessions DROP COLUMN message_count",
        "ALTER TABLE ai_sessions DROP COLUMN last_activity_at",
        "ALTER TABLE ai_sessions DROP COLUMN updated_at",
        "DELETE FROM d1_migrations WHERE name = '0018_ai_conversations.sql'",
      ].map((sql) => env.DB.prepare(sql)),
    );
    const rows = oldHistory(session.id, 30);
    await writeOld(rows);
    const sessionBefore = await env.DB.prepare("SELECT id, user_id, created_at FROM ai_sessions WHERE id = ?")
      .bind(session.id)
      .first();
    // 0017's record too (its backfill over these rows), then every migration not applied: 0017, 0018.
    await upgradeToRunRecord(session.id);
    // Every migration is applied (those after 0018 stayed applied, so the order of ids is not the files').
    const applied = await env.DB.prepare("SELECT name FROM d1_migrations ORDER BY name").all<{ name: string }>();
    expect(applied.results.map((row) => row.name)).toEqual(env.TEST_MIGRATIONS.map((m) => m.name).sort());

    // Before anything touches the session: every row is still in D1, and the session and its owner.
    expect(await d1MessageIds(session.id)).toEqual(rows.map((row) => row.id).sort());
    expect(
      await env.DB.prepare("SELECT id, user_id, created_at FROM ai_sessions WHERE id = ?").bind(session.id).first(),
    ).toEqual(sessionBefore);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(user.id).first()).toEqual({ id: user.id });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM ai_session_erasures WHERE session_id = ?")
        .bind(session.id)
        .first(),
    ).toEqual({ n: 0 });

    // The first touch imports them all.
    const { data, meta } = await history(user, session.id, "?limit=100");
    expect(meta.total).toBe(30);
    expect(data).toEqual(rows.map((row) => publicOf(row)));
    expect(await d1MessageIds(session.id)).toEqual([]);
  });

  it("reads back field for field; afterwards D1 holds only the reply still running", async () => {
    const fixture = await oldConversation();
    const { user, sessionId, rows } = fixture;
    expect((await d1MessageIds(sessionId)).length).toBe(11);

    const { data, meta } = await history(user, sessionId, "?limit=100");
    expect(data).toEqual(expectedHistory(fixture));
    expect(meta).toMatchObject({ cursor: null, hasMore: false, total: 10 });
    // Every row is in the object, the inactive version too; D1 keeps only the running reply.
    expect(await countInObject(sessionId)).toBe(11);
    expect(await d1MessageIds(sessionId)).toEqual([rows.a5.id]);
    // The index row counts the conversation.
    expect(await env.DB.prepare("SELECT message_count FROM ai_sessions WHERE id = ?").bind(sessionId).first()).toEqual({
      message_count: 11,
    });
    // Offset pages read the same.
    const byOffset = await history(user, sessionId, "?offset=3&limit=4");
    expect(byOffset.data).toEqual(expectedHistory(fixture).slice(3, 7));
  });

  it("a cursor the API issued before the upgrade keeps paging (the first touch pages with it)", async () => {
    const fixture = await oldConversation();
    const { user, sessionId } = fixture;
    const all = expectedHistory(fixture);
    const first = await history(user, sessionId, `?limit=3&cursor=${cursorBefore(2, "assistant")}`);
    expect(first.data).toEqual(all.slice(4, 7));
    expect(first.meta).toMatchObject({ hasMore: true, total: 10 });
    const second = await history(user, sessionId, `?limit=3&cursor=${first.meta.cursor}`);
    expect(second.data).toEqual(all.slice(7, 10));
    expect(second.meta).toMatchObject({ cursor: null, hasMore: false });
    // After a user message: its turn's active reply comes next.
    const afterUser = await history(user, sessionId, `?limit=1&cursor=${cursorBefore(1, "user")}`);
    expect(afterUser.data).toEqual([all[1]]);
  });

  it("selection works on imported versions: history and the answer follow it", async () => {
    const fixture = await oldConversation();
    const { user, sessionId, rows } = fixture;
    const select = (messageId: string) =>
      call("POST", `/ai/sessions/${sessionId}/messages/${messageId}/selection`, {
        token: user.accessToken,
        ip: user.ip,
      });
    const chosen = await select(rows.a1a.id);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect(chosen.body.data).toEqual({ activeMessageId: rows.a1a.id, selectedMessage: publicOf(rows.a1a, 1) });
    const { data } = await history(user, sessionId, "?limit=100");
    expect(data.slice(0, 2)).toEqual([publicOf(rows.u1), publicOf(rows.a1a, 1)]);
    expect(data.map((m) => m.id)).not.toContain(rows.a1b.id);
    const active = await conversationSql<{ id: string; is_active: number }>(
      sessionId,
      "SELECT id, is_active FROM ai_messages WHERE parent_id = ? ORDER BY created_at",
      rows.u1.id,
    );
    expect(active).toEqual([
      { id: rows.a1a.id, is_active: 1 },
      { id: rows.a1b.id, is_active: 0 },
    ]);
    // And back.
    expect((await select(rows.a1b.id)).status).toBe(201);
    expect((await history(user, sessionId, "?limit=2")).data).toEqual([publicOf(rows.u1), publicOf(rows.a1b)]);
  });

  it("a keyed send and a keyed retry replayed after the upgrade answer the original turn, and create nothing", async () => {
    const fixture = await oldConversation();
    const { user, sessionId, rows } = fixture;
    const runsBefore = await runRows(sessionId);
    // The send's key: its turn's user message and first reply (a reply is running: the replay still answers).
    const replayed = await call("POST", `/ai/sessions/${sessionId}/messages`, {
      token: user.accessToken,
      ip: user.ip,
      body: { content: rows.u1.content, idempotencyKey: "send-key-1" },
    });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.data).toEqual({
      sessionId,
      userMessage: { id: rows.u1.id, role: "user", content: rows.u1.content, createdAt: rows.u1.created_at },
      assistantMessage: {
        id: rows.a1a.id,
        role: "assistant",
        content: rows.a1a.content,
        suggestions: [],
        createdAt: rows.a1a.created_at,
      },
      run: { id: rows.a1a.run_id, status: "completed" },
    });
    // The retry's key, on either version of the turn: the version it created (answered 201, as before).
    for (const target of [rows.a1a.id, rows.a1b.id]) {
      const retried = await call("POST", `/ai/sessions/${sessionId}/messages/${target}/retries`, {
        token: user.accessToken,
        ip: user.ip,
        body: { idempotencyKey: "retry-key-1" },
      });
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      expect(retried.body.data).toMatchObject({
        sessionId,
        userMessage: { id: rows.u1.id },
        assistantMessage: { id: rows.a1b.id, content: rows.a1b.content },
        run: { id: rows.a1b.run_id, status: "completed" },
      });
    }
    // No second turn or version, no run row: the history, the object and the ledger are as they were.
    expect((await history(user, sessionId, "?limit=100")).data).toEqual(expectedHistory(fixture));
    expect(await countInObject(sessionId)).toBe(11);
    expect(await runRows(sessionId)).toEqual(runsBefore);
    // An unkeyed send is still the running reply's 409: the running reply was imported as running.
    const refused = await call("POST", `/ai/sessions/${sessionId}/messages`, {
      token: user.accessToken,
      ip: user.ip,
      body: { content: "another" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("conflict");
  });

  it("the reply running across the upgrade ends once through its session's object; usage totals equal those before, and after", async () => {
    const fixture = await oldConversation();
    const { user, sessionId, rows } = fixture;
    // The usage the endpoint answers over these run rows with no import at all: a twin session
    // holding a copy of the ledger only (no D1 messages, so nothing to import first).
    const twin = await newSession(user);
    await env.DB.prepare(
      `INSERT INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at, ended_at, model_id,
         input_tokens, output_tokens, cost_units, debited_at)
       SELECT 'twin-' || run_id, 'twin-' || message_id, ?, user_id, status, created_at, ended_at, model_id,
         input_tokens, output_tokens, cost_units, debited_at
       FROM ai_runs WHERE session_id = ?`,
    )
      .bind(twin.id, sessionId)
      .run();
    const ledgerBefore = await usageOf(user, twin.id);
    // gpt-4o-mini 2011 in / 678 out, gpt-4o 2056 in / 333 out, 3 Brave queries, 2 pages read: five
    // runs (the refused one is none; the running one is).
    expect(ledgerBefore).toMatchObject({
      totalInputTokens: 4067,
      totalOutputTokens: 1011,
      runCount: 5,
      costUnits: { "search.brave": 3, "page.read": 2 },
      estimatedCostUsd: 0.024178,
    });
    // The session itself, imported by this read: the same totals.
    expect(await usageOf(user, sessionId)).toEqual({ ...ledgerBefore, sessionId });
    expect(await d1MessageIds(sessionId)).toEqual([rows.a5.id]);

    // Its MessageRun, still running it, records a tool call: onto the imported reply.
    const ref = { messageId: rows.a5.id, sessionId, userId: user.id };
    const toolCalls = [
      {
        id: "call_9",
        toolKey: "web.search",
        input: { query: "after the upgrade" },
        status: "executing" as const,
        output: null,
        error: null,
        executionMs: null,
      },
    ];
    await recordToolCalls(env, ref, toolCalls);
    expect((await history(user, sessionId, "?limit=100")).data.at(-1)).toEqual({ ...publicOf(rows.a5), toolCalls });

    // Its MessageRun ends it (twice: a retried end writes nothing again).
    const end = { status: "completed" as const, content: "Done after the upgrade", inputTokens: 1003, outputTokens: 7 };
    await recordRunEnd(env, ref, end);
    await recordRunEnd(env, ref, { ...end, content: "a second end", inputTokens: 5000 });

    const reply = (await history(user, sessionId, "?limit=100")).data.at(-1);
    expect(reply).toEqual({
      ...publicOf(rows.a5),
      status: "completed",
      content: end.content,
      tokensUsed: 1010,
      toolCalls,
    });
    const run = (await runRows(sessionId)).find((row) => row.run_id === rows.a5.run_id)!;
    expect(run).toMatchObject({
      status: "completed",
      input_tokens: 1003,
      output_tokens: 7,
      model_id: rows.a5.model_id,
    });
    expect(run.ended_at).toEqual(expect.any(String));
    expect(run.debited_at).toEqual(expect.any(String));
    expect(await d1MessageIds(sessionId)).toEqual([]);

    // The twin's ledger with the same end: the same totals; the debit is the rounded increase, once.
    await env.DB.prepare(
      "UPDATE ai_runs SET status = 'completed', input_tokens = 1003, output_tokens = 7 WHERE run_id = ?",
    )
      .bind(`twin-${rows.a5.run_id}`)
      .run();
    const ledgerAfter = await usageOf(user, twin.id);
    expect(ledgerAfter.totalInputTokens).toBe(5070);
    expect(await usageOf(user, sessionId)).toEqual({ ...ledgerAfter, sessionId });
    const increase = Math.round((ledgerAfter.estimatedCostUsd - ledgerBefore.estimatedCostUsd) * 1e6);
    expect(increase).toBeGreaterThan(0);
    expect(await usageDebits(rows.a5.id)).toEqual([{ amount_micros: -increase }]);
    // Replies that ended before the upgrade post nothing.
    for (const old of [rows.a1a, rows.a1b, rows.a2, rows.a3, rows.a4]) expect(await usageDebits(old.id)).toEqual([]);
    // The refused reply has no run row, before or after the import.
    expect((await runRows(sessionId)).map((row) => row.message_id)).not.toContain(rows.a4.id);
  });

  it("a reply the tree before ended whose run row and debit did not commit (an end cut between its two writes) is settled once by the import", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const { reply } = await oldRunningTurn(session.id);
    // The old end's first write (onto the reply) committed; its second (run row and debit) did not.
    await env.DB.prepare(
      "UPDATE ai_messages SET status = 'completed', run_status = 'completed', content = 'Ended before', input_tokens = 1000, output_tokens = 100 WHERE id = ?",
    )
      .bind(reply.id)
      .run();
    expect((await runRows(session.id))[0]).toMatchObject({ status: "running", debited_at: null });

    const { data } = await history(user, session.id);
    expect(data[1]).toMatchObject({ id: reply.id, status: "completed", content: "Ended before", tokensUsed: 1100 });
    // gpt-4o-mini: 1,000 input tokens at 0.15 USD and 100 output at 0.6 USD per million: 210 micro-USD.
    expect((await runRows(session.id))[0]).toMatchObject({
      status: "completed",
      input_tokens: 1000,
      output_tokens: 100,
      debited_at: expect.any(String),
    });
    expect(await usageDebits(reply.id)).toEqual([{ amount_micros: -210 }]);
    expect(await d1MessageIds(session.id)).toEqual([]);
    // Its MessageRun retrying the end, and the cron's drain, change nothing.
    await recordRunEnd(env, { messageId: reply.id, sessionId: session.id, userId: user.id }, { status: "completed" });
    await aiCron.drainConversations(env);
    expect(await usageDebits(reply.id)).toEqual([{ amount_micros: -210 }]);
    expect(await usageOf(user, session.id)).toMatchObject({
      totalInputTokens: 1000,
      totalOutputTokens: 100,
      runCount: 1,
    });
  });

  it("rows the release before writes after the import (the rollout): a late turn is taken by the drain, a late reply's end by its object", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const u1 = oldUser(session.id, 1);
    const a1 = oldReply(u1);
    await writeOld([u1, a1]);
    await upgradeToRunRecord(session.id);
    expect((await history(user, session.id)).data.map((m) => m.id)).toEqual([u1.id, a1.id]);
    expect(await d1MessageIds(session.id)).toEqual([]);

    // An isolate of the release before answers a turn into D1 (its run row settled with its end)...
    const u2 = oldUser(session.id, 2);
    const a2 = oldReply(u2);
    await writeOld([u2, a2]);
    await env.DB.prepare(
      "INSERT INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at, ended_at, debited_at) VALUES (?, ?, ?, ?, 'completed', ?, ?, ?)",
    )
      .bind(a2.run_id, a2.id, session.id, user.id, a2.created_at, a2.created_at, a2.created_at)
      .run();
    // ...and sends another, whose run (its run row queued, as that release's send wrote it) ends here.
    const u3 = oldUser(session.id, 3);
    const a3 = oldReply(u3, {
      status: "running",
      run_status: "running",
      content: null,
      model_id: await modelId("gpt-4o-mini"),
    });
    await writeOld([u3, a3]);
    await env.DB.prepare(
      "INSERT INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at) VALUES (?, ?, ?, ?, 'queued', ?)",
    )
      .bind(a3.run_id, a3.id, session.id, user.id, a3.created_at)
      .run();

    const end = { status: "completed" as const, content: "Late and done", inputTokens: 1000, outputTokens: 100 };
    await recordRunEnd(env, { messageId: a3.id, sessionId: session.id, userId: user.id }, end);
    expect(await usageDebits(a3.id)).toEqual([{ amount_micros: -210 }]);
    expect((await runRows(session.id)).find((row) => row.run_id === a3.run_id)).toMatchObject({
      status: "completed",
      input_tokens: 1000,
      output_tokens: 100,
      debited_at: expect.any(String),
    });

    await aiCron.drainConversations(env);
    expect(await d1MessageIds(session.id)).toEqual([]);
    const { data, meta } = await history(user, session.id);
    expect(data).toEqual([
      publicOf(u1),
      publicOf(a1),
      publicOf(u2),
      publicOf(a2),
      publicOf(u3),
      { ...publicOf(a3), status: "completed", content: end.content, tokensUsed: 1100 },
    ]);
    expect(meta.total).toBe(6);
    expect(await usageDebits(a2.id)).toEqual([]);
  });

  it("a session larger than one import page (45 rows, pages of 20) imports completely", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const rows = oldHistory(session.id, 45);
    await writeOld(rows);
    const { data, meta } = await history(user, session.id, "?limit=100");
    expect(meta.total).toBe(45);
    expect(data).toEqual(rows.map((row) => publicOf(row)));
    expect(await countInObject(session.id)).toBe(45);
    expect(await d1MessageIds(session.id)).toEqual([]);
    expect(await env.DB.prepare("SELECT message_count FROM ai_sessions WHERE id = ?").bind(session.id).first()).toEqual(
      { message_count: 45 },
    );
  });

  it("an import interrupted between the object's commit and D1's release loses nothing and duplicates nothing; the cron drain removes the leftovers", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const rows = oldHistory(session.id, 45);
    await writeOld(rows);
    // D1 refuses the release of the first page (after the object committed it).
    const firstPage = rows.map((row) => row.id).sort()[0]!;
    await env.DB.prepare(
      `CREATE TRIGGER test_release_refused BEFORE DELETE ON ai_messages WHEN OLD.id = '${firstPage}'
       BEGIN SELECT RAISE(ABORT, 'release refused by the test'); END`,
    ).run();
    try {
      const interrupted = await call("GET", `/ai/sessions/${session.id}/messages?limit=100`, {
        token: user.accessToken,
        ip: user.ip,
      });
      expect(interrupted.status).toBe(500);
      expect(interrupted.body.error.code).toBe("internal_error");
    } finally {
      await env.DB.prepare("DROP TRIGGER test_release_refused").run();
    }
    // The first page is committed in the object, and still in D1 (with the pages never read).
    expect(await countInObject(session.id)).toBe(20);
    expect((await d1MessageIds(session.id)).length).toBe(45);

    const { data, meta } = await history(user, session.id, "?limit=100");
    expect(meta.total).toBe(45);
    expect(data).toEqual(rows.map((row) => publicOf(row)));
    expect(await countInObject(session.id)).toBe(45);
    // Imported, yet its first page is left in D1 (its release failed): the cron's drain removes it.
    expect((await d1MessageIds(session.id)).length).toBe(20);
    await aiCron.drainConversations(env);
    expect(await d1MessageIds(session.id)).toEqual([]);
    expect(await countInObject(session.id)).toBe(45);
    expect((await history(user, session.id, "?limit=100")).data).toEqual(rows.map((row) => publicOf(row)));
  });

  it("a send made while a large import runs waits for it and lands after the imported history", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const rows = oldHistory(session.id, 45);
    await writeOld(rows);
    // The import paced from the test: it stops between its first and second page (outside
    // blockConcurrencyWhile, so other calls reach the object) until the send has arrived.
    const gate = pacedImport(session.id);
    await gate.ready;
    const listing = history(user, session.id, "?limit=100");
    await gate.betweenPages;
    const sending = sent(user, session.id, { content: "after the history" });
    await gate.secondCaller;
    gate.resume();
    const [listed, turn] = await Promise.all([listing, sending]);
    expect(listed.data).toEqual(rows.map((row) => publicOf(row)));
    await readStream(user, session.id, turn.assistantMessage.id);

    const stored = await conversationSql<{ id: string; seq: number; role: string }>(
      session.id,
      "SELECT id, seq, role FROM ai_messages ORDER BY seq, role DESC",
    );
    expect(stored).toHaveLength(rows.length + 2);
    expect(new Set(stored.map((row) => row.id)).size).toBe(rows.length + 2);
    expect(stored.slice(-2)).toEqual([
      { id: turn.userMessage.id, seq: 24, role: "user" },
      { id: turn.assistantMessage.id, seq: 24, role: "assistant" },
    ]);
    const last = await history(user, session.id, `?limit=5&cursor=${cursorBefore(23, "user")}`);
    expect(last.data.map((m) => [m.id, m.status])).toEqual([
      [turn.userMessage.id, undefined],
      [turn.assistantMessage.id, "completed"],
    ]);
    expect(last.meta.total).toBe(rows.length + 2);
    expect(await d1MessageIds(session.id)).toEqual([]);
  });
});
