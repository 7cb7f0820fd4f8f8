import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEADLINES } from "../../src/domains/ai/deadlines";
import { executeRun, type RunIo } from "../../src/domains/ai/run/executor";
import type { RunSpec } from "../../src/domains/ai/run/types";
import { NO_TOOLS } from "../../src/domains/ai/tool-source";
import { braveRequests, tavilyRequests } from "./fakes/search";
import { installFakeOpenAi } from "./fakes/openai";
import { demoRunSpec } from "./helpers";

installFakeOpenAi();

// CONTRACT "AI capabilities": every provider request has a deadline, which a test may shorten
// through its var; a search deadline passed counts as a 5xx (3 retries: 250, 500, 1000 ms), a chat
// stream's first byte or its silence after it fails the run.
const SHORT_MS = "100";
/** What a test allows a run that meets its deadlines and retries to take before it must have ended. */
const BOUND_MS = 8_000;

function runIo(signal = new AbortController().signal) {
  const events: { type: string; payload: Record<string, unknown> }[] = [];
  const io: RunIo = {
    signal,
    emit: (type, payload) => events.push({ type, payload }),
    saveToolCalls: () => {},
    saveUsage: () => {},
    awaitToolResult: () => Promise.reject(new Error("no tools")),
    awaitDecision: () => Promise.resolve("timeout"),
  };
  return { io, events };
}

const searchSpec = (query: string, provider: "brave" | "tavily"): RunSpec => ({
  ...demoRunSpec(query),
  capability: { key: "ai.search.web", parameters: {}, provider },
});

const chatSpec = (prompt: string): RunSpec => ({
  ...demoRunSpec(prompt),
  model: {
    id: crypto.randomUUID(),
    key: "fake-basic",
    displayName: "Fake",
    providerKey: "openai",
    providerModel: "fake-basic",
  },
});

/** The run's end (its error), and how long it took. */
async function ended(run: Promise<unknown>) {
  const started = Date.now();
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  return { error: error as { message: string; code: string } | null, ms: Date.now() - started };
}

describe("provider deadlines", () => {
  it("defaults: search 15 s, image 120 s, a media job's request 60 s and the job 30 minutes, chat first byte and idle 60 s", () => {
    expect(DEADLINES).toEqual({
      SEARCH_DEADLINE_MS: 15_000,
      IMAGE_DEADLINE_MS: 120_000,
      MEDIA_REQUEST_DEADLINE_MS: 60_000,
      MEDIA_JOB_DEADLINE_MS: 1_800_000,
      CHAT_FIRST_BYTE_MS: 60_000,
      CHAT_IDLE_MS: 60_000,
    });
  });

  it("a search provider that never answers: each attempt ends at the deadline, retried 3 times, then the run fails", async () => {
    const query = `otters #hang ${crypto.randomUUID()}`;
    const { io, events } = runIo();
    const { error, ms } = await ended(
      executeRun({ ...env, SEARCH_DEADLINE_MS: SHORT_MS } as Env, searchSpec(query, "brave"), io, NO_TOOLS),
    );
    expect(error).toMatchObject({
      code: "provider_error",
      message: "Brave Search did not answer within 0.1 s (after 3 retries)",
    });
    expect(braveRequests.filter((r) => r.url.searchParams.get("q") === query)).toHaveLength(4);
    expect(ms).toBeLessThan(BOUND_MS);
    const retries = events.filter((e) => e.type === "tool.progress").map((e) => (e.payload.activity as any).detail);
    expect(retries).toEqual([1, 2, 3].map((n) => `Brave Search did not answer within 0.1 s; retry ${n} of 3`));
    expect(events.find((e) => e.type === "tool.completed")!.payload).toMatchObject({
      status: "failed",
      error: "Brave Search did not answer within 0.1 s (after 3 retries)",
    });
  });

  it("a search provider that sends its headers and then stalls is held to the same deadline", async () => {
    const query = `otters #stall ${crypto.randomUUID()}`;
    const { io } = runIo();
    const { error, ms } = await ended(
      executeRun({ ...env, SEARCH_DEADLINE_MS: SHORT_MS } as Env, searchSpec(query, "tavily"), io, NO_TOOLS),
    );
    expect(error).toMatchObject({
      code: "provider_error",
      message: "Tavily did not answer within 0.1 s (after 3 retries)",
    });
    expect(tavilyRequests.filter((r) => JSON.parse(r.body).query === query)).toHaveLength(4);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("a chat stream that stalls after its first byte fails the run with a clear error, keeping what it streamed", async () => {
    const { io, events } = runIo();
    const { error, ms } = await ended(
      executeRun({ ...env, CHAT_IDLE_MS: SHORT_MS } as Env, chatSpec("#scenario=hang"), io, NO_TOOLS),
    );
    expect(error).toMatchObject({
      code: "provider_error",
      message: "The model provider's stream stalled: nothing for 0.1 s",
    });
    // (The trailing space is held back by the suggestions splitter until more text shows it is no marker.)
    expect(
      events
        .filter((e) => e.type === "message.delta")
        .map((e) => e.payload.delta)
        .join(""),
    ).toBe("Partial answer");
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("a chat model that sends no first byte fails the run at its first-byte deadline", async () => {
    const { io } = runIo();
    const { error, ms } = await ended(
      executeRun({ ...env, CHAT_FIRST_BYTE_MS: SHORT_MS } as Env, chatSpec("#scenario=silent"), io, NO_TOOLS),
    );
    expect(error).toMatchObject({ code: "provider_error", message: "The model provider sent nothing within 0.1 s" });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("a slow but steady stream is not cut: the idle deadline restarts at every chunk", async () => {
    // The fake's `slow` scenario: 30 chunks 15 ms apart (450 ms in all), under an idle deadline of 100 ms.
    const { io, events } = runIo();
    const { error } = await ended(
      executeRun({ ...env, CHAT_IDLE_MS: SHORT_MS } as Env, chatSpec("#scenario=slow"), io, NO_TOOLS),
    );
    expect(error).toBeNull();
    expect(events.filter((e) => e.type === "message.delta")).toHaveLength(30);
  });
});
