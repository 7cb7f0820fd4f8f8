import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordRunEnd } from "../../src/domains/ai";
import { RUN_NOT_STARTED } from "../../src/domains/ai/runs";
import { call, uniqueIp } from "../helpers/api";
import { messageRowBeforeRunRecord, RUN_RECORD_MIGRATION, upgradeToRunRecord } from "./before-run-record";
import { aiUser, newSession } from "./helpers";

const MIGRATION = RUN_RECORD_MIGRATION;

/** An assistant reply that ran, as the schema before 0017 wrote it. */
const oldReply = (sessionId: string, seq: number, reply: Record<string, string | number | null>) =>
  messageRowBeforeRunRecord(sessionId, seq, {
    model_id: "11111111-1111-5111-8111-111111111111",
    input_tokens: 120,
    output_tokens: 45,
    created_at: `2026-11-0${seq}T10:00:00.000Z`,
    ...reply,
  });

describe(`migration ${MIGRATION}: runs of replies written before the run record`, () => {
  it("backfills a run row per run, field for field; ended ones settled (no second debit), unstarted ones none", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const completed = oldReply(session.id, 1, { cost_units: '{"search.brave":3}' });
    const stopped = oldReply(session.id, 2, {
      status: "stopped",
      run_status: "stopped",
      stopped_at: "2026-11-02T10:00:05.000Z",
    });
    const failed = oldReply(session.id, 3, {
      status: "failed",
      run_status: "failed",
      run_error: JSON.stringify({ code: "provider_error", message: "upstream exploded" }),
    });
    const unstarted = oldReply(session.id, 4, {
      status: "failed",
      run_status: "failed",
      content: "",
      run_error: JSON.stringify({ code: RUN_NOT_STARTED, message: "The run could not be started" }),
    });
    const running = oldReply(session.id, 5, {
      status: "running",
      run_status: "queued",
      content: null,
      input_tokens: 0,
      output_tokens: 0,
      model_id: null,
    });
    const userMessage = env.DB.prepare(
      "INSERT INTO ai_messages (id, session_id, seq, role, content, is_active, created_at) VALUES (?, ?, 6, 'user', 'hi', 1, ?)",
    ).bind(crypto.randomUUID(), session.id, "2026-11-06T10:00:00.000Z");
    await env.DB.batch([completed, stopped, failed, unstarted, running].map((r) => r.statement).concat(userMessage));

    const before = Date.now();
    await upgradeToRunRecord(session.id);
    const applied = await env.DB.prepare("SELECT name FROM d1_migrations WHERE name = ?").bind(MIGRATION).first();
    expect(applied).toEqual({ name: MIGRATION });

    const { results } = await env.DB.prepare("SELECT * FROM ai_runs WHERE session_id = ? ORDER BY created_at")
      .bind(session.id)
      .all<Record<string, unknown>>();
    const settled = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const ended = (reply: typeof completed, status: string, endedAt: string) => ({
      run_id: reply.row.run_id,
      message_id: reply.row.id,
      session_id: session.id,
      user_id: user.id,
      status,
      created_at: reply.row.created_at,
      ended_at: endedAt,
      model_id: reply.row.model_id,
      input_tokens: reply.row.input_tokens,
      output_tokens: reply.row.output_tokens,
      cost_units: reply.row.cost_units,
      debited_at: settled,
    });
    expect(results).toEqual([
      ended(completed, "completed", completed.row.created_at),
      ended(stopped, "stopped", "2026-11-02T10:00:05.000Z"),
      ended(failed, "failed", failed.row.created_at),
      {
        ...ended(running, "running", ""),
        ended_at: null,
        debited_at: null,
      },
    ]);
    for (const row of results.slice(0, 3))
      expect(Date.parse(row.debited_at as string)).toBeGreaterThanOrEqual(before - 1000);

    // The old rows read as runs through the API.
    const run = await call("GET", `/ai/runs/${stopped.row.run_id}`, { token: user.accessToken, ip: user.ip });
    expect(run.body).toMatchObject({
      data: {
        id: stopped.row.run_id,
        status: "stopped",
        sessionId: session.id,
        messageId: stopped.row.id,
        createdAt: stopped.row.created_at,
        endedAt: "2026-11-02T10:00:05.000Z",
      },
    });

    // An ended run is not debited again; the run going across the upgrade is, once, at its end.
    await recordRunEnd(
      env,
      { messageId: completed.row.id as string, sessionId: session.id, userId: user.id },
      { status: "completed", content: "x" },
    );
    await recordRunEnd(
      env,
      { messageId: running.row.id as string, sessionId: session.id, userId: user.id },
      {
        status: "completed",
        content: "done after the upgrade",
        costUnits: { "search.brave": 1 },
      },
    );
    const { results: debits } = await env.DB.prepare(
      "SELECT reference, amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference IN (?, ?)",
    )
      .bind(completed.row.id, running.row.id)
      .all();
    expect(debits).toEqual([{ reference: running.row.id, amount_micros: -5_000 }]);
    expect(
      await env.DB.prepare("SELECT status, debited_at FROM ai_runs WHERE run_id = ?").bind(running.row.run_id).first(),
    ).toEqual({ status: "completed", debited_at: settled });
    expect((await call("GET", "/wallet", { token: user.accessToken, ip: uniqueIp() })).body.data.balanceUsd).toBe(
      -0.005,
    );
  });
});
