import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { enqueueToolCall, grantApproval, type ToolCall, type ToolCallMessage } from "../../src/domains/connectors";
import { MAX_EXECUTION_TIMEOUT_MS } from "../../src/domains/connectors/execution/execute";
import {
  MAX_DELIVERIES,
  prepareToolCall,
  processToolCall,
  RUN_CALL_WAIT_MS,
} from "../../src/domains/connectors/execution/tool-calls";
import { createDb } from "../../src/db/client";
import worker from "../../src/index";
import { call, createUser, type TestUser } from "../helpers/api";
import { installToolServer, failFlaky, failLimited, seen } from "./fakes/tool-server";
import { connected } from "./helpers";

/**
 * The tool-executions consumer (issue: connectors, point 10; hardening, point 1): the same executor
 * as direct execution, at most one external call per call id, only "not processed" answers (429,
 * 503) retried with backoff, a call that keeps being refused dead-lettered with its record kept.
 */
beforeAll(() => installToolServer());

const QUEUE = "tool-executions";

/** The caller as a producer sends it: the claims of the user's own (first-party) token. */
function claimsOf(user: TestUser): ToolCallMessage["claims"] {
  const payload = decodeJwt(user.accessToken);
  return {
    kind: "first-party",
    userId: payload.sub!,
    jti: payload.jti!,
    exp: payload.exp!,
    sessionId: String(payload.sid),
  };
}

async function setup(tool?: Record<string, unknown>) {
  const user = await createUser();
  const instance = await connected(user, { tool });
  const call = (input: Record<string, unknown> = { text: "hi" }): ToolCall => ({
    callId: `call-${crypto.randomUUID()}`,
    claims: claimsOf(user),
    workspaceId: user.personalWorkspaceId,
    instanceId: instance.instanceId,
    toolId: instance.toolId,
    input,
    runId: "run-1",
  });
  /** The message a producer sends: the input goes to R2, the message carries ids. */
  const message = (input?: Record<string, unknown>) => prepareToolCall(env, call(input));
  return { user, ...instance, call, message };
}

