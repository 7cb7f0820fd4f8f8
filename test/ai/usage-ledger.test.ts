import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordRunEnd } from "../../src/domains/ai";
import { modelId } from "../../src/domains/ai/models";
import { RUN_NOT_STARTED } from "../../src/domains/ai/runs";
import { BASE, call, type TestUser } from "../helpers/api";
import { fetchCountingD1 } from "../helpers/counting-d1";
import { messageRowBeforeRunRecord, upgradeToRunRecord } from "./before-run-record";
import { aiUser, newSession } from "./helpers";

// Measured on the tree before usage read the run record: authentication, then one batch of three reads.
const BASELINE_TRIPS = 2;
const BASELINE_STATEMENTS = 4;

const oldRow = messageRowBeforeRunRecord;

const usageOf = async (user: TestUser, sessionId: string) => {
  const res = await call("GET", `/ai/operations/sessions/${sessionId}/usage`, { token: user.accessToken, ip: user.ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("session usage from the run record", () => {
  it("over a history written before migration 0017: the same totals after it, field for field; a run ending after it debits the increase", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const [mini, gpt4o] = [await modelId("gpt-4o-mini"), await modelId("gpt-4o")];
    const userRow = (seq: number) =>
      oldRow(session.id, seq, { role: "user", content: "q", status: null, run_id: null, run_status: null });
    const rows = [
      userRow(1),
      // Two versions of the first turn: the first one inactive, both counted.
      oldRow(session.id, 1, {
        is_active: 0,
        model_id: mini,
        input_tokens: 1234,
        output_tokens: 567,
        cost_units: '{"search.brave":3}',
      }),
      oldRow(session.id, 1, { model_id: gpt4o, input_tokens: 2001, output_tokens: 333 }),
      userRow(2),
      oldRow(session.id, 2, {
        status: "stopped",
        run_status: "stopped",
        stopped_at: "2026-10-02T10:00:05.000Z",
        model_id: mini,
        input_tokens: 777,
        output_tokens: 111,
        cost_units: '{"page.read":2}',
      }),
      userRow(3),
      oldRow(session.id, 3, {
        status: "failed",
        run_status: "failed",
        run_error: JSON.stringify({ code: "provider_error", message: "upstream exploded" }),
        model_id: gpt4o,
        input_tokens: 55,
      }),
      userRow(4),
      // Its object refused it: not a run, whatever its row says.
      oldRow(session.id, 4, {
        status: "failed",
        run_status: "failed",
        content: "",
        run_error: JSON.stringify({ code: RUN_NOT_STARTED, message: "The run could not be started" }),
        model_id: gpt4o,
        input_tokens: 999,
      }),
      userRow(5),
      // Going across the upgrade: a run, with nothing used yet.
      oldRow(session.id, 5, { status: "running", run_status: "running", content: null, model_id: mini }),
    ];
    await env.DB.batch(rows.map((r) => r.statement));
    const running = rows.at(-1)!.row;

    await upgradeToRunRecord(session.id);
    const after = await usageOf(user, session.id);

    // What the usage endpoint answered over these rows before this migration, when it summed the
    // message rows (read through the endpoint, before 0017 applied, in the commit that added this
    // test, on the tree before usage read the run record): gpt-4o-mini
    // 2011 in / 678 out (708.45 micro-USD), gpt-4o 2056 in / 333 out (8,470), 3 Brave queries
    // (15,000), pages read free: 24,178.45, rounded once. Five runs (the refused one is none).
    const expected = {
      sessionId: session.id,
      totalInputTokens: 4067,
      totalOutputTokens: 1011,
      totalTokens: 5078,
      runCount: 5,
      costUnits: { "search.brave": 3, "page.read": 2 },
      estimatedCostUsd: 0.024178,
      unpricedUnits: [],
    };
    expect(after).toEqual(expected);

    // The run going across the upgrade ends: its debit is the session's rounded increase through
    // it (24,328.9 → 24,329), over the runs before it, not its own 150.45 rounded alone.
    await recordRunEnd(
      env,
      { messageId: running.id as string, sessionId: session.id, userId: user.id },
      { status: "completed", content: "done", inputTokens: 1003 },
    );
    const ended = await usageOf(user, session.id);
    expect(ended).toEqual({
      ...expected,
      totalInputTokens: 5070,
      totalTokens: 6081,
      estimatedCostUsd: 0.024329,
    });
    const debit = await env.DB.prepare(
      "SELECT amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference = ?",
    )
      .bind(running.id)
      .all<{ amount_micros: number }>();
    expect(debit.results).toEqual([{ amount_micros: -151 }]);
  });

  it("a run sent during the rollout by the release before the run record (no run row) gets its row, completed, at its end", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const mini = await modelId("gpt-4o-mini");
    // gpt-4o-mini's 0.15 USD per million input tokens: 3 tokens cost 0.45 micro-dollars each run.
    const reply = (seq: number) =>
      oldRow(session.id, seq, { status: "running", run_status: "running", content: null, model_id: mini });
    const first = reply(1);
    await first.statement.run();
    await recordRunEnd(
      env,
      { messageId: first.row.id as string, sessionId: session.id, userId: user.id },
      { status: "completed", content: "x", inputTokens: 3 },
    );
    expect(
      await env.DB.prepare(
        "SELECT message_id, session_id, user_id, status, created_at, model_id, input_tokens FROM ai_runs WHERE run_id = ?",
      )
        .bind(first.row.run_id)
        .first(),
    ).toEqual({
      message_id: first.row.id,
      session_id: session.id,
      user_id: user.id,
      status: "completed",
      created_at: first.row.created_at,
      model_id: mini,
      input_tokens: 3,
    });
    // The next run's debit counts it: round(0.9) − round(0.45) = 1, not round(0.45) = 0.
    const second = reply(2);
    await second.statement.run();
    await recordRunEnd(
      env,
      { messageId: second.row.id as string, sessionId: session.id, userId: user.id },
      { status: "completed", content: "y", inputTokens: 3 },
    );
    const debits = await env.DB.prepare(
      "SELECT reference, amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference IN (?, ?)",
    )
      .bind(first.row.id, second.row.id)
      .all();
    expect(debits.results).toEqual([{ reference: second.row.id, amount_micros: -1 }]);
    expect(await usageOf(user, session.id)).toMatchObject({
      runCount: 2,
      totalInputTokens: 6,
      estimatedCostUsd: 0.000001,
    });
  });

  it("GET /ai/operations/sessions/{id}/usage: one D1 round trip past authentication, whatever the number of runs", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const trips = async () => {
      const { res, counter } = await fetchCountingD1(
        new Request(`${BASE}/ai/operations/sessions/${session.id}/usage`, {
          headers: { Authorization: `Bearer ${user.accessToken}`, "CF-Connecting-IP": user.ip },
        }),
      );
      expect(res.status).toBe(200);
      return { ...counter };
    };
    const empty = await trips();
    const mini = await modelId("gpt-4o-mini");
    for (let seq = 1; seq <= 3; seq++) {
      const reply = oldRow(session.id, seq, {
        status: "running",
        run_status: "running",
        content: null,
        model_id: mini,
      });
      await reply.statement.run();
      await env.DB.prepare(
        "INSERT INTO ai_runs (run_id, message_id, session_id, user_id, status, created_at) VALUES (?, ?, ?, ?, 'queued', ?)",
      )
        .bind(reply.row.run_id, reply.row.id, session.id, user.id, reply.row.created_at)
        .run();
      await recordRunEnd(
        env,
        { messageId: reply.row.id as string, sessionId: session.id, userId: user.id },
        { status: "completed", content: "x", inputTokens: 10 },
      );
    }
    const three = await trips();
    expect(three).toEqual(empty);
    expect(empty).toEqual({ trips: BASELINE_TRIPS, statements: BASELINE_STATEMENTS });
  });
});
