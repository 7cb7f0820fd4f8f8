import { CapabilityError, type CapabilityContext, type StepActivity, type StepHandle } from "./types";

/** CONTRACT "Provider failures": 429 and 5xx are retried inside the run at most this many times. */
const MAX_RETRIES = 3;
/** First backoff; each retry waits twice as long as the one before (250 ms, 500 ms, 1 s). */
const RETRY_BASE_MS = 250;

export interface RetryOptions {
  signal: AbortSignal;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  baseMs?: number;
  /** Told before each wait (for a step's `activity`). */
  onRetry?(retry: number, error: CapabilityError): void;
}

/** Runs `attempt`, retrying a retryable `CapabilityError` with exponential backoff. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof CapabilityError) || !error.retryable || options.signal.aborted) throw error;
      if (retry >= MAX_RETRIES)
        throw new CapabilityError(`${error.message} (after ${MAX_RETRIES} retries)`, error.kind);
      options.onRetry?.(retry + 1, error);
      await options.sleep((options.baseMs ?? RETRY_BASE_MS) * 2 ** retry, options.signal);
    }
  }
}

/**
 * `withRetries` inside a step, as every capability's provider call runs: the run's sleep, the
 * step's signal, and each retry shown on the step's card (`activity`) as `retrying` with the
 * failure and the count.
 */
export function retriedInStep<T>(
  context: Pick<CapabilityContext, "sleep">,
  step: StepHandle,
  activity: StepActivity,
  attempt: () => Promise<T>,
): Promise<T> {
  return withRetries(attempt, {
    signal: step.signal,
    sleep: context.sleep,
    onRetry: (retry, error) =>
      step.progress({ ...activity, detail: `${error.message}; retry ${retry} of 3`, status: "retrying" }),
  });
}

/** A pause that ends early (rejecting) when the run is stopped. */
export const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
