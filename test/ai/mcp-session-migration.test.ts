import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mcp } from "../helpers/mcp";
import { aiUser } from "./helpers";

const MIGRATION = "0020_mcp_sessions.sql";

/**
 * Migration 0020 (MCP sessions): `ai_sessions` gains `mcp_client` and a unique index on (user,
 * client) for MCP sessions only. Sessions the tree before wrote are read back field for field,
 * and are no MCP session.
 */
describe(`migration ${MIGRATION}`, () => {
  it("keeps every session written before it, field for field, with mcp_client NULL; MCP sessions are then one per user and client", async () => {
    const user = await aiUser();
    // The schema before: no column, no index, the migration not applied.
    await env.DB.batch([
      env.DB.prepare("DROP INDEX ai_sessions_user_mcp_client_idx"),
      env.DB.prepare("ALTER TABLE ai_sessions DROP COLUMN mcp_client"),
      env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind(MIGRATION),
    ]);
    const old = [1, 2].map((n) => ({
      id: crypto.randomUUID(),
      user_id: user.id,
      workspace_id: user.personalWorkspaceId,
      title: n === 1 ? "MCP" : null,
      persona_id: null,
      effort_mode: n === 1 ? "basic" : "pro",
      created_at: `2026-11-0${n}T10:00:00.000Z`,
      message_count: n,
      last_activity_at: `2026-11-0${n}T11:00:00.000Z`,
      updated_at: `2026-11-0${n}T11:00:00.000Z`,
    }));
    await env.DB.batch(
      old.map((row) =>
        env.DB.prepare(
          `INSERT INTO ai_sessions (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
            .map(() => "?")
            .join(", ")})`,
        ).bind(...Object.values(row)),
      ),
    );

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    const { results } = await env.DB.prepare("SELECT * FROM ai_sessions WHERE user_id = ? ORDER BY created_at")
      .bind(user.id)
      .all();
    expect(results).toEqual(old.map((row) => ({ ...row, mcp_client: null })));

    // A session titled "MCP" by its user is not the MCP session: the first call makes that.
    const answer = await mcp(user.accessToken, "tools/call", { name: "web_search", arguments: { query: "otters" } });
    expect(answer.result.structuredContent.status, JSON.stringify(answer.result)).toBe("completed");
    const mcpRows = await env.DB.prepare(
      "SELECT id, mcp_client FROM ai_sessions WHERE user_id = ? AND mcp_client IS NOT NULL",
    )
      .bind(user.id)
      .all();
    expect(mcpRows.results).toEqual([{ id: expect.any(String), mcp_client: "first-party" }]);
    expect(old.map((row) => row.id)).not.toContain(mcpRows.results[0]!.id);
    const duplicate = env.DB.prepare(
      "INSERT INTO ai_sessions (id, user_id, workspace_id, effort_mode, created_at, mcp_client) VALUES (?, ?, ?, 'basic', ?, 'first-party')",
    ).bind(crypto.randomUUID(), user.id, user.personalWorkspaceId, "2026-11-27T10:00:00.000Z");
    await expect(duplicate.run()).rejects.toThrow(/UNIQUE/);
  });
});