/** Delivers one message to the Worker's queue handler, as the Queue would on its `attempts`-th delivery. */
async function deliver(body: ToolCallMessage | unknown, attempts = 1) {
  const batch = createMessageBatch(QUEUE, [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  const result = await getQueueResult(batch, ctx);
  const id = batch.messages[0]!.id;
  return { acked: result.explicitAcks.includes(id), retry: result.retryMessages.find((m) => m.msgId === id) ?? null };
}

const callRow = (callId: string) =>
  env.DB.prepare("SELECT * FROM connector_tool_calls WHERE call_id = ?").bind(callId).first<Record<string, unknown>>();
const historyOf = async (instanceId: string, as: { token: string }) =>
  (await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body;
const toolRequests = (path: string) => seen.filter((request) => request.url.endsWith(path)).length;

describe("tool-executions consumer", () => {
  it("runs a call once, as the agent of the run; a redelivery acks without calling again", async () => {
    const { message, instanceId, as } = await setup();
    const sent = await message();
    const before = toolRequests("/echo");
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/echo")).toBe(before + 1);
    const row = await callRow(sent.callId);
    expect(row).toMatchObject({ state: "done", attempts: 1, run_id: "run-1", error: null });
    const history = await historyOf(instanceId, as);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      id: row!.execution_id,
      status: "success",
      actorType: "agent",
      runId: "run-1",
    });

    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/echo")).toBe(before + 1);
    expect((await historyOf(instanceId, as)).meta.total).toBe(1);
  });

  it("a 503 answer (not processed) is retried with backoff, then succeeds on a later delivery", async () => {
    const { message, instanceId, as } = await setup({ toolKey: "flaky" });
    const sent = await message();
    failFlaky(1);
    expect(await deliver(sent)).toEqual({ acked: false, retry: { msgId: expect.any(String) } });
    expect(await callRow(sent.callId)).toMatchObject({ state: "retry", attempts: 1 });
    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(await callRow(sent.callId)).toMatchObject({ state: "done", attempts: 2 });
    // Both attempts are in the history: the failed one and the one that went through.
    expect((await historyOf(instanceId, as)).data.map((record: { status: string }) => record.status)).toEqual([
      "success",
      "error",
    ]);
  });

  it("a 429 answer with Retry-After (not processed) is retried, then succeeds on a later delivery", async () => {
    const { message, instanceId, as } = await setup({ toolKey: "limited" });
    const sent = await message();
    failLimited(1);
    const before = toolRequests("/limited");
    expect(await deliver(sent)).toEqual({ acked: false, retry: { msgId: expect.any(String) } });
    expect(await callRow(sent.callId)).toMatchObject({ state: "retry", attempts: 1, error: "rate limited" });
    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(await callRow(sent.callId)).toMatchObject({ state: "done", attempts: 2, error: null });
    expect(toolRequests("/limited")).toBe(before + 2);
    expect((await historyOf(instanceId, as)).data.map((record: { httpStatus: number }) => record.httpStatus)).toEqual([
      200, 429,
    ]);
  });

  it.each([
    ["error-500", 500, "done"],
    ["error-502", 502, "failed"],
    ["error-504", 504, "done"],
  ])(
    "%s: an HTTP %i answer is final (the call may have had its effect), sent exactly once",
    async (toolKey, status, state) => {
      const { message, instanceId, as } = await setup({ toolKey });
      const sent = await message();
      const before = toolRequests(`/${toolKey}`);
      expect(await deliver(sent)).toEqual({ acked: true, retry: null });
      expect(await callRow(sent.callId)).toMatchObject({ state, attempts: 1, execution_id: expect.any(String) });
      expect((await historyOf(instanceId, as)).data).toEqual([
        expect.objectContaining({ status: "error", httpStatus: status, actorType: "agent" }),
      ]);
      // Delivered again (a Queue redelivery): still not sent again.
      expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
      expect(toolRequests(`/${toolKey}`)).toBe(before + 1);
    },
  );

  it("the backoff doubles per delivery, at most 5 minutes", async () => {
    // The test harness's batch does not keep a retry's delay, so the consumer's answer is read directly.
    const { message } = await setup({ toolKey: "flaky" });
    const sent = await message();
    failFlaky(MAX_DELIVERIES);
    const delays = [];
    for (let attempts = 1; attempts < MAX_DELIVERIES; attempts++)
      delays.push(await processToolCall(createDb(env.DB), env, sent, attempts));
    expect(delays).toEqual([10, 20, 40, 80, 160].map((delaySeconds) => ({ action: "retry", delaySeconds })));
  });

  it("a call that keeps being refused is failed with its record and goes to the dead-letter queue on the last delivery", async () => {
    const { message, instanceId, as } = await setup({ toolKey: "flaky" });
    const sent = await message();
    failFlaky(1);
    const outcome = await deliver(sent, MAX_DELIVERIES);
    // Retrying past max_retries is what moves a message to the DLQ (wrangler.toml dead_letter_queue).
    expect(outcome.acked).toBe(false);
    expect(outcome.retry).not.toBeNull();
    expect(await callRow(sent.callId)).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^Gave up after 6 attempts: /),
    });
    const history = await historyOf(instanceId, as);
    expect(history.data[0]).toMatchObject({ status: "error", actorType: "agent" });
    // A later redelivery (say, from the DLQ by an operator) still never runs it again.
    const before = toolRequests("/flaky");
    expect(await deliver(sent, 1)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/flaky")).toBe(before);
  });

  it("an unreachable server after the call was sent is final: failed, recorded, never sent again", async () => {
    const { message, instanceId, as } = await setup({ toolKey: "down" });
    const sent = await message();
    const before = toolRequests("/down");
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/down")).toBe(before + 1);
    expect(await callRow(sent.callId)).toMatchObject({
      state: "failed",
      attempts: 1,
      execution_id: expect.any(String),
    });
    expect((await historyOf(instanceId, as)).data[0]).toMatchObject({ status: "error", actorType: "agent" });
    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/down")).toBe(before + 1);
  });

  it("a failure inside the API after the call (recording it) never makes the call again", async () => {
    const { message } = await setup();
    const sent = await message({ text: "record me" });
    // Recording this call's history row fails, as a D1 fault after the external call would.
    await env.DB.prepare(
      `CREATE TRIGGER fail_recording BEFORE INSERT ON connector_executions WHEN NEW.instance_id = '${sent.instanceId}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
    ).run();
    try {
      const before = toolRequests("/echo");
      expect(await deliver(sent)).toEqual({ acked: true, retry: null });
      expect(toolRequests("/echo")).toBe(before + 1);
      expect(await callRow(sent.callId)).toMatchObject({
        state: "failed",
        error: "The call was made, but its result could not be recorded; it is not repeated",
      });
      for (const attempts of [2, 3]) expect(await deliver(sent, attempts)).toEqual({ acked: true, retry: null });
      expect(toolRequests("/echo")).toBe(before + 1);
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_recording").run();
    }
  });

  it("a redelivery of a dispatched call does not call again; one left by a dead consumer is failed", async () => {
    const { message } = await setup();
    const sent = await message();
    const before = toolRequests("/echo");
    // A consumer marked the call dispatched and died before recording anything.
    await env.DB.prepare(
      "INSERT INTO connector_tool_calls (call_id, instance_id, tool_id, run_id, state, attempts, claimed_at, updated_at) VALUES (?, ?, ?, 'run-1', 'dispatched', 1, ?, ?)",
    )
      .bind(
        sent.callId,
        sent.instanceId,
        sent.toolId,
        new Date(Date.now() - 10 * 60_000).toISOString(),
        new Date().toISOString(),
      )
      .run();
    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/echo")).toBe(before);
    expect(await callRow(sent.callId)).toMatchObject({
      state: "failed",
      error: "The call was interrupted; it is not repeated",
    });
  });

  it("a call of a run carries a deadline 2 minutes minus the longest call out; a delivery after it does nothing", async () => {
    const { call } = await setup();
    const enqueuedAt = Date.now();
    const sent = await prepareToolCall(env, { ...call(), messageId: "message-1" });
    const notAfter = Date.parse(sent.notAfter!);
    expect(notAfter - enqueuedAt).toBeGreaterThanOrEqual(RUN_CALL_WAIT_MS - MAX_EXECUTION_TIMEOUT_MS - 1_000);
    expect(notAfter - enqueuedAt).toBeLessThanOrEqual(RUN_CALL_WAIT_MS - MAX_EXECUTION_TIMEOUT_MS + 1_000);
    // Delivered after the run gave up (a retry late in its backoff): failed, nothing sent.
    const late = { ...sent, notAfter: new Date(Date.now() - 1_000).toISOString() };
    const before = toolRequests("/echo");
    expect(await processToolCall(createDb(env.DB), env, late, 4)).toEqual({
      action: "ack",
      settled: {
        messageId: "message-1",
        callId: sent.callId,
        result: { success: false, output: {}, error: "The run stopped waiting for this call; it was not run" },
      },
    });
    expect(toolRequests("/echo")).toBe(before);
    expect(await callRow(sent.callId)).toMatchObject({ state: "failed" });
  });

  it("the message carries ids only; the input waits sealed in R2 and is deleted when the call settles", async () => {
    const { message } = await setup();
    const input = { text: "x".repeat(200_000) };
    const sent = await message(input);
    expect(JSON.stringify(sent).length).toBeLessThan(2_000);
    const stored = await env.BLOBS.get(`tool-calls/${sent.callId}`);
    expect(stored).not.toBeNull();
    expect(await stored!.text()).not.toContain("xxxxxxxx");
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(seen.at(-1)!.body).toEqual(input);
    expect(await env.BLOBS.get(`tool-calls/${sent.callId}`)).toBeNull();
  });

  it("a refusal that no retry can change is acked and recorded on the call, with nothing sent", async () => {
    const { message } = await setup({ toolKey: "approve-me", requiresApproval: true });
    const sent = await message();
    const before = seen.length;
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(seen.length).toBe(before);
    expect(await callRow(sent.callId)).toMatchObject({ state: "failed", error: expect.stringMatching(/approval/) });
  });

  it("approval is a grant the consumer checks: one for another input, another call or none at all executes nothing; the call's own runs", async () => {
    const { call, instanceId, toolId, as } = await setup({ requiresApproval: true });
    const grantFor = (callId: string, input: Record<string, unknown>) =>
      grantApproval(env, { callId, instanceId, toolId, input });
    const notHeld = "This call's approval does not match the call and its input; it was not run.";
    const refusals: [string, (callId: string) => Promise<string | null>][] = [
      ["a grant for another input", (callId) => grantFor(callId, { text: "something harmless" })],
      ["another call's grant for the same input", () => grantFor("run-1:another-call", { text: "hi" })],
      ["text that is no grant", async () => "not-a-grant!"],
    ];
    const before = seen.length;
    for (const [why, grant] of refusals) {
      const planned = call({ text: "hi" });
      const sent = await prepareToolCall(env, { ...planned, approval: await grant(planned.callId) });
      expect(await deliver(sent), why).toEqual({ acked: true, retry: null });
      expect(await callRow(sent.callId), why).toMatchObject({ state: "failed", error: notHeld, execution_id: null });
      // The input is gone with the refused call: nothing is left to run.
      expect(await env.BLOBS.get(`tool-calls/${sent.callId}`), why).toBeNull();
    }
    // A message that merely claims approval (the boolean messages once carried) has no grant: refused.
    const claimed = { ...(await prepareToolCall(env, call({ text: "hi" }))), approved: true };
    expect(await deliver(claimed)).toEqual({ acked: true, retry: null });
    expect(await callRow(claimed.callId)).toMatchObject({
      state: "failed",
      error: "This tool requires approval and cannot be executed directly; run it through the AI assistant.",
      execution_id: null,
    });
    expect(seen.length).toBe(before);
    expect((await historyOf(instanceId, as)).data).toEqual([]);

    // The grant of this very call and input runs it, once.
    const planned = call({ text: "hi" });
    const sent = await prepareToolCall(env, { ...planned, approval: await grantFor(planned.callId, planned.input) });
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(await callRow(sent.callId)).toMatchObject({ state: "done", error: null });
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.body).toEqual({ text: "hi" });
    expect((await historyOf(instanceId, as)).data).toHaveLength(1);
  });

  it("another user's instance is not found for the caller, and a malformed message is acked", async () => {
    const { message } = await setup();
    const stranger = await createUser();
    const sent = { ...(await message()), claims: claimsOf(stranger), workspaceId: stranger.personalWorkspaceId };
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(await callRow(sent.callId)).toMatchObject({ state: "failed", error: "Connector instance not found" });
    expect(await deliver({ callId: 42 })).toEqual({ acked: true, retry: null });
  });

  it("through the real Queue: enqueueToolCall is consumed by the Worker's consumer", async () => {
    const { call } = await setup();
    const sent = call({ text: "queued" });
    await enqueueToolCall(env, sent);
    // Local queues deliver after their batch timeout (seconds): poll with room to spare.
    const deadline = Date.now() + 20_000;
    let row = await callRow(sent.callId);
    while (row?.state !== "done" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await callRow(sent.callId);
    }
    expect(row).toMatchObject({ state: "done", attempts: 1 });
  });
});
