import { env } from "cloudflare:workers";
import { abortAllDurableObjects, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { expectError, expectShape } from "../helpers/api";
import { runObject } from "../../src/domains/ai/runs";
import { responseSchemas } from "../../src/domains/ai/response-schemas";
import { offerTestTools } from "../worker";
import type { MessageRun } from "../../src/durable-objects/message-run";
import {
  aiUser,
  events,
  parseSse,
  frameReader,
  history,
  newSession,
  openStream,
  readStream,
  sent,
  stop,
} from "./helpers";
import { requests } from "./fakes/openai";

const { stopResultSchema } = responseSchemas();

const unregister = offerTestTools({
  tools: () => [
    {
      key: "test.echo",
      description: "Echoes its text back",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      execute: async (input) => ({ echoed: input.text }),
    },
    {
      key: "test.fail",
      description: "Always fails",
      inputSchema: { type: "object", properties: {} },
      execute: async () => {
        throw new Error("the test tool failed on purpose");
      },
    },
  ],
});
afterAll(() => unregister());

describe("runs: stop", () => {
  it("stops mid-run: aborts the provider, keeps the partial content, tells every listener, history follows", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "go #scenario=hang" });
    const listeners = await Promise.all([1, 2].map(() => openStream(user, session.id, result.assistantMessage.id)));
    const reader = frameReader(listeners[0]!);
    expect((await reader.nextEvent())!.event).toBe("message.delta");
    expect((await reader.nextEvent())!.event).toBe("message.delta");

    const stopped = await stop(user, session.id, result.assistantMessage.id);
    expect(stopped.status).toBe(200);
    const data = expectShape(stopResultSchema, stopped.body.data);
    expect(data).toMatchObject({ id: result.assistantMessage.id, status: "stopped", content: "Partial answer" });

    const last = (await reader.nextEvent())!;
    expect(last.event).toBe("message.stopped");
    expect(last.data!.payload).toEqual({
      messageId: result.assistantMessage.id,
      content: "Partial answer",
      stoppedAt: data.stoppedAt,
    });
    expect(await reader.next()).toBeNull();
    const other = events(parseSse(await listeners[1]!.text()));
    expect(other.at(-1)!.event).toBe("message.stopped");

    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "stopped", content: "Partial answer" });

    // Twice is harmless: the same stop object.
    const again = await stop(user, session.id, result.assistantMessage.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(stopped.body.data);
    // Nothing left to stream.
    expect((await openStream(user, session.id, result.assistantMessage.id, last.id!)).status).toBe(204);
    // The session is free for the next message.
    await sent(user, session.id, { content: "next", model: "demo" });
  });

  it("stopping a finished message is 409", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "hi" });
    await readStream(user, session.id, result.assistantMessage.id);
    expectError(await stop(user, session.id, result.assistantMessage.id), 409, "conflict");
  });
});

describe("runs: provider failures", () => {
  it("a provider error ends the run with run.error and a failed message", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "#scenario=error" });
    const list = events(await readStream(user, session.id, result.assistantMessage.id));
    expect(list.map((f) => f.event)).toEqual(["run.error"]);
    expect(list[0]!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "The model provider answered 500: upstream exploded",
    });
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "failed", content: "" });
    // The key never reaches a client; the fake saw it in the header only.
    expect(requests.at(-1)!.authorization).toBe("Bearer test-openai-key");
    expect(JSON.stringify(list)).not.toContain("test-openai-key");
  });

  it("a stream cut off without [DONE] is an error, not a complete reply", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "#scenario=truncated" });
    const list = events(await readStream(user, session.id, result.assistantMessage.id));
    expect(list.map((f) => f.event)).toEqual(["message.delta", "message.delta", "run.error"]);
    expect(list[2]!.data!.payload.error.code).toBe("provider_stream_truncated");
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "failed", content: "This reply is cut off" });
  });
});

