import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { purgeExpiredTokens } from "../../src/domains/identity/service";
import { call, createUser, uniqueIp } from "../helpers/api";
import { awaitMail } from "../helpers/outbox";

const count = async (table: string, userId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n;

describe("cron purge of account lifecycle tokens", () => {
  it("drops expired confirmation links, recovery codes and reset tokens, and keeps live ones", async () => {
    const user = await createUser();
    await awaitMail(user.email, /Confirm/);
    await call("POST", "/auth/forgot-password", { body: { email: user.email }, ip: uniqueIp() });
    await awaitMail(user.email, /recovery code/);
    await env.DB.prepare(
      "INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, '2000-01-01T00:00:00.000Z', '2000-01-01T00:15:00.000Z')",
    )
      .bind(crypto.randomUUID(), user.id)
      .run();

    await purgeExpiredTokens(createDb(env.DB));
    expect(await count("email_confirmations", user.id)).toBe(1);
    expect(await count("password_recoveries", user.id)).toBe(1);
    expect(await count("password_reset_tokens", user.id)).toBe(0);

    await env.DB.prepare("UPDATE email_confirmations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(user.id)
      .run();
    await env.DB.prepare("UPDATE password_recoveries SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(user.id)
      .run();
    await purgeExpiredTokens(createDb(env.DB));
    expect(await count("email_confirmations", user.id)).toBe(0);
    expect(await count("password_recoveries", user.id)).toBe(0);
  });
});
