import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { executeRun, type RunIo } from "../../src/domains/ai/run/executor";
import { CallMailbox } from "../../src/domains/ai/run/mailbox";
import type { ToolCallRecord } from "../../src/db/schema/ai";
import { call, createUser, expectError, type TestUser } from "../helpers/api";
import { installToolServer, seen } from "../connectors/fakes/tool-server";
import { connected } from "../connectors/helpers";
import {
  demoRunSpec,
  events,
  frameReader,
  history,
  newSession,
  openStream,
  readStream,
  sent,
  type Frame,
} from "./helpers";

/**
 * The assistant using connector tools (CONTRACT "Connector tools for agents"): the offline demo
 * model calls a tool when the message has a line `/tool <toolKey> <JSON>`; calls go through the
 * tool-executions queue and back to the run; approval, rejection, stop and timeout; degraded output.
 */
beforeAll(() => installToolServer());

async function connectedUser(tool?: Record<string, unknown>) {
  const user = await createUser();
  const connection = await connected(user, { tool });
  const session = await newSession(user);
  return { user, session, ...connection };
}

const decide = (user: TestUser, sessionId: string, messageId: string, callId: string, approve: boolean) =>
  call("POST", `/ai/sessions/${sessionId}/messages/${messageId}/tool-calls/${callId}/decision`, {
    token: user.accessToken,
    ip: user.ip,
    body: { approve },
  });

const payloads = (frames: Frame[], type: string) =>
  events(frames)
    .filter((frame) => frame.event === type)
    .map((frame) => frame.data!.payload);

async function nextOf(reader: ReturnType<typeof frameReader>, type: string) {
  for (let frame = await reader.nextEvent(); frame; frame = await reader.nextEvent())
    if (frame.event === type) return frame.data!.payload;
  throw new Error(`the stream ended before ${type}`);
}

/** History is written beside the stream: look until it shows what the stream showed (with room to spare). */
async function toolCallsInHistory(
  user: TestUser,
  sessionId: string,
  messageId: string,
  until: (calls: ToolCallRecord[] | null) => boolean,
) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = (await history(user, sessionId, "?limit=100")).data.find((m) => m.id === messageId);
    if (until(message.toolCalls) || Date.now() > deadline) return message.toolCalls as ToolCallRecord[] | null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the assistant calls connector tools", () => {
  it("through the queue: the stream, the message's toolCalls and the execution history agree", async () => {
    const { user, session, key, instanceId, as } = await connectedUser();
    const before = seen.length;
    const result = await sent(user, session.id, {
      content: `Post it.\n/tool ${key}.echo {"text":"from the assistant"}`,
      model: "demo",
    });
    const frames = await readStream(user, session.id, result.assistantMessage.id);

    const [started] = payloads(frames, "tool.started");
    expect(started).toEqual({
      callId: "demo-call-1",
      toolKey: `${key}.echo`,
      input: { text: "from the assistant" },
      status: "executing",
    });
    const [completed] = payloads(frames, "tool.completed");
    expect(completed).toMatchObject({
      callId: "demo-call-1",
      status: "completed",
      output: { echoed: { text: "from the assistant" }, sawAuth: true },
      executionMs: expect.any(Number),
    });
    expect(events(frames).at(-2)!.event).toBe("message.completed");
    expect(seen.length).toBe(before + 1);

    const message = (await history(user, session.id)).data.find((m) => m.id === result.assistantMessage.id);
    expect(message.toolCalls).toEqual([
      {
        id: "demo-call-1",
        toolKey: `${key}.echo`,
        input: { text: "from the assistant" },
        status: "completed",
        output: completed.output,
        error: null,
        executionMs: completed.executionMs,
      },
    ]);
    // The model was fed the result, and answered with it.
    expect(message.content).toContain("from the assistant");

    const executions = (await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body.data;
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({
      actorType: "agent",
      actorId: user.id,
      runId: result.run.id,
      status: "success",
      toolKey: "echo",
    });
  });

  it("an output that does not match the tool's outputSchema is degraded", async () => {
    const { user, session, key } = await connectedUser({ outputSchema: { type: "object", required: ["receipt"] } });
    const result = await sent(user, session.id, { content: `/tool ${key}.echo {"text":"x"}`, model: "demo" });
    const [completed] = payloads(await readStream(user, session.id, result.assistantMessage.id), "tool.completed");
    expect(completed).toMatchObject({ status: "degraded", output: { echoed: { text: "x" } } });
  });

  it("a failing provider call is failed, and the model is told", async () => {
    const user = await createUser();
    const { key } = await connected(user, { tool: { toolKey: "fail" } });
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: `/tool ${key}.fail {"text":"x"}`, model: "demo" });
    const frames = await readStream(user, session.id, result.assistantMessage.id);
    const [completed] = payloads(frames, "tool.completed");
    expect(completed).toMatchObject({ status: "failed", error: expect.stringContaining("quota exhausted") });
    expect(payloads(frames, "message.completed")[0].content).toContain("quota exhausted");
  });

  it("only tools of connected instances are offered: without credentials the model has no such tool", async () => {
    const { user, session, key, instanceId, as } = await connectedUser();
    await call("DELETE", `/connectors/instances/${instanceId}/credentials`, as);
    const result = await sent(user, session.id, { content: `/tool ${key}.echo {"text":"x"}`, model: "demo" });
    const frames = await readStream(user, session.id, result.assistantMessage.id);
    expect(payloads(frames, "tool.started")).toEqual([]);
  });
});

