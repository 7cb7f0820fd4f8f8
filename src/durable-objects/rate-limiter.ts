import { DurableObject } from "cloudflare:workers";
import {
  RateWindows,
  SpendHolds,
  type RateLimitDecision,
  type SpendDecision,
  type SpendRequest,
} from "../domains/limits";

/**
 * One object per caller (user, account or client IP), holding that caller's rate windows, and for
 * an account its runs' spend holds (CONTRACT Wallet "Spend cap"). A Durable Object runs one call at
 * a time, so check-and-increment and check-and-reserve are exact under any concurrency.
 *
 * Buckets of ended windows and expired holds are swept by an alarm, so an object's storage holds
 * only live ones however many distinct buckets (e.g. login e-mails) a caller has touched.
 */
export class RateLimiter extends DurableObject<Env> {
  /**
   * Counts are written unconfirmed: the answer leaves without waiting for the disk (it is on the
   * path of every limited request), and the count is exact all the same, since this object reads
   * its own writes at once and runs one call at a time.
   */
  private readonly windows = new RateWindows(this.ctx.storage.kv, (bucket, window) => {
    void this.ctx.storage.put(bucket, window, { allowUnconfirmed: true });
  });
  /** Written confirmed: a hold guards money, and is not on the path of every request. */
  private readonly holds = new SpendHolds(this.ctx.storage.kv);
  /** The earliest sweep this instance has scheduled (memory only: after eviction one is set again). */
  private sweepAt: number | undefined;

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    const decision = this.windows.count(bucket, limit, windowSeconds, true);
    if (decision.allowed) await this.scheduleSweep(decision.resetAt);
    return decision;
  }

  /** Gives back one request of the current window (`RateWindows.refund`). */
  refund(bucket: string, windowSeconds: number): void {
    this.windows.refund(bucket, windowSeconds);
  }

  /** Reads a bucket without consuming from it (e.g. to report an allowance). */
  peek(bucket: string, limit: number, windowSeconds: number): RateLimitDecision {
    return this.windows.count(bucket, limit, windowSeconds, false);
  }

  /** Reserves a run's maximum estimated cost against what the account's cap leaves (`SpendHolds.reserve`). */
  async reserveSpend(request: SpendRequest): Promise<SpendDecision> {
    const { end, ...decision } = this.holds.reserve(request);
    if (end !== undefined) await this.scheduleSweep(end);
    return decision;
  }

  /** A run's debit committed, or its run never started (`SpendHolds.release`). */
  async releaseSpend(key: string, debitedMicros: number | null): Promise<void> {
    const end = this.holds.release(key, debitedMicros);
    if (end !== undefined) await this.scheduleSweep(end);
  }

  override async alarm(): Promise<void> {
    const next = this.windows.sweep(Date.now());
    this.sweepAt = undefined;
    if (next !== undefined) await this.scheduleSweep(next);
  }

  private async scheduleSweep(at: number) {
    if (this.sweepAt !== undefined && this.sweepAt <= at) return;
    this.sweepAt = at;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }
}
