/** A limiter's answer for one request: allowed or not, and the window's figures for RateLimit-* headers. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the current window ends. */
  resetAt: number;
}

export interface Window {
  start: number;
  count: number;
  /** When the window ends; the sweep deletes the bucket after it. */
  end: number;
}

/**
 * The counters of one caller, in their limiter object's synchronous KV storage: fixed windows
 * aligned to the epoch (so a daily window is the UTC day), one key per bucket. Synchronous on
 * purpose: the object runs one call at a time and nothing here can yield mid-call, so
 * check-and-increment is exact under any concurrency.
 *
 * A count is written through `write` (the object's: without waiting for the write to be
 * confirmed, so the answer does not wait on storage). The object reads its own writes at once,
 * so the next call counts it whatever the disk has confirmed.
 */
export class RateWindows {
  constructor(
    private readonly kv: SyncKvStorage,
    private readonly write: (bucket: string, window: Window) => void = (bucket, window) => kv.put(bucket, window),
  ) {}

  count(bucket: string, limit: number, windowSeconds: number, consume: boolean): RateLimitDecision {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(Date.now() / windowMs) * windowMs;
    const end = start + windowMs;
    const stored = this.kv.get<Window>(bucket);
    let count = stored?.start === start ? stored.count : 0;
    const allowed = count < limit;
    if (allowed && consume) {
      count += 1;
      this.write(bucket, { start, count, end });
    }
    return { allowed, limit, remaining: Math.max(0, limit - count), resetAt: end };
  }

  /**
   * Gives back one request counted in the current window (a consumption whose request turned out
   * not to need it: a replayed send). Nothing when the window has moved on or holds none.
   */
  refund(bucket: string, windowSeconds: number): void {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(Date.now() / windowMs) * windowMs;
    const stored = this.kv.get<Window>(bucket);
    if (stored?.start !== start || stored.count <= 0) return;
    this.write(bucket, { ...stored, count: stored.count - 1 });
  }

  /** Deletes the buckets of ended windows; returns when the earliest live one ends, if any. */
  sweep(now: number): number | undefined {
    let next: number | undefined;
    for (const [bucket, window] of this.kv.list<Window>()) {
      // `!(end > now)` also clears buckets written before windows recorded their end.
      if (!(window.end > now)) this.kv.delete(bucket);
      else next = Math.min(next ?? window.end, window.end);
    }
    return next;
  }
}
