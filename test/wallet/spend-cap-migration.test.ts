import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { aiUser, finished, newSession, sent } from "../ai/helpers";
import { accountIdOf, capSet, postEntry, walletOf } from "./spend-cap";

const MIGRATION = "0019_spend_cap.sql";

describe(`migration ${MIGRATION}: wallets written before the spend cap`, () => {
  it("a wallet row as 0013 wrote it reads back with no cap and its month's spend; a cap set on it keeps its balance", async () => {
    const applied = await env.DB.prepare("SELECT name FROM d1_migrations WHERE name = ?").bind(MIGRATION).first();
    expect(applied).toEqual({ name: MIGRATION });
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    // The old schema's columns only (0013_wallet.sql): no cap, no notice.
    await env.DB.prepare("INSERT INTO wallets (account_id, balance_micros, updated_at) VALUES (?, ?, ?)")
      .bind(accountId, 0, "2026-11-01T10:00:00.000Z")
      .run();
    await postEntry(accountId, "topup", 20);
    await postEntry(accountId, "usage", -1.5);
    const row = await env.DB.prepare(
      "SELECT monthly_cap_micros, cap_notice_month, cap_notice_percent FROM wallets WHERE account_id = ?",
    )
      .bind(accountId)
      .first();
    expect(row).toEqual({ monthly_cap_micros: null, cap_notice_month: null, cap_notice_percent: null });
    expect(await walletOf(user)).toMatchObject({ balanceUsd: 18.5, monthlyCapUsd: null, monthSpentUsd: 1.5 });

    // No cap: nothing is refused, whatever was spent.
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "otters", capabilityKey: "ai.search.web", model: "demo" });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");

    expect(await capSet(user, 50)).toMatchObject({ balanceUsd: 18.495, monthlyCapUsd: 50, monthSpentUsd: 1.505 });
  });

  it("applied over wallets the tree before wrote, keeps every field and adds no cap and no notice", async () => {
    const users = [await aiUser(), await aiUser()];
    // The schema before: the three columns gone, the migration not applied.
    await env.DB.batch([
      env.DB.prepare("ALTER TABLE wallets DROP COLUMN monthly_cap_micros"),
      env.DB.prepare("ALTER TABLE wallets DROP COLUMN cap_notice_month"),
      env.DB.prepare("ALTER TABLE wallets DROP COLUMN cap_notice_percent"),
      env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind(MIGRATION),
    ]);
    const old = await Promise.all(
      users.map(async (user, n) => ({
        account_id: await accountIdOf(user),
        balance_micros: 1_250_000 * (n + 1),
        updated_at: `2026-11-0${n + 1}T10:00:00.000Z`,
      })),
    );
    await env.DB.batch(
      old.map((row) =>
        env.DB.prepare("INSERT INTO wallets (account_id, balance_micros, updated_at) VALUES (?, ?, ?)").bind(
          row.account_id,
          row.balance_micros,
          row.updated_at,
        ),
      ),
    );

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    const read = await Promise.all(
      old.map((row) => env.DB.prepare("SELECT * FROM wallets WHERE account_id = ?").bind(row.account_id).first()),
    );
    expect(read).toEqual(
      old.map((row) => ({ ...row, monthly_cap_micros: null, cap_notice_month: null, cap_notice_percent: null })),
    );
    expect(await walletOf(users[1]!)).toMatchObject({ balanceUsd: 2.5, monthlyCapUsd: null });
  });
});
