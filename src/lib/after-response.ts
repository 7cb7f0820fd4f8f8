/**
 * Work that must not shape an answer's timing (whether an address has an account): it starts
 * this long after the handler returns, so the answer is on its way before any of it runs.
 * Started at once, the extra writes of a known address competed with the response for the
 * isolate and made it measurably (~2 ms locally) slower than for an unknown one.
 */
const START_AFTER_RESPONSE_MS = 20;

/** Runs `work` after the answer (kept alive by `waitUntil`); failures go to `onError`. */
export function runAfterResponse(
  ctx: { waitUntil(promise: Promise<unknown>): void },
  work: () => Promise<void>,
  onError: (error: unknown) => void,
) {
  const delayed = new Promise((resolve) => setTimeout(resolve, START_AFTER_RESPONSE_MS)).then(work);
  ctx.waitUntil(delayed.catch(onError));
}
