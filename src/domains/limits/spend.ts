/**
 * A spend reservation of one run (CONTRACT Wallet "Spend cap"), under its key in the account's
 * limiter object. `end` is when the sweep deletes it (the same field rate windows keep), so a
 * reservation whose run never reports its end cannot hold the cap forever.
 */
interface SpendHold {
  micros: number;
  end: number;
  /** Set once the run's debit committed: the hold then counts only for reads of the spend without that debit. */
  settledAt?: number;
}

/** What a reservation asks: the run's maximum estimated cost against what the cap leaves. */
export interface SpendRequest {
  /** The run's key (its assistant message id): one hold per run. */
  key: string;
  micros: number;
  /** Cap − the month's spend, as read from D1. */
  availableMicros: number;
  /**
   * The runs (keys) whose debits that read counted, of those recent enough to still hold here
   * (`RECENT_DEBITS_MS`): a settled hold of one of them is in the spend already.
   */
  debitedKeys: string[];
}

export interface SpendDecision {
  allowed: boolean;
  /** What the holds of other runs took from `availableMicros`. */
  reservedMicros: number;
}

/** Keys of spend holds, apart from the rate windows' buckets in the same storage. */
const PREFIX = "spend:";

/**
 * How long a hold lasts when its run never reports its end (evicted object, lost end): longer than
 * any run may go (the longest, a video, gives up well within an hour), short enough that a lost
 * end frees the cap the same day.
 */
export const SPEND_HOLD_MS = 2 * 60 * 60 * 1000;
/**
 * How long a settled hold still counts, for admissions whose spend was read before its debit
 * committed: longer than a turn takes from its read of the spend to its admission (seconds).
 */
export const SETTLED_HOLD_MS = 5 * 60 * 1000;
/**
 * How far back a read of the spend lists the debits it counted (`debitedKeys`): twice a settled
 * hold's life, so clocks apart by minutes still list every debit whose hold may be live.
 */
export const RECENT_DEBITS_MS = 2 * SETTLED_HOLD_MS;

/**
 * The spend holds of one account, in its limiter object's synchronous KV storage: nothing yields
 * between the sum and the write, so concurrent reservations cannot both take the last dollar.
 */
export class SpendHolds {
  constructor(private readonly kv: SyncKvStorage) {}

  /**
   * Reserves `request.micros` when it fits in what the cap leaves after the other live holds: a
   * run not settled yet, or settled with a debit the read of the spend did not count (it
   * committed after the read). Returns when the hold ends.
   */
  reserve(request: SpendRequest, now = Date.now()): SpendDecision & { end?: number } {
    const counted = new Set(request.debitedKeys.map((key) => PREFIX + key));
    let reservedMicros = 0;
    for (const [key, hold] of this.kv.list<SpendHold>({ prefix: PREFIX })) {
      if (key === PREFIX + request.key || !(hold.end > now)) continue;
      if (hold.settledAt === undefined || !counted.has(key)) reservedMicros += hold.micros;
    }
    const allowed = reservedMicros + request.micros <= request.availableMicros;
    if (!allowed) return { allowed, reservedMicros };
    const end = now + SPEND_HOLD_MS;
    this.kv.put(PREFIX + request.key, { micros: request.micros, end });
    return { allowed, reservedMicros, end };
  }

  /**
   * The run's debit committed (`debitedMicros`): its hold shrinks to the debit and lasts
   * `SETTLED_HOLD_MS` more, for reads of the spend made before the commit. 0 (it cost nothing) or
   * `null` (it never started): nothing was debited, and the hold goes at once. Returns when it ends.
   */
  release(key: string, debitedMicros: number | null, now = Date.now()): number | undefined {
    const hold = this.kv.get<SpendHold>(PREFIX + key);
    if (!hold) return undefined;
    if (debitedMicros === null || debitedMicros <= 0) {
      this.kv.delete(PREFIX + key);
      return undefined;
    }
    const end = now + SETTLED_HOLD_MS;
    this.kv.put(PREFIX + key, { micros: debitedMicros, end, settledAt: now });
    return end;
  }
}