describe("runs: tools", () => {
  it("joins tool-call arguments split across chunks, runs the tool, reports it, feeds the result back", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "use the tool #scenario=tool" });
    const list = events(await readStream(user, session.id, result.assistantMessage.id));
    const started = list.find((f) => f.event === "tool.started")!;
    const completed = list.find((f) => f.event === "tool.completed")!;
    expect(started.data).toMatchObject({
      stepId: "call_abc",
      payload: { callId: "call_abc", toolKey: "test.echo", input: { text: "ping pong" }, status: "executing" },
    });
    expect(completed.data!.payload).toMatchObject({
      callId: "call_abc",
      toolKey: "test.echo",
      status: "completed",
      output: { echoed: "ping pong" },
      executionMs: expect.any(Number),
    });
    const content = list
      .filter((f) => f.event === "message.delta")
      .map((f) => f.data!.payload.delta)
      .join("");
    expect(content).toBe('The tool answered: {"echoed":"ping pong"}.');
    // The second model call carried the assistant's tool call and the tool's result.
    const second = requests.filter((r) => r.body.messages.some((m) => m.content?.includes("use the tool"))).at(-1)!;
    expect(second.body.messages.slice(-2)).toMatchObject([
      {
        role: "assistant",
        tool_calls: [
          { id: "call_abc", type: "function", function: { name: "test__echo", arguments: '{"text":"ping pong"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_abc", content: '{"echoed":"ping pong"}' },
    ]);
    expect(second.body.tools!.map((t) => t.function.name)).toEqual(["test__echo", "test__fail"]);
    expect(second.body.stream_options).toEqual({ include_usage: true });

    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant.toolCalls).toEqual([
      {
        id: "call_abc",
        toolKey: "test.echo",
        input: { text: "ping pong" },
        status: "completed",
        output: { echoed: "ping pong" },
        error: null,
        executionMs: expect.any(Number),
      },
    ]);
    // Usage of both model calls is recorded.
    expect(assistant.tokensUsed).toBe(30 + 12 + 40 + 8);
  });

  it("a failing tool is persisted as failed with its error", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "#scenario=failing-tool" });
    await readStream(user, session.id, result.assistantMessage.id);
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant.toolCalls).toEqual([
      {
        id: "call_fail",
        toolKey: "test.fail",
        input: {},
        status: "failed",
        output: null,
        error: "the test tool failed on purpose",
        executionMs: expect.any(Number),
      },
    ]);
    expect(assistant.content).toBe("Tool failed, sorry.");
  });
});

describe("runs: eviction and recovery", () => {
  it("an object that dies mid-run is found by its alarm and ends failed with run.error, keeping the partial content", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "#scenario=hang" });
    const reader = frameReader(await openStream(user, session.id, result.assistantMessage.id));
    await reader.nextEvent();
    await reader.nextEvent();
    const stub = runObject(env, result.assistantMessage.id);
    // The instance dies mid-run (no graceful drain): memory is gone, storage and the alarm remain.
    await reader.stop();
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const list = events(await readStream(user, session.id, result.assistantMessage.id));
    expect(list.map((f) => f.event)).toEqual(["message.delta", "message.delta", "run.error"]);
    expect(list[2]!.data!.payload.error.code).toBe("run_interrupted");
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "failed", content: "Partial answer" });
  });

  it("a run interrupted before any output is started again", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "recover me", model: "demo" });
    const stub = runObject(env, result.assistantMessage.id);
    // As if the instance died right after accepting the run: state says running, no output, no execution.
    await runInDurableObject(stub, async (_instance: MessageRun, state) => {
      await state.storage.deleteAlarm();
      state.storage.kv.put("state", { status: "running", attempts: 1 });
    });
    await evictDurableObject(stub);
    await stub.status();
    await runInDurableObject(stub, (_i: MessageRun, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant.status).toBe("completed");
    expect(assistant.content).toContain('You asked: "recover me"');
  });
});
