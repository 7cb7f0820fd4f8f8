import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { METADATA_DOCUMENT_PARTNER_KEY } from "../../src/domains/oauth/client-metadata";
import { purgeOAuth } from "../../src/domains/oauth/purge";
import { createUser } from "../helpers/api";

const MIGRATION = "0022_client_id_indexes.sql";
const INDEXES = {
  oauth_flows: "oauth_flows_client_idx",
  oauth_grants: "oauth_grants_client_idx",
  connector_consents: "connector_consents_client_idx",
} as const;

/** How SQLite finds a client's rows of `table`: the plan's detail lines. */
async function lookupPlan(table: keyof typeof INDEXES) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN SELECT 1 FROM ${table} WHERE client_id = ?`)
    .bind("x")
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join("; ");
}

/**
 * Migration 0022 (indexes by client): the purge of unreferenced metadata-document clients and a
 * client's cascade look its flows, grants and consents up by index instead of a scan. Rows the tree
 * before wrote are read back field for field.
 */
describe(`migration ${MIGRATION}`, () => {
  it("keeps the flows and grants written before it, field for field, and finds a client's rows by index", async () => {
    const user = await createUser();
    // The schema before: no index by client, the migration not applied.
    await env.DB.batch([
      ...Object.values(INDEXES).map((name) => env.DB.prepare(`DROP INDEX ${name}`)),
      env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind(MIGRATION),
    ]);
    for (const table of Object.keys(INDEXES) as (keyof typeof INDEXES)[]) {
      expect(await lookupPlan(table)).not.toContain(INDEXES[table]);
    }
    // State as the tree before wrote it: a metadata-document client with a flow and a grant, and
    // one nothing references.
    const stamp = "2026-11-20T10:00:00.000Z";
    const [kept, unreferenced] = ["https://kept.example.com/client", "https://gone.example.com/client"];
    const flow = {
      id: crypto.randomUUID(),
      browser_hash: "b".repeat(64),
      client_id: kept,
      redirect_uri: "https://kept.example.com/cb",
      scopes: '["email:read"]',
      resource: null,
      state: "s1",
      code_challenge: "c".repeat(43),
      user_id: user.id,
      created_at: stamp,
      expires_at: "2999-01-01T00:00:00.000Z",
      completed_at: null,
    };
    const grant = {
      id: crypto.randomUUID(),
      client_id: kept,
      user_id: user.id,
      scopes: '["email:read"]',
      resource: null,
      created_at: stamp,
      revoked_at: null,
    };
    const insert = (table: string, row: Record<string, unknown>) =>
      env.DB.prepare(
        `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.keys(row)
          .map(() => "?")
          .join(", ")})`,
      ).bind(...Object.values(row));
    await env.DB.batch([
      ...[kept, unreferenced].map((id) =>
        env.DB.prepare(
          `INSERT INTO oauth_clients (id, name, type, token_endpoint_auth_method, secret_hash, redirect_uris, grant_types, allowed_scopes, partner_key_id, created_at)
           VALUES (?, 'Metadata client', 'public', 'none', NULL, '[]', '["authorization_code"]', '["email:read"]', ?, ?)`,
        ).bind(id, METADATA_DOCUMENT_PARTNER_KEY, stamp),
      ),
      insert("oauth_flows", flow),
      insert("oauth_grants", grant),
    ]);

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    expect(await env.DB.prepare("SELECT * FROM oauth_flows WHERE id = ?").bind(flow.id).first()).toEqual(flow);
    expect(await env.DB.prepare("SELECT * FROM oauth_grants WHERE id = ?").bind(grant.id).first()).toEqual(grant);
    for (const table of Object.keys(INDEXES) as (keyof typeof INDEXES)[]) {
      expect(await lookupPlan(table)).toContain(INDEXES[table]);
    }

    // The purge still tells them apart: the referenced client stays, the other goes.
    await purgeOAuth(createDb(env.DB));
    const { results } = await env.DB.prepare("SELECT id FROM oauth_clients WHERE id IN (?, ?)")
      .bind(kept, unreferenced)
      .all();
    expect(results).toEqual([{ id: kept }]);
  });
});
