import { afterEach, describe, expect, it, vi } from "vitest";
import { CallMailbox } from "../../src/domains/ai/run/mailbox";

/**
 * Issue "conformance", point 13: a run gives a queued call at most 2 minutes, then the call is
 * failed and the model is told (the connector tool throws the delivered error; see executor).
 */
afterEach(() => vi.useRealTimers());

describe("a run's wait for a queued call", () => {
  it("ends after 2 minutes with a failure, not 10", async () => {
    vi.useFakeTimers();
    const mailbox = new CallMailbox();
    let settled: unknown = null;
    void mailbox.awaitResult("run-1:call-1", new AbortController().signal).then((result) => (settled = result));
    await vi.advanceTimersByTimeAsync(2 * 60_000 - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ success: false, output: {}, error: "No result within 2 minutes; the call was given up" });
    // A result arriving later finds no waiter.
    expect(mailbox.deliver("run-1:call-1", { success: true, output: {}, error: null })).toBe(false);
  });
});