describe("tools that need approval", () => {
  it("pending (card in the stream and in history), approved, then executed; a second decision is 409", async () => {
    const { user, session, key } = await connectedUser({ requiresApproval: true });
    const before = seen.length;
    const result = await sent(user, session.id, { content: `/tool ${key}.echo {"text":"needs a yes"}`, model: "demo" });
    const messageId = result.assistantMessage.id;
    const reader = frameReader(await openStream(user, session.id, messageId));
    const pending = await nextOf(reader, "tool.started");
    expect(pending).toMatchObject({
      callId: "demo-call-1",
      status: "pending",
      activity: {
        title: `Run ${key}.echo`,
        detail: '{"text":"needs a yes"}',
        status: "awaiting_approval",
        subject: key,
      },
    });
    expect(seen.length).toBe(before);
    // A page reloaded now rebuilds the card from history.
    const calls = await toolCallsInHistory(user, session.id, messageId, (c) => c?.[0]?.status === "pending");
    expect(calls?.[0]).toMatchObject({ id: "demo-call-1", status: "pending" });

    const approved = await decide(user, session.id, messageId, "demo-call-1", true);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: "demo-call-1", status: "executing" });
    expect(await nextOf(reader, "tool.started")).toMatchObject({ status: "executing" });
    expect(await nextOf(reader, "tool.completed")).toMatchObject({
      status: "completed",
      output: { echoed: { text: "needs a yes" } },
    });
    await nextOf(reader, "message.completed");
    expect(seen.length).toBe(before + 1);
    expectError(await decide(user, session.id, messageId, "demo-call-1", true), 409, "conflict");
  });

  it("rejected: nothing is sent and the model is told", async () => {
    const { user, session, key } = await connectedUser({ requiresApproval: true });
    const before = seen.length;
    const result = await sent(user, session.id, { content: `/tool ${key}.echo {"text":"no"}`, model: "demo" });
    const messageId = result.assistantMessage.id;
    const reader = frameReader(await openStream(user, session.id, messageId));
    await nextOf(reader, "tool.started");
    const rejected = await decide(user, session.id, messageId, "demo-call-1", false);
    expect(rejected.body.data).toMatchObject({ status: "rejected", error: "The user rejected this call" });
    expect(await nextOf(reader, "tool.completed")).toMatchObject({
      status: "rejected",
      error: "The user rejected this call",
    });
    const completed = await nextOf(reader, "message.completed");
    expect(completed.content).toContain("rejected");
    expect(seen.length).toBe(before);
  });

  it("a stop while pending skips the call; deciding afterwards is 409; others' sessions and unknown calls are refused", async () => {
    const { user, session, key } = await connectedUser({ requiresApproval: true });
    const result = await sent(user, session.id, { content: `/tool ${key}.echo {"text":"later"}`, model: "demo" });
    const messageId = result.assistantMessage.id;
    const reader = frameReader(await openStream(user, session.id, messageId));
    await nextOf(reader, "tool.started");

    const stranger = await createUser();
    expectError(await decide(stranger, session.id, messageId, "demo-call-1", true), 404, "not_found");
    expectError(await decide(user, session.id, messageId, "no-such-call", true), 409, "conflict");

    expect(
      (
        await call("POST", `/ai/sessions/${session.id}/messages/${messageId}/stop`, {
          token: user.accessToken,
          ip: user.ip,
        })
      ).status,
    ).toBe(200);
    expect(await nextOf(reader, "tool.completed")).toMatchObject({ status: "skipped" });
    const calls = await toolCallsInHistory(user, session.id, messageId, (c) => c?.[0]?.status === "skipped");
    expect(calls?.[0]).toMatchObject({ status: "skipped" });
    expectError(await decide(user, session.id, messageId, "demo-call-1", true), 409, "conflict");
  });

  it("no decision in time: the call is skipped and the model is told", async () => {
    // The executor with a mailbox whose decisions never come (the 10-minute wait, made instant).
    const recorded: ToolCallRecord[][] = [];
    const spec = demoRunSpec("/tool test.send {}");
    const io: RunIo = {
      signal: new AbortController().signal,
      emit: () => {},
      saveToolCalls: (calls) => recorded.push(structuredClone(calls)),
      saveUsage: () => {},
      awaitToolResult: () => Promise.reject(new Error("not queued")),
      awaitDecision: () => Promise.resolve("timeout"),
    };
    const sendTool = {
      key: "test.send",
      description: "Sends",
      inputSchema: { type: "object" },
      requiresApproval: true,
      execute: async () => ({ sent: true }),
    };
    const outcome = await executeRun({ ...env, DEMO_DELAY_MS: "0" } as Env, spec, io, { tools: () => [sendTool] });
    expect(recorded[0]![0]).toMatchObject({ status: "pending" });
    expect(outcome.toolCalls[0]).toMatchObject({ status: "skipped", error: expect.stringMatching(/10 minutes/) });
    expect(outcome.content).toContain("10 minutes");
  });

  it("the mailbox: a decision wait times out, a result reaches only its own call", async () => {
    const mailbox = new CallMailbox({ decisionMs: 10 });
    const signal = new AbortController().signal;
    expect(await mailbox.awaitDecision("a", signal)).toBe("timeout");
    const waiting = mailbox.awaitResult("b", signal);
    expect(mailbox.deliver("c", { success: true, output: {}, error: null })).toBe(false);
    expect(mailbox.deliver("b", { success: true, output: { ok: 1 }, error: null })).toBe(true);
    expect(await waiting).toEqual({ success: true, output: { ok: 1 }, error: null });
    expect(mailbox.deliver("b", { success: true, output: {}, error: null })).toBe(false);
  });
});
