import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CallMailbox } from "../../src/domains/ai/run/mailbox";
import { events, newSession, readStream, sent } from "../ai/helpers";
import { createUser } from "../helpers/api";
import { failFlaky, installToolServer, seen } from "./fakes/tool-server";
import { connected } from "./helpers";

/**
 * Issue "conformance", point 13: a run gives a queued call at most 2 minutes, then the call is
 * failed and the model is told (the connector tool throws the delivered error; see executor); each
 * retry is shown on the call as `activity` in a `tool.progress` event.
 */
beforeAll(() => installToolServer());
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

describe("retries shown on the call", () => {
  it("a 503 answer: tool.progress with activity 'retrying in 10 s: ...', then the redelivery completes the call", async () => {
    const user = await createUser();
    const { key } = await connected(user, { tool: { toolKey: "flaky" } });
    const session = await newSession(user);
    failFlaky(1);
    const before = seen.filter((request) => request.url.endsWith("/flaky")).length;
    const result = await sent(user, session.id, {
      content: `Try it.\n/tool ${key}.flaky {"text":"again"}`,
      model: "demo",
    });
    const frames = events(await readStream(user, session.id, result.assistantMessage.id));
    const progress = frames.find((frame) => frame.event === "tool.progress")!.data!.payload;
    expect(progress).toMatchObject({
      callId: "demo-call-1",
      toolKey: `${key}.flaky`,
      status: "executing",
      activity: {
        title: `Run ${key}.flaky`,
        detail: "retrying in 10 s: busy, try again",
        subject: key,
        status: "retrying",
      },
    });
    const completed = frames.find((frame) => frame.event === "tool.completed")!.data!.payload;
    expect(completed).toMatchObject({
      callId: "demo-call-1",
      status: "completed",
      output: { echoed: { text: "again" } },
    });
    expect(frames.map((frame) => frame.event).indexOf("tool.progress")).toBeLessThan(
      frames.map((frame) => frame.event).indexOf("tool.completed"),
    );
    expect(seen.filter((request) => request.url.endsWith("/flaky")).length).toBe(before + 2);
  }, 60_000);
});
