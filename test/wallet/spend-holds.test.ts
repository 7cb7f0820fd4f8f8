import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RateWindows, SETTLED_HOLD_MS, SPEND_HOLD_MS, SpendHolds } from "../../src/domains/limits";

// The spend holds of one account (CONTRACT Wallet "Spend cap"), in a limiter object's own storage.

/** Runs `work` on a fresh limiter object's synchronous storage. */
const inLimiter = <T>(work: (kv: SyncKvStorage, state: DurableObjectState) => T | Promise<T>) =>
  runInDurableObject(env.RATE_LIMITER.getByName(`account:${crypto.randomUUID()}`), (_instance, state) =>
    work(state.storage.kv, state),
  );

const ask = (key: string, micros: number, availableMicros: number, debitedKeys: string[] = []) => ({
  key,
  micros,
  availableMicros,
  debitedKeys,
});

describe("spend holds", () => {
  it("admit while the cap leaves room beside the other holds; a run asking again does not count against itself", async () => {
    await inLimiter((kv) => {
      const holds = new SpendHolds(kv);
      expect(holds.reserve(ask("a", 400, 1_000))).toMatchObject({ allowed: true, reservedMicros: 0 });
      expect(holds.reserve(ask("b", 600, 1_000))).toMatchObject({ allowed: true, reservedMicros: 400 });
      expect(holds.reserve(ask("c", 1, 1_000))).toEqual({ allowed: false, reservedMicros: 1_000 });
      expect(holds.reserve(ask("a", 400, 1_000))).toMatchObject({ allowed: true, reservedMicros: 600 });
    });
  });

  it("a settled hold counts only for a read of the spend that did not count its debit", async () => {
    await inLimiter((kv) => {
      const holds = new SpendHolds(kv);
      holds.reserve(ask("a", 500, 1_000));
      holds.release("a", 300);
      expect(kv.get("spend:a")).toMatchObject({ micros: 300, settledAt: expect.any(Number) });
      // Read before the debit committed: its 300 are not in the spend, the hold stands for them.
      expect(holds.reserve(ask("b", 800, 1_000))).toEqual({ allowed: false, reservedMicros: 300 });
      // Read after: the spend has them (the cap left 700), the hold does not count again.
      expect(holds.reserve(ask("b", 700, 700, ["a"]))).toMatchObject({ allowed: true, reservedMicros: 0 });
    });
  });

  it("a run that debited nothing, or never started, gives its hold back at once", async () => {
    await inLimiter((kv) => {
      const holds = new SpendHolds(kv);
      holds.reserve(ask("a", 500, 1_000));
      holds.reserve(ask("b", 500, 1_000));
      holds.release("a", 0);
      holds.release("b", null);
      expect([...kv.list({ prefix: "spend:" })]).toEqual([]);
      // Releasing what is not held changes nothing.
      holds.release("c", 100);
      expect([...kv.list({ prefix: "spend:" })]).toEqual([]);
    });
  });

  it("cannot leak: a hold whose run never ends stops counting after SPEND_HOLD_MS, and the sweep deletes it", async () => {
    await inLimiter((kv) => {
      const holds = new SpendHolds(kv);
      const now = Date.now();
      holds.reserve(ask("lost", 1_000, 1_000), now);
      expect(holds.reserve(ask("b", 1, 1_000), now + SPEND_HOLD_MS - 1).allowed).toBe(false);
      expect(holds.reserve(ask("b", 1_000, 1_000), now + SPEND_HOLD_MS).allowed).toBe(true);
      new RateWindows(kv).sweep(now + SPEND_HOLD_MS + 1);
      expect(kv.get("spend:lost")).toBeUndefined();
    });
  });

  it("the limiter object sets its sweep alarm for a hold, and a settled hold lasts SETTLED_HOLD_MS", async () => {
    const stub = env.RATE_LIMITER.getByName(`account:${crypto.randomUUID()}`);
    const before = Date.now();
    expect(await stub.reserveSpend(ask("a", 5, 10))).toEqual({ allowed: true, reservedMicros: 0 });
    const alarm = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(before + SPEND_HOLD_MS);
    await stub.releaseSpend("a", 5);
    const [hold, settledAlarm] = await runInDurableObject(stub, async (_instance, state) => [
      state.storage.kv.get<{ end: number; settledAt: number }>("spend:a")!,
      await state.storage.getAlarm(),
    ]);
    expect(hold.end - hold.settledAt).toBe(SETTLED_HOLD_MS);
    expect(settledAlarm).toBe(hold.end);
  });
});
