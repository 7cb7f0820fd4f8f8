import type { DeliveredToolResult } from "../tool-source";
import { APPROVAL_TIMEOUT_MS, type Decision } from "./tool-calls";

/**
 * How long a run waits for a queued call's result (CONTRACT: at most 2 minutes per call; the
 * consumer starts no call it could not finish by then, see RUN_CALL_WAIT_MS in connectors).
 */
const RESULT_TIMEOUT_MS = 2 * 60_000;

/**
 * What reaches a run's calls from outside while the run waits: results from the tool-executions
 * consumer, decisions from the session's owner. In memory: the run that waits lives in this same
 * object instance (an instance that dies takes its run with it, and the watchdog ends that run).
 */
export class CallMailbox {
  constructor(private readonly timeouts: { resultMs?: number; decisionMs?: number } = {}) {}

  private readonly results = new Map<string, (result: DeliveredToolResult) => void>();
  private readonly decisions = new Map<string, (decision: Decision) => void>();

  awaitResult(callId: string, signal: AbortSignal): Promise<DeliveredToolResult> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const done = this.wait(this.results, callId, signal, this.timeouts.resultMs ?? RESULT_TIMEOUT_MS, resolve, () =>
        resolve({ success: false, output: {}, error: "No result within 2 minutes; the call was given up" }),
      );
      signal.addEventListener("abort", () => (done(), reject(signal.reason)), { once: true });
    });
  }

  /** The decision, or `timeout`; a stopped run gets `timeout` too (its caller looks at the signal). */
  awaitDecision(callId: string, signal: AbortSignal): Promise<Decision> {
    if (signal.aborted) return Promise.resolve("timeout");
    return new Promise((resolve) => {
      const done = this.wait(
        this.decisions,
        callId,
        signal,
        this.timeouts.decisionMs ?? APPROVAL_TIMEOUT_MS,
        resolve,
        () => resolve("timeout"),
      );
      signal.addEventListener("abort", () => (done(), resolve("timeout")), { once: true });
    });
  }

  /** Hands a result to the call waiting for it; false when none waits (a redelivery, or a run gone). */
  deliver(callId: string, result: DeliveredToolResult): boolean {
    return this.settle(this.results, callId, result);
  }

  decide(callId: string, decision: Exclude<Decision, "timeout">): boolean {
    return this.settle(this.decisions, callId, decision);
  }

  /** Registers a waiter with its timeout; answers the function that unregisters it. */
  private wait<T>(
    waiters: Map<string, (value: T) => void>,
    callId: string,
    signal: AbortSignal,
    timeoutMs: number,
    resolve: (value: T) => void,
    onTimeout: () => void,
  ) {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(callId);
    };
    const timer = setTimeout(() => (done(), onTimeout()), timeoutMs);
    if (!signal.aborted) waiters.set(callId, (value) => (done(), resolve(value)));
    return done;
  }

  private settle<T>(waiters: Map<string, (value: T) => void>, callId: string, value: T): boolean {
    const waiter = waiters.get(callId);
    waiter?.(value);
    return waiter !== undefined;
  }
}
