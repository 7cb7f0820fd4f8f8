import { expect } from "vitest";
import { type TestUser, uniqueIp } from "../helpers/api";
import { api } from "../helpers/client";

/** How long a run's end may take to reach the wallet after its stream ended (the debit follows the row's write). */
const DEBIT_WAIT_MS = 5_000;
/** Slow enough that a wait stays under the ledger's 120 reads a minute per user. */
const POLL_MS = 100;

/** The wallet's entry for a reply (its assistant message id is the entry's reference), once written. */
export async function debitOf(user: TestUser, messageId: string) {
  const deadline = Date.now() + DEBIT_WAIT_MS;
  for (;;) {
    const ledger = await api(user, { ip: uniqueIp() }).GET("/api/v1/wallet/entries", {
      params: { query: { limit: 50 } },
    });
    expect(ledger.status).toBe(200);
    const entry = ledger.body.data.find((e) => e.reference === messageId);
    if (entry || Date.now() > deadline) return entry;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A session's usage, from an address of its own (the wait above reads the ledger many times). */
const usageFrom = (user: TestUser, sessionId: string) =>
  api(user, { ip: uniqueIp() }).GET("/api/v1/ai/operations/sessions/{sessionId}/usage", {
    params: { path: { sessionId } },
  });

/**
 * The run's wallet debit is the session's usage estimate (CONTRACT "Wallet"), for a session of one
 * run whose every part is priced: tokens of a priced model and the capability's units.
 */
export async function expectDebitEqualsUsage(user: TestUser, sessionId: string, messageId: string) {
  const usage = await usageFrom(user, sessionId);
  expect(usage.status).toBe(200);
  expect(usage.body.data.unpricedUnits).toEqual([]);
  expect(usage.body.data.estimatedCostUsd).toBeGreaterThan(0);
  const debit = await debitOf(user, messageId);
  expect(debit).toMatchObject({ kind: "usage", amountUsd: -usage.body.data.estimatedCostUsd! });
  return usage.body.data;
}

/**
 * A capability run whose answer the test deployment's unpriced chat model wrote: its priced units
 * are debited, the usage endpoint reports no estimate and names the model's tokens (CONTRACT "Wallet").
 */
export async function expectUnitsDebitedBesideUnpricedModel(
  user: TestUser,
  sessionId: string,
  message: { id: string; modelId: string },
  costUnits: Record<string, number>,
  debitUsd: number,
) {
  const usage = await usageFrom(user, sessionId);
  expect(usage.body.data).toMatchObject({
    costUnits,
    estimatedCostUsd: null,
    unpricedUnits: [`tokens.${message.modelId}`],
  });
  expect(await debitOf(user, message.id)).toMatchObject({ kind: "usage", amountUsd: -debitUsd });
}
