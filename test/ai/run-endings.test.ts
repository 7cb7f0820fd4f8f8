import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { expectError, expectShape } from "../helpers/api";
import { runObject } from "../../src/domains/ai/runs";
import { estimateTokens } from "../../src/domains/ai/providers/demo";
import type { TokenUsage } from "../../src/domains/ai/providers/types";
import { responseSchemas } from "../../src/domains/ai/response-schemas";
import { offerTestTools } from "../worker";
import type { MessageRun } from "../../src/durable-objects/message-run";
import { executeRun } from "../../src/domains/ai/run/executor";
import { NO_TOOLS } from "../../src/domains/ai/tool-source";
import type { RunOutcome, RunSpec } from "../../src/domains/ai/run/types";
import type { TestUser } from "../helpers/api";
import {
  aiUser,
  demoRunSpec,
  events,
  frameReader,
  history,
  newSession,
  openStream,
  readStream,
  sent,
  stop,
  usageOf,
} from "./helpers";

const { stopResultSchema } = responseSchemas();

const unregister = offerTestTools({
  tools: () => [
    {
      key: "test.echo",
      description: "Echoes its text back",
      inputSchema: { type: "object", properties: { text: { type: "string" } } },
      execute: async (input) => ({ echoed: input.text }),
    },
    {
      key: "test.hang",
      description: "Runs until the run is aborted",
      inputSchema: { type: "object", properties: {} },
      execute: (_input, _context, signal) =>
        new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
    },
  ],
});
afterAll(() => unregister());

/** Sends `content` and reads the reply's live stream until an event of `type`. */
async function runUntil(user: TestUser, content: string, type: string) {
  const session = await newSession(user);
  const result = await sent(user, session.id, { content });
  const reader = frameReader(await openStream(user, session.id, result.assistantMessage.id));
  for (let frame = await reader.nextEvent(); frame?.event !== type; frame = await reader.nextEvent()) {
    if (!frame) throw new Error(`the stream ended before ${type}`);
  }
  return { session, result, reader };
}

describe("runs that end early: tokens used so far", () => {
  it("a stopped run records the tokens of its finished model calls, in history and session usage", async () => {
    const user = await aiUser();
    const { session, result, reader } = await runUntil(user, "#scenario=tool-then-hang", "message.delta");
    expect((await stop(user, session.id, result.assistantMessage.id)).status).toBe(200);
    await reader.stop();
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant.status).toBe("stopped");
    // The tool round's usage report (30 in, 12 out); the hung call never reported any.
    expect(assistant.tokensUsed).toBe(42);
    expect(await usageOf(user, session.id)).toMatchObject({
      totalInputTokens: 30,
      totalOutputTokens: 12,
      totalTokens: 42,
      runCount: 1,
    });
  });

  it("a demo call cut short counts the demo's estimate of what it streamed", async () => {
    const prompt = "tell me about otters and rivers";
    const spec = demoRunSpec(prompt);
    const abort = new AbortController();
    const deltas: string[] = [];
    const saved: TokenUsage[] = [];
    const run = executeRun(
      { ...env, DEMO_DELAY_MS: "5" } as Env,
      spec,
      {
        signal: abort.signal,
        emit: (type, payload) => {
          if (type !== "message.delta") return;
          deltas.push(String(payload.delta));
          if (deltas.length === 5) abort.abort();
        },
        saveToolCalls: () => {},
        saveUsage: (usage) => saved.push(usage),
        // No tools are offered: nothing is ever queued or awaits approval.
        awaitToolResult: () => Promise.reject(new Error("no tools")),
        awaitDecision: () => Promise.resolve("timeout"),
      },
      NO_TOOLS,
    );
    await expect(run).rejects.toBeDefined();
    expect(deltas).toHaveLength(5);
    expect(saved.at(-1)).toEqual({
      inputTokens: estimateTokens(prompt),
      outputTokens: estimateTokens(deltas.join("")),
    });
    expect(saved.at(-1)!.outputTokens).toBeGreaterThan(0);
  });
});

