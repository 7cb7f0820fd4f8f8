import { DurableObject } from "cloudflare:workers";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the current window ends. */
  resetAt: number;
}

interface Window {
  start: number;
  count: number;
  /** When the window ends; the sweep deletes the bucket after it. */
  end: number;
}

/**
 * One object per caller (user or client IP). A Durable Object runs one call at a time and the
 * synchronous KV API cannot yield mid-call, so check-and-increment is exact under any concurrency.
 * Fixed windows aligned to the epoch (so a daily window is the UTC day).
 *
 * Buckets of ended windows are swept by an alarm, so an object's storage holds only live windows
 * however many distinct buckets (e.g. login e-mails) a caller has touched.
 */
export class RateLimiter extends DurableObject<Env> {
  /** The earliest sweep this instance has scheduled (memory only: after eviction one is set again). */
  private sweepAt: number | undefined;

  async hit(bucket: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    const decision = this.count(bucket, limit, windowSeconds, true);
    if (decision.allowed) await this.scheduleSweep(decision.resetAt);
    return decision;
  }

  /** Reads a bucket without consuming from it (e.g. to report an allowance). */
  peek(bucket: string, limit: number, windowSeconds: number): RateLimitDecision {
    return this.count(bucket, limit, windowSeconds, false);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    let next: number | undefined;
    for (const [bucket, window] of this.ctx.storage.kv.list<Window>()) {
      // `!(end > now)` also clears buckets written before windows recorded their end.
      if (!(window.end > now)) this.ctx.storage.kv.delete(bucket);
      else next = Math.min(next ?? window.end, window.end);
    }
    this.sweepAt = undefined;
    if (next !== undefined) await this.scheduleSweep(next);
  }

  private count(bucket: string, limit: number, windowSeconds: number, consume: boolean): RateLimitDecision {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(Date.now() / windowMs) * windowMs;
    const end = start + windowMs;
    const stored = this.ctx.storage.kv.get<Window>(bucket);
    let count = stored?.start === start ? stored.count : 0;
    const allowed = count < limit;
    if (allowed && consume) {
      count += 1;
      this.ctx.storage.kv.put<Window>(bucket, { start, count, end });
    }
    return { allowed, limit, remaining: Math.max(0, limit - count), resetAt: end };
  }

  private async scheduleSweep(at: number) {
    if (this.sweepAt !== undefined && this.sweepAt <= at) return;
    this.sweepAt = at;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }
}
