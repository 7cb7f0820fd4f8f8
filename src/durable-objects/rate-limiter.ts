import { DurableObject } from "cloudflare:workers";
import { RateWindows, type RateLimitDecision } from "../domains/limits";

/**
 * One object per caller (user, account or client IP), holding that caller's rate windows. A Durable
 * Object runs one call at a time, so check-and-increment is exact under any concurrency.
 *
 * Buckets of ended windows are swept by an alarm, so an object's storage holds only live windows
 * however many distinct buckets (e.g. login e-mails) a caller has touched.
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
