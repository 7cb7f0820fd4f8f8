/**
 * A spend reservation of one run (CONTRACT Wallet "Spend cap"), under its key in the account's
 * limiter object. `end` is when the sweep deletes it (the same field rate windows keep), so a
 * reservation whose run never reports its end cannot hold the cap forever.
 */
export interface SpendHold {
  micros: number;
  end: number;
  /** Set once the run's debit committed: the hold then only covers reads of the spend made before. */
  settledAt?: number;
}

/** What a reservation asks: the run's maximum estimated cost against what the cap leaves. */
export interface SpendRequest {
  /** The run's key (its assistant message id): one hold per run. */
  key: string;
  micros: number;
  /** Cap − the month's spend, as read from D1. */
  availableMicros: number;
  /** When that read of the spend began (epoch ms): debits settled after it may be missing from it. */
  readAt: number;
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
 * How long a settled hold still counts, for reservations whose spend was read before the debit
 * committed (a D1 read takes well under this).
 */
export const SETTLED_HOLD_MS = 60 * 1000;
/** Clock drift allowed between the Worker that read the spend and this object. */
const CLOCK_MARGIN_MS = 1000;

/**
 * The spend holds of one account, in its limiter object's synchronous KV storage: nothing yields
 * between the sum and the write, so concurrent reservations cannot both take the last dollar.
 */
export class SpendHolds {
  constructor(
    private readonly kv: SyncKvStorage,
    private readonly write: (key: string, hold: SpendHold) => void = (key, hold) => kv.put(key, hold),
  ) {}

  /**
   * Reserves `request.micros` when it fits in what the cap leaves after the other live holds: a
   * run not settled yet, or settled after the spend was read (its debit may be missing from the
   * read; counted twice at worst, which refuses, never overshoots). Returns when the hold ends.
   */
  reserve(request: SpendRequest, now = Date.now()): SpendDecision & { end?: number } {
    let reservedMicros = 0;
    for (const [key, hold] of this.kv.list<SpendHold>({ prefix: PREFIX })) {
      if (key === PREFIX + request.key || !(hold.end > now)) continue;
      if (hold.settledAt === undefined || hold.settledAt >= request.readAt - CLOCK_MARGIN_MS)
        reservedMicros += hold.micros;
    }
    const allowed = reservedMicros + request.micros <= request.availableMicros;
    if (!allowed) return { allowed, reservedMicros };
    const end = now + SPEND_HOLD_MS;
    this.write(PREFIX + request.key, { micros: request.micros, end });
    return { allowed, reservedMicros, end };
  }

  /**
   * The run's debit committed (`debitedMicros`, 0 when it cost nothing): its hold shrinks to the
   * debit and lasts `SETTLED_HOLD_MS` more, for reads of the spend made before the commit. `null`:
   * the run never started, nothing was debited, and the hold goes at once. Returns when it ends.
   */
  release(key: string, debitedMicros: number | null, now = Date.now()): number | undefined {
    const hold = this.kv.get<SpendHold>(PREFIX + key);
    if (!hold) return undefined;
    if (debitedMicros === null || debitedMicros <= 0) {
      this.kv.delete(PREFIX + key);
      return undefined;
    }
    const end = now + SETTLED_HOLD_MS;
    this.write(PREFIX + key, { micros: debitedMicros, end, settledAt: now });
    return end;
  }
}
