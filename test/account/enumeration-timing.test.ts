import { describe, expect, it } from "vitest";
import { call, createUser, uniqueEmail, uniqueIp } from "../helpers/api";
import { settle } from "../helpers/outbox";

/**
 * No endpoint reveals whether an address has an account: forgot-password and resend-confirmation
 * answer known and unknown addresses with the same status and body, and in the same time (the
 * lookup and the mail happen after the answer, with the same statements for both). 200 calls per
 * case in a shuffled order, so the background work of one call and machine load fall on both
 * cases alike; each call from its own IP (the limits are per IP).
 * The medians are printed as the figure; the bound asserted is loose (a shared machine is noisy)
 * and only catches a regression that puts a lookup, a hash or a provider call in front of the answer.
 */
const CALLS_PER_CASE = 200;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function measure(path: string, knownEmail: string) {
  const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
  const bodies = new Set<string>();
  const order = shuffled([
    ...Array<"known">(CALLS_PER_CASE).fill("known"),
    ...Array<"unknown">(CALLS_PER_CASE).fill("unknown"),
  ]);
  for (const kind of order) {
    const email = kind === "known" ? knownEmail : uniqueEmail("nobody");
    const started = performance.now();
    const res = await call("POST", path, { body: { email }, ip: uniqueIp() });
    times[kind].push(performance.now() - started);
    expect(res.status).toBe(202);
    bodies.add(JSON.stringify(res.body));
  }
  expect([...bodies]).toEqual([JSON.stringify({ data: { sent: true } })]);
  const known = median(times.known);
  const unknown = median(times.unknown);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `${path}: median known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms (difference ${(known - unknown).toFixed(2)} ms); ` +
      `mean known ${mean(times.known).toFixed(2)} ms, unknown ${mean(times.unknown).toFixed(2)} ms; ${CALLS_PER_CASE} calls each`,
  );
  return { known, unknown };
}

describe("account enumeration: same answer, same time", () => {
  it.each([["/auth/forgot-password"], ["/auth/resend-confirmation"]])(
    "%s",
    async (path) => {
      // An unconfirmed account: resend-confirmation does its whole work (a new link) for it.
      const user = await createUser();
      const { known, unknown } = await measure(path, user.email);
      expect(Math.abs(known - unknown)).toBeLessThan(Math.max(known, unknown) * 0.5 + 2);
      await settle(500);
    },
    120_000,
  );
});