describe("runs that end early: tool calls still executing", () => {
  it("a stop during a tool call records it failed with its duration, and tells listeners before message.stopped", async () => {
    const user = await aiUser();
    const { session, result, reader } = await runUntil(user, "#scenario=hang-tool", "tool.started");
    const stopped = await stop(user, session.id, result.assistantMessage.id);
    expect(stopped.status).toBe(200);
    const toolEnd = (await reader.nextEvent())!;
    expect(toolEnd.event).toBe("tool.completed");
    expect(toolEnd.data).toMatchObject({
      stepId: "call_hang",
      payload: {
        callId: "call_hang",
        toolKey: "test.hang",
        input: { for: "ever" },
        status: "failed",
        error: "The run was stopped before the tool finished",
        executionMs: expect.any(Number),
      },
    });
    expect((await reader.nextEvent())!.event).toBe("message.stopped");
    expect(await reader.next()).toBeNull();

    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant.toolCalls).toEqual([
      {
        id: "call_hang",
        toolKey: "test.hang",
        input: { for: "ever" },
        status: "failed",
        output: null,
        error: "The run was stopped before the tool finished",
        executionMs: toolEnd.data!.payload.executionMs,
      },
    ]);
    expect(assistant.toolCalls[0].executionMs).toBeGreaterThanOrEqual(0);
    // The model call that asked for the tool reported 25 + 5 tokens.
    expect(assistant.tokensUsed).toBe(30);
  });

  it("a run that dies during a tool call ends failed, and so does the call", async () => {
    const user = await aiUser();
    const { session, result, reader } = await runUntil(user, "#scenario=hang-tool", "tool.started");
    await reader.stop();
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(runObject(env, result.assistantMessage.id))).toBe(true);
    const list = events(await readStream(user, session.id, result.assistantMessage.id));
    expect(list.map((f) => f.event)).toEqual(["tool.started", "tool.completed", "run.error"]);
    const error = "The run failed before the tool finished (run_interrupted)";
    expect(list[1]!.data!.payload).toMatchObject({ callId: "call_hang", status: "failed", error });
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "failed", tokensUsed: 30 });
    expect(assistant.toolCalls).toEqual([
      {
        id: "call_hang",
        toolKey: "test.hang",
        input: { for: "ever" },
        status: "failed",
        output: null,
        error,
        executionMs: expect.any(Number),
      },
    ]);
  });
});

describe("runs that end early: concurrent stops", () => {
  it("two stops at once both answer 200 with the same stop object", async () => {
    const user = await aiUser();
    const { session, result, reader } = await runUntil(user, "#scenario=hang", "message.delta");
    const answers = await Promise.all([1, 2].map(() => stop(user, session.id, result.assistantMessage.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expectShape(stopResultSchema, answers[0]!.body.data);
    expect(answers[1]!.body.data).toEqual(answers[0]!.body.data);
    await reader.stop();
    // Straight at the object too: a second stop while the first is being written shares its answer.
    const other = await runUntil(user, "#scenario=hang", "message.delta");
    const stub = runObject(env, other.result.assistantMessage.id);
    const [first, second] = await Promise.all([stub.stop(), stub.stop()]);
    expect(first).toMatchObject({ ok: true, result: { id: other.result.assistantMessage.id, status: "stopped" } });
    expect(second).toEqual(first);
    // Exactly one message.stopped.
    await other.reader.stop();
    const list = events(await readStream(user, other.session.id, other.result.assistantMessage.id));
    expect(list.filter((f) => f.event === "message.stopped")).toHaveLength(1);
  });

  it("a stop racing the run's completion is a 409 that says it completed", async () => {
    const user = await aiUser();
    const { session, result, reader } = await runUntil(user, "#scenario=hang", "message.delta");
    const stub = runObject(env, result.assistantMessage.id);
    const outcome: RunOutcome = {
      content: "Partial answer",
      toolCalls: [],
      suggestions: [],
      inputTokens: 3,
      outputTokens: 2,
    };
    type Internals = {
      complete(spec: RunSpec, outcome: RunOutcome): Promise<void>;
      execution?: { abort: AbortController };
    };
    // The run completes, and a stop arrives while the completion's D1 write is still on the way.
    const direct = await runInDurableObject(stub, async (instance: MessageRun, state) => {
      const core = await instance.core();
      const completing = (core as unknown as Internals).complete(state.storage.kv.get<RunSpec>("spec")!, outcome);
      const answer = await core.stop();
      await completing;
      return answer;
    });
    expect(direct).toEqual({ ok: false, status: "completed" });
    const viaApi = await stop(user, session.id, result.assistantMessage.id);
    expectError(viaApi, 409, "conflict");
    expect(viaApi.body.error.message).toBe("The reply has already completed; there is nothing to stop");
    await reader.stop();
    await runInDurableObject(stub, async (instance: MessageRun) =>
      ((await instance.core()) as unknown as Internals).execution?.abort.abort(),
    );
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "completed", content: "Partial answer", tokensUsed: 5 });
  });
});
