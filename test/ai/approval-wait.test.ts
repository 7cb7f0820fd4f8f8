import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToolCallRecord } from "../../src/db/schema/ai";
import { executeRun, type RunIo } from "../../src/domains/ai/run/executor";
import { CallMailbox } from "../../src/domains/ai/run/mailbox";
import { demoRunSpec } from "./helpers";

/**
 * CONTRACT: a call awaiting approval waits at most 10 minutes, then it is `skipped` (hardening 34,
 * point 13: a change of the wait to 60 minutes passed every test). The run's executor with the
 * mailbox as the run's object builds it (no timeouts given, so its own defaults), on a fake clock:
 * the 10 minutes pass in a few milliseconds, and the call is still pending 1 ms before them.
 */
const TEN_MINUTES_MS = 10 * 60_000;

afterEach(() => vi.useRealTimers());

/** Runs the fake clock's due work until `done()` holds (each turn lets the run's promises settle). */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 1000 && !done(); turn++) await vi.advanceTimersByTimeAsync(0);
  expect(done()).toBe(true);
}

describe("the approval wait", () => {
  it("a call left pending is skipped at 10 minutes, not before, and the model is told", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const recorded: ToolCallRecord[][] = [];
    const mailbox = new CallMailbox();
    const io: RunIo = {
      signal: new AbortController().signal,
      emit: () => {},
      saveToolCalls: (calls) => recorded.push(structuredClone(calls)),
      saveUsage: () => {},
      awaitToolResult: () => Promise.reject(new Error("not queued")),
      awaitDecision: (callId, signal) => mailbox.awaitDecision(callId, signal),
    };
    const sendTool = {
      key: "test.send",
      description: "Sends",
      inputSchema: { type: "object" },
      requiresApproval: true,
      execute: async () => ({ sent: true }),
    };
    let finished = false;
    const run = executeRun({ ...env, DEMO_DELAY_MS: "0" } as Env, demoRunSpec("/tool test.send {}"), io, {
      tools: () => [sendTool],
    }).finally(() => {
      finished = true;
    });
    const latest = () => recorded.at(-1)?.[0]?.status;
    await until(() => latest() === "pending");

    await vi.advanceTimersByTimeAsync(TEN_MINUTES_MS - 1);
    expect([finished, latest()]).toEqual([false, "pending"]);
    // A decision would still be taken now; none comes.
    await vi.advanceTimersByTimeAsync(1);
    await until(() => finished);
    const outcome = await run;
    expect(outcome.toolCalls[0]).toMatchObject({
      status: "skipped",
      error: "No decision within 10 minutes; the call was skipped",
    });
    expect(outcome.content).toContain("10 minutes");
  });
});
