import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDb } from "../../src/db/client";
import { ledgerStatements } from "../../src/domains/wallet";
import { call, type TestUser, uniqueIp } from "../helpers/api";

/** Helpers of the spend cap tests (test/wallet/spend-cap*.test.ts, test/ai/audio-spend-cap.test.ts). */

export const setCap = (user: TestUser, body: unknown, token = user.accessToken) =>
  call("PATCH", "/wallet", { token, body, ip: uniqueIp() });

export async function capSet(user: TestUser, monthlyCapUsd: number | null) {
  const res = await setCap(user, { monthlyCapUsd });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const walletOf = async (user: TestUser) => {
  const res = await call("GET", "/wallet", { token: user.accessToken, ip: uniqueIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { balanceUsd: number; monthlyCapUsd: number | null; monthSpentUsd: number };
};

export async function accountIdOf(user: TestUser) {
  const row = await env.DB.prepare("SELECT account_id FROM users WHERE id = ?")
    .bind(user.id)
    .first<{ account_id: string }>();
  return row!.account_id;
}

/** A ledger entry as the wallet writes it, at `createdAt` (a usage entry is a run's debit: negative). */
export async function postEntry(
  accountId: string,
  kind: "usage" | "topup" | "adjustment",
  amountUsd: number,
  createdAt = new Date().toISOString(),
) {
  const db = createDb(env.DB);
  const entry = {
    accountId,
    kind,
    amountMicros: Math.round(amountUsd * 1e6),
    reference: crypto.randomUUID(),
    description: "test",
  };
  await db.batch(ledgerStatements(db, entry, createdAt));
}

/** The spend holds in an account's limiter object, by run key (the assistant message id). */
export function holdsOf(accountId: string) {
  return runInDurableObject(env.RATE_LIMITER.getByName(`account:${accountId}`), (_instance, state) =>
    Object.fromEntries(
      [...state.storage.kv.list<{ micros: number; end: number; settledAt?: number }>({ prefix: "spend:" })].map(
        ([key, hold]) => [key.slice("spend:".length), hold],
      ),
    ),
  );
}

/** How long a run's end may take to reach the limiter object after its stop or stream end. */
const SETTLE_WAIT_MS = 5_000;
const POLL_MS = 25;

/** Waits (bounded) until the account's holds satisfy `done`; returns them. */
export async function holdsWhen(accountId: string, done: (holds: Awaited<ReturnType<typeof holdsOf>>) => boolean) {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const holds = await holdsOf(accountId);
    if (done(holds)) return holds;
    if (Date.now() > deadline) throw new Error(`holds never settled: ${JSON.stringify(holds)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
