import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { recordRunEnd } from "../../src/domains/ai";
import { BASE, call, expectError, type TestUser, uniqueIp } from "../helpers/api";
import { settleRun } from "../../src/domains/ai/conversation/d1";
import { modelId } from "../../src/domains/ai/models";
import { countingD1, fetchCountingD1 } from "../helpers/counting-d1";
import {
  aiUser,
  events,
  type Frame,
  finished,
  frameReader,
  history,
  newSession,
  parseSse,
  readStream,
  send,
  sent,
} from "./helpers";

/** The run record as `GET /ai/runs/{runId}` answers it. */
const getRun = (user: TestUser, runId: string) =>
  call("GET", `/ai/runs/${runId}`, { token: user.accessToken, ip: user.ip });

/** The run record's D1 row, every column. */
const runRow = (runId: string) =>
  env.DB.prepare("SELECT * FROM ai_runs WHERE run_id = ?").bind(runId).first<Record<string, unknown>>();

const usageEntries = (messageId: string) =>
  env.DB.prepare("SELECT amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference = ?")
    .bind(messageId)
    .all<{ amount_micros: number }>()
    .then((result) => result.results);

function openRunStream(user: TestUser, runId: string, lastEventId?: number, query = "") {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${user.accessToken}`,
    Accept: "text/event-stream",
    "CF-Connecting-IP": user.ip,
  };
  if (lastEventId !== undefined) headers["Last-Event-ID"] = String(lastEventId);
  return exports.default.fetch(new Request(`${BASE}/ai/runs/${runId}/stream${query}`, { headers }));
}

/** Polls the run record until `done` holds of it (bounded: a run of the fakes takes well under a second). */
async function runWhen(user: TestUser, runId: string, done: (run: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await getRun(user, runId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (done(res.body.data)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`run ${runId} stayed ${JSON.stringify(res.body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the run record", () => {
  it("is written by the send's one batch: 2 D1 round trips (authentication, then the session, memories, run row, spend cap and connector tools), and no message row in D1", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const { res, counter } = await fetchCountingD1(
      new Request(`${BASE}/ai/sessions/${session.id}/messages`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${user.accessToken}`,
          "CF-Connecting-IP": user.ip,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ content: "count my trips", model: "demo" }),
      }),
    );
    expect(res.status).toBe(201);
    const sentBody = (await res.json()) as { data: { run: { id: string }; assistantMessage: { id: string } } };
    // Before the conversation objects: 3 trips, 9 statements (reads, then the messages' and run's
    // writes), and the run read its connector tools again on its way to the provider.
    // The spend cap's two reads (the cap with the month's spend, the recent debits) ride in the batch.
    expect(counter).toEqual({ trips: 2, statements: 8 });
    // The messages are in the session's object, not in D1.
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM ai_messages WHERE session_id = ?").bind(session.id).first("n"),
    ).toBe(0);
    const row = await runRow(sentBody.data.run.id);
    expect(row).toMatchObject({
      message_id: sentBody.data.assistantMessage.id,
      session_id: session.id,
      user_id: user.id,
    });
    await finished(user, session.id, sentBody.data.assistantMessage.id);
  });

  it("GET /ai/runs/{runId}: queued or running after the send, then completed with its end time and usage", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "hello", model: "demo" });
    const early = await getRun(user, reply.run.id);
    expect(early.status).toBe(200);
    expect(Object.keys(early.body.data).sort()).toEqual(
      ["createdAt", "endedAt", "id", "messageId", "sessionId", "status"].sort(),
    );
    expect(["queued", "running", "completed"]).toContain(early.body.data.status);

    const message = await finished(user, session.id, reply.assistantMessage.id);
    const run = await runWhen(user, reply.run.id, (r) => r.status !== "queued" && r.status !== "running");
    expect(run).toEqual({
      id: reply.run.id,
      status: "completed",
      sessionId: session.id,
      messageId: reply.assistantMessage.id,
      createdAt: message.createdAt,
      endedAt: expect.any(String),
    });
    expect(Date.parse(run.endedAt as string)).toBeGreaterThanOrEqual(Date.parse(message.createdAt));
    const row = (await runRow(reply.run.id))!;
    expect(row.input_tokens).toBeGreaterThan(0);
    expect(row.output_tokens).toBe(message.tokensUsed - (row.input_tokens as number));
    expect(row.model_id).toBe(message.modelId);
    expect(row.debited_at).toBe(row.ended_at);
  });

  it("goes running while the model writes, then stopped at the stop's time", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "#scenario=hang" });
    await runWhen(user, reply.run.id, (r) => r.status === "running");
    const stop = await call("POST", `/ai/sessions/${session.id}/messages/${reply.assistantMessage.id}/stop`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(stop.status).toBe(200);
    const run = await runWhen(user, reply.run.id, (r) => r.status !== "running");
    expect(run).toMatchObject({ status: "stopped", endedAt: stop.body.data.stoppedAt });
  });

  it("ends failed when the run fails", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "#scenario=error" });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("failed");
    const run = await runWhen(user, reply.run.id, (r) => r.status !== "queued" && r.status !== "running");
    expect(run).toMatchObject({ status: "failed", endedAt: expect.any(String) });
  });

  it("404 not_found for an unknown id, a malformed one, and another user's run (the record and its stream)", async () => {
    const owner = await aiUser();
    const stranger = await aiUser();
    const session = await newSession(owner);
    const reply = await sent(owner, session.id, { content: "mine", model: "demo" });
    for (const [user, runId] of [
      [owner, crypto.randomUUID()],
      [owner, "not-a-run"],
      [stranger, reply.run.id],
    ] as const) {
      const res = await getRun(user, runId);
      expectError(res, 404, "not_found");
      expect(res.body.error).toEqual({ code: "not_found", message: "Run not found" });
      const stream = await openRunStream(user, runId);
      expect(stream.status).toBe(404);
      expect(((await stream.json()) as { error: unknown }).error).toEqual({
        code: "not_found",
        message: "Run not found",
      });
    }
    await finished(owner, session.id, reply.assistantMessage.id);
  });
});

describe("a run its object refused (run_not_started)", () => {
  it("has no run record: its row leaves with the reply's failure, and its id is a 404", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const refuse = vi.spyOn(env.MESSAGE_RUN, "getByName").mockImplementationOnce(() => {
      throw new Error("the object is unavailable");
    });
    const res = await send(user, session.id, { content: "hi" });
    refuse.mockRestore();
    expect(res.status).toBe(500);
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "failed", runId: expect.any(String) });
    expect(await runRow(assistant.runId)).toBeNull();
    expectError(await getRun(user, assistant.runId), 404, "not_found");
  });
});

describe("GET /ai/runs/{runId}/stream", () => {
  it("is the message stream of the run's reply: same frames, replay after Last-Event-ID (header or query), 204 at the end", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "stream me", model: "demo" });
    const byMessage = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(byMessage.length).toBeGreaterThan(4);
    expect(byMessage.every((frame) => frame.data!.runId === reply.run.id)).toBe(true);

    const whole = await openRunStream(user, reply.run.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const wholeFrames = parseSse(await whole.text());
    expect(wholeFrames[0]).toMatchObject({ retry: 3000 });
    expect(events(wholeFrames)).toEqual(byMessage);

    const after = await openRunStream(user, reply.run.id, 3);
    expect(after.status).toBe(200);
    expect(events(parseSse(await after.text()))).toEqual(byMessage.filter((frame) => frame.id! > 3));
    const byQuery = await openRunStream(user, reply.run.id, undefined, "?lastEventId=4");
    expect(events(parseSse(await byQuery.text()))).toEqual(byMessage.filter((frame) => frame.id! > 4));

    const last = byMessage.at(-1)!.id!;
    expect((await openRunStream(user, reply.run.id, last)).status).toBe(204);
    const bad = await openRunStream(user, reply.run.id, undefined, "?lastEventId=x");
    expect(bad.status).toBe(400);
  });

  it("goes live for a run still going, with heartbeats, and ends after the terminal event", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "#scenario=hang" });
    const reader = frameReader(await openRunStream(user, reply.run.id));
    const seen: Frame[] = [];
    while (!seen.some((frame) => frame.comment === "ping")) seen.push((await reader.next())!);
    expect(seen.filter((frame) => frame.event).map((frame) => frame.event)).toEqual(["message.delta", "message.delta"]);
    const stop = await call("POST", `/ai/sessions/${session.id}/messages/${reply.assistantMessage.id}/stop`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(stop.status).toBe(200);
    expect(await reader.nextEvent()).toMatchObject({ id: 3, event: "message.stopped" });
    expect(await reader.next()).toBeNull();
  });

  it("counts in the message stream's limit (20 a minute per user, one bucket)", async () => {
    const user = await aiUser();
    const unknown = crypto.randomUUID();
    const limits: [string | null, number][] = [];
    for (let i = 0; i < 10; i++) {
      const path = i % 2 ? `/ai/runs/${unknown}/stream` : `/ai/sessions/${unknown}/messages/${unknown}/stream`;
      const res = await call("GET", path, { token: user.accessToken, ip: user.ip });
      expect(res.status).toBe(404);
      limits.push([res.headers.get("RateLimit-Limit"), Number(res.headers.get("RateLimit-Remaining"))]);
    }
    // One window may roll over between two requests; the remaining count falls by one each request otherwise.
    expect(limits.every(([limit]) => limit === "20")).toBe(true);
    const drops = limits.slice(1).filter(([, remaining], i) => remaining === limits[i]![1] - 1).length;
    expect(drops).toBeGreaterThanOrEqual(8);
  });
});

describe("the run's end", () => {
  it("settles in 2 D1 round trips: the ledger's read, then the run row, index row and wallet entry in one batch", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const runId = crypto.randomUUID();
    const messageId = crypto.randomUUID();
    const createdAt = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at) VALUES (?, ?, ?, ?, 'running', ?)",
    )
      .bind(runId, messageId, session.id, user.id, createdAt)
      .run();
    const account = await env.DB.prepare("SELECT account_id FROM users WHERE id = ?")
      .bind(user.id)
      .first<string>("account_id");
    const { db, counter } = countingD1(env.DB);
    const run = {
      runId,
      messageId,
      sessionId: session.id,
      userId: user.id,
      accountId: account,
      createdAt,
      modelId: await modelId("gpt-4o-mini"),
      inputTokens: 1000,
      outputTokens: 2000,
      costUnits: null,
      status: "completed" as const,
      stoppedAt: null,
    };
    await settleRun(db, run, { messageCount: 2, at: createdAt });
    // Before the conversation objects: 3 trips, 4 statements (the reply, then the ledger's read and
    // the debit), and the reply's own write besides; now the reply is the object's.
    expect(counter).toEqual({ trips: 2, statements: 6 });
    expect(await usageEntries(messageId)).toEqual([{ amount_micros: -1350 }]);
    expect(await runRow(runId)).toMatchObject({ status: "completed", input_tokens: 1000 });
    expect(
      await env.DB.prepare("SELECT message_count FROM ai_sessions WHERE id = ?")
        .bind(session.id)
        .first("message_count"),
    ).toBe(2);
    // Settled again (the alarm retrying a settlement whose answer was lost): nothing more.
    await settleRun(env.DB, run, { messageCount: 2, at: createdAt });
    expect(await usageEntries(messageId)).toEqual([{ amount_micros: -1350 }]);
  });

  it("completes the run row and debits once in one batch; a second end changes nothing and debits nothing", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    // One Brave query is priced (search.brave); the demo model's tokens are not.
    const reply = await sent(user, session.id, { content: "otters", capabilityKey: "ai.search.web", model: "demo" });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    await runWhen(user, reply.run.id, (r) => r.status === "completed");
    const row = await runRow(reply.run.id);
    expect(row).toMatchObject({ cost_units: expect.stringContaining("search.brave"), debited_at: expect.any(String) });
    const debits = await usageEntries(reply.assistantMessage.id);
    expect(debits).toHaveLength(1);
    expect(debits[0]!.amount_micros).toBeLessThan(0);
    const message = () =>
      env.DB.prepare("SELECT * FROM ai_messages WHERE id = ?").bind(reply.assistantMessage.id).first();
    const before = await message();

    await recordRunEnd(
      env,
      { messageId: reply.assistantMessage.id as string, sessionId: session.id, userId: user.id },
      {
        status: "failed",
        content: "again",
        inputTokens: 9_999,
        costUnits: { "search.brave": 50 },
      },
    );
    expect(await runRow(reply.run.id)).toEqual(row);
    expect(await usageEntries(reply.assistantMessage.id)).toEqual(debits);
    expect(await message()).toEqual(before);
  });

  it("an end interrupted after the reply's write completes the run row and debits once when recorded again", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const messageId = crypto.randomUUID();
    const runId = crypto.randomUUID();
    const createdAt = new Date().toISOString();
    // The reply ended (its write committed); the run row's batch with the debit did not.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO ai_messages (id, session_id, seq, role, content, status, is_active, run_id, run_status, cost_units, created_at)
         VALUES (?, ?, 1, 'assistant', 'done', 'completed', 1, ?, 'completed', '{"search.brave":2}', ?)`,
      ).bind(messageId, session.id, runId, createdAt),
      env.DB.prepare(
        "INSERT INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at) VALUES (?, ?, ?, ?, 'running', ?)",
      ).bind(runId, messageId, session.id, user.id, createdAt),
    ]);
    const end = { status: "completed" as const, content: "done" };
    await Promise.all([
      recordRunEnd(env, { messageId: messageId as string, sessionId: session.id, userId: user.id }, end),
      recordRunEnd(env, { messageId: messageId as string, sessionId: session.id, userId: user.id }, end),
    ]);
    await recordRunEnd(env, { messageId: messageId as string, sessionId: session.id, userId: user.id }, end);
    // Two Brave queries at 0.005 USD.
    expect(await usageEntries(messageId)).toEqual([{ amount_micros: -10_000 }]);
    expect(await runRow(runId)).toMatchObject({
      status: "completed",
      cost_units: '{"search.brave":2}',
      ended_at: expect.any(String),
      debited_at: expect.any(String),
    });
    const wallet = await call("GET", "/wallet", { token: user.accessToken, ip: uniqueIp() });
    expect(wallet.body.data.balanceUsd).toBe(-0.01);
  });
});
