import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** The migration that added the run record (`ai_runs`) and backfilled it from `ai_messages`. */
export const RUN_RECORD_MIGRATION = "0017_ai_runs.sql";

/**
 * A message row as the schema before 0017 wrote it: the run on the reply's row, no run record.
 * An assistant reply that ran, unless `overrides` says otherwise.
 */
export function messageRowBeforeRunRecord(
  sessionId: string,
  seq: number,
  overrides: Record<string, string | number | null>,
) {
  const row = {
    id: crypto.randomUUID(),
    session_id: sessionId,
    seq,
    role: "assistant",
    content: "an answer",
    status: "completed",
    is_active: 1,
    run_id: crypto.randomUUID(),
    run_status: "completed",
    model_id: null,
    input_tokens: 0,
    output_tokens: 0,
    cost_units: null,
    stopped_at: null,
    run_error: null,
    created_at: `2026-10-0${seq}T10:00:00.000Z`,
    ...overrides,
  };
  const columns = Object.keys(row);
  return {
    row,
    statement: env.DB.prepare(
      `INSERT INTO ai_messages (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    ).bind(...Object.values(row)),
  };
}

/**
 * The session as it stood before 0017 (no run rows: this tree's send wrote them, the old one did
 * not), then 0017 applied over it: only that migration is not recorded as applied.
 */
export async function upgradeToRunRecord(sessionId: string) {
  await env.DB.prepare("DELETE FROM ai_runs WHERE session_id = ?").bind(sessionId).run();
  await env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind(RUN_RECORD_MIGRATION).run();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
}
