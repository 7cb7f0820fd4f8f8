import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { enqueueToolCall, type ToolCallMessage } from "../../src/domains/connectors";
import { MAX_DELIVERIES, processToolCall } from "../../src/domains/connectors/tool-calls";
import { createDb } from "../../src/db/client";
import worker from "../../src/index";
import { call, createUser, type TestUser } from "../helpers/api";
import { installToolServer, failFlaky, seen } from "./fakes/tool-server";
import { connected } from "./helpers";

/**
 * The tool-executions consumer (issue: connectors, point 10): the same executor as direct execution,
 * at most once per call id, transient failures retried with backoff, a call that keeps failing
 * dead-lettered with its record kept.
 */
beforeAll(() => installToolServer());

const QUEUE = "tool-executions";

/** The caller as a producer sends it: the claims of the user's own (first-party) token. */
function claimsOf(user: TestUser): ToolCallMessage["claims"] {
  const payload = decodeJwt(user.accessToken);
  return { kind: "first-party", userId: payload.sub!, jti: payload.jti!, exp: payload.exp!, sessionId: String(payload.sid) };
}

async function setup(tool?: Record<string, unknown>) {
  const user = await createUser();
  const instance = await connected(user, { tool });
  const message = (input: Record<string, unknown> = { text: "hi" }): ToolCallMessage => ({
    callId: `call-${crypto.randomUUID()}`,
    claims: claimsOf(user),
    workspaceId: user.personalWorkspaceId,
    instanceId: instance.instanceId,
    toolId: instance.toolId,
    input,
    runId: "run-1",
  });
  return { user, ...instance, message };
}

/** Delivers one message to the Worker's queue handler, as the Queue would on its `attempts`-th delivery. */
async function deliver(body: ToolCallMessage | unknown, attempts = 1) {
  const batch = createMessageBatch(QUEUE, [{ id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  const result = await getQueueResult(batch, ctx);
  const id = batch.messages[0]!.id;
  return { acked: result.explicitAcks.includes(id), retry: result.retryMessages.find((m) => m.msgId === id) ?? null };
}

const callRow = (callId: string) => env.DB.prepare("SELECT * FROM connector_tool_calls WHERE call_id = ?").bind(callId).first<Record<string, unknown>>();
const historyOf = async (instanceId: string, as: { token: string }) => (await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body;
const toolRequests = (path: string) => seen.filter((request) => request.url.endsWith(path)).length;

describe("tool-executions consumer", () => {
  it("runs a call once, as the agent of the run; a redelivery acks without calling again", async () => {
    const { message, instanceId, as } = await setup();
    const sent = message();
    const before = toolRequests("/echo");
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/echo")).toBe(before + 1);
    const row = await callRow(sent.callId);
    expect(row).toMatchObject({ state: "done", attempts: 1, run_id: "run-1", error: null });
    const history = await historyOf(instanceId, as);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ id: row!.execution_id, status: "success", actorType: "agent", runId: "run-1" });

    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/echo")).toBe(before + 1);
    expect((await historyOf(instanceId, as)).meta.total).toBe(1);
  });

  it("an unreachable provider is retried with backoff, then succeeds on a later delivery", async () => {
    const { message, instanceId, as } = await setup({ toolKey: "flaky" });
    const sent = message();
    failFlaky(1);
    expect(await deliver(sent)).toEqual({ acked: false, retry: { msgId: expect.any(String) } });
    expect(await callRow(sent.callId)).toMatchObject({ state: "retry", attempts: 1 });
    expect(await deliver(sent, 2)).toEqual({ acked: true, retry: null });
    expect(await callRow(sent.callId)).toMatchObject({ state: "done", attempts: 2 });
    // Both attempts are in the history: the failed one and the one that went through.
    expect((await historyOf(instanceId, as)).data.map((record: { status: string }) => record.status)).toEqual(["success", "error"]);
  });

  it("the backoff doubles per delivery, at most 5 minutes", async () => {
    // The test harness's batch does not keep a retry's delay, so the consumer's answer is read directly.
    const { message } = await setup({ toolKey: "down" });
    const sent = message();
    const delays = [];
    for (let attempts = 1; attempts < MAX_DELIVERIES; attempts++) delays.push(await processToolCall(createDb(env.DB), env, sent, attempts));
    expect(delays).toEqual([10, 20, 40, 80, 160].map((delaySeconds) => ({ action: "retry", delaySeconds })));
  });

  it("a call that keeps failing is failed with its record and goes to the dead-letter queue on the last delivery", async () => {
    const { message, instanceId, as } = await setup({ toolKey: "down" });
    const sent = message();
    const outcome = await deliver(sent, MAX_DELIVERIES);
    // Retrying past max_retries is what moves a message to the DLQ (wrangler.toml dead_letter_queue).
    expect(outcome.acked).toBe(false);
    expect(outcome.retry).not.toBeNull();
    expect(await callRow(sent.callId)).toMatchObject({ state: "failed", error: expect.stringMatching(/^Gave up after 6 attempts: /) });
    const history = await historyOf(instanceId, as);
    expect(history.data[0]).toMatchObject({ status: "error", actorType: "agent" });
    // A later redelivery (say, from the DLQ by an operator) still never runs it again.
    const before = toolRequests("/down");
    expect(await deliver(sent, 1)).toEqual({ acked: true, retry: null });
    expect(toolRequests("/down")).toBe(before);
  });

  it("a refusal that no retry can change is acked and recorded on the call, with nothing sent", async () => {
    const { message } = await setup({ toolKey: "approve-me", requiresApproval: true });
    const sent = message();
    const before = seen.length;
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(seen.length).toBe(before);
    expect(await callRow(sent.callId)).toMatchObject({ state: "failed", error: expect.stringMatching(/approval/) });
  });

  it("another user's instance is not found for the caller, and a malformed message is acked", async () => {
    const { message } = await setup();
    const stranger = await createUser();
    const sent = { ...message(), claims: claimsOf(stranger), workspaceId: stranger.personalWorkspaceId };
    expect(await deliver(sent)).toEqual({ acked: true, retry: null });
    expect(await callRow(sent.callId)).toMatchObject({ state: "failed", error: "Connector instance not found" });
    expect(await deliver({ callId: 42 })).toEqual({ acked: true, retry: null });
  });

  it("through the real Queue: enqueueToolCall is consumed by the Worker's consumer", async () => {
    const { message } = await setup();
    const sent = message({ text: "queued" });
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
