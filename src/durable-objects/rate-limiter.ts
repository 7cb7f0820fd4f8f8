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
}

/**
 * One object per caller (user or client IP). A Durable Object runs one call at a time and the
 * synchronous KV API cannot yield mid-call, so check-and-increment is exact under any concurrency.
 * Fixed windows aligned to the epoch (so a daily window is the UTC day).
 */
export class RateLimiter extends DurableObject<Env> {
  hit(bucket: string, limit: number, windowSeconds: number): RateLimitDecision {
    return this.count(bucket, limit, windowSeconds, true);
  }

  /** Reads a bucket without consuming from it (e.g. to report an allowance). */
  peek(bucket: string, limit: number, windowSeconds: number): RateLimitDecision {
    return this.count(bucket, limit, windowSeconds, false);
  }

  private count(bucket: string, limit: number, windowSeconds: number, consume: boolean): RateLimitDecision {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(Date.now() / windowMs) * windowMs;
    const stored = this.ctx.storage.kv.get<Window>(bucket);
    let count = stored?.start === start ? stored.count : 0;
    const allowed = count < limit;
    if (allowed && consume) {
      count += 1;
      this.ctx.storage.kv.put<Window>(bucket, { start, count });
    }
    return { allowed, limit, remaining: Math.max(0, limit - count), resetAt: start + windowMs };
  }
}
