/**
 * A deadline on an outbound exchange (CONTRACT "AI capabilities": every provider request has one).
 * When its timer fires it aborts the exchange's signal and rejects whatever races it with the
 * error it was armed with, so a peer that ignores the signal cannot hold the caller either. It can
 * be re-armed: an idle deadline restarts at every chunk of a stream.
 */
export class Deadline {
  private readonly controller = new AbortController();
  /** The parent's signal and the deadline's: give it to the fetch. */
  readonly signal: AbortSignal;
  private readonly expiry: Promise<never>;
  private rejectExpiry!: (error: Error) => void;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The error it fired with, once it has. */
  passed: Error | undefined;

  constructor(parent?: AbortSignal | null) {
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal;
    this.expiry = new Promise<never>((_, reject) => {
      this.rejectExpiry = reject;
    });
    // Nobody may be racing when it fires (a body left unread): not an unhandled rejection.
    this.expiry.catch(() => {});
  }

  /** (Re)starts the timer: `ms` from now the exchange ends with `error()`. */
  arm(ms: number, error: () => Error) {
    this.clear();
    this.timer = setTimeout(() => {
      this.passed = error();
      this.controller.abort(this.passed);
      this.rejectExpiry(this.passed);
    }, ms);
  }

  clear() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** `work`, unless the deadline passes first (then its error). */
  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.expiry]);
  }
}

/**
 * `body` read under `deadline`: every read races it; with `idle`, each chunk re-arms it (a stream
 * that stalls after its first byte); the end of the body, an error or a cancel clears it.
 */
export function bodyWithin(
  body: ReadableStream<Uint8Array>,
  deadline: Deadline,
  idle?: { ms: number; error: () => Error },
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await deadline.race(reader.read());
        if (done) {
          deadline.clear();
          controller.close();
          return;
        }
        if (idle) deadline.arm(idle.ms, idle.error);
        controller.enqueue(value);
      } catch (error) {
        deadline.clear();
        reader.cancel(error).catch(() => {});
        controller.error(deadline.passed ?? error);
      }
    },
    cancel(reason) {
      deadline.clear();
      return reader.cancel(reason);
    },
  });
}

/** A duration for a message: "15 s", "0.05 s". */
export const secondsText = (ms: number) => `${ms / 1000} s`;
