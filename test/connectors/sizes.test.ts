import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { readExecution } from "../../src/domains/connectors/execution/executions";
import { purgeDeletedPayloads } from "../../src/domains/connectors/secrets/payloads";
import { seal } from "../../src/domains/connectors/secrets/sealing";
import { prepareToolCall, RUN_OUTPUT_MAX_BYTES } from "../../src/domains/connectors/execution/tool-calls";
import worker from "../../src/index";
import { MAX_BODY_BYTES } from "../../src/limits";
import { events, newSession, readStream, sent } from "../ai/helpers";
import { call, createUser, expectError, type TestUser } from "../helpers/api";
import { installFakeHost, json } from "./fakes/fake-host";

/**
 * CONTRACT "Sizes" and "Retries" (hardening issue, point 1): inputs up to the 1 MiB body limit and
 * outputs up to 5 MiB are recorded whole (sealed in R2, read back by the history's record), through
 * direct execution and through the queue, and the tool server receives each call exactly once.
 * Point 12: provider text quoting a stored secret is redacted before it is returned or recorded.
 */
const HOST = "https://sizes.fake-connector.test";
const SECRET = "sk-sizes-secret-token-0123456789";
const KiB = 1024;
const MiB = 1024 * KiB;

/** Requests the fake received, by the `id` each call's input carries. */
const received = new Map<string, number>();

beforeAll(() =>
  installFakeHost(HOST, async (request) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, any>) : {};
    if (typeof body.id === "string") received.set(body.id, (received.get(body.id) ?? 0) + 1);
    const auth = request.headers.get("Authorization") ?? "";
    switch (new URL(request.url).pathname) {
      case "/":
        return json({ ok: true });
      case "/echo":
        // The input's size as the server saw it; the whole input is read back from the record.
        return json({ bytes: text.length });
      case "/sized": {
        // An answer of exactly `bytes` bytes of JSON: {"data":"xxx..."}.
        const bytes = Number(body.bytes);
        return new Response(`{"data":"${"x".repeat(bytes - '{"data":""}'.length)}"}`, {
          headers: { "Content-Type": "application/json" },
        });
      }
      case "/leak":
        // A server that quotes the request's credentials in its error (as a hostile MCP server may).
        return json(
          { error: `invalid credentials: Authorization: ${auth} (token ${auth.replace(/^(Bearer|Basic) /, "")})` },
          401,
        );
      default:
        return json({ error: "no such tool" }, 404);
    }
  }),
);

const anyObject = { type: "object" };

/** A custom definition at the fake, an instance with credentials, and its tools. */
async function connectedAt(
  user: TestUser,
  credentials: { credType: string; credentials: Record<string, string> } = {
    credType: "bearer_token",
    credentials: { token: SECRET },
  },
) {
  const as = { token: user.accessToken };
  const key = `sizes-${crypto.randomUUID().slice(0, 8)}`;
  const authType = credentials.credType;
  expect(
    (await call("POST", "/connectors/definitions", { ...as, body: { key, displayName: "Sizes", authType } })).status,
  ).toBe(201);
  const instance = await call("POST", "/connectors/instances", {
    ...as,
    body: { connectorKey: key, displayName: "Sizes", config: { baseUrl: HOST } },
  });
  expect(instance.status, JSON.stringify(instance.body)).toBe(201);
  const instanceId = instance.body.data.id as string;
  expect(
    (await call("POST", `/connectors/instances/${instanceId}/credentials`, { ...as, body: credentials })).status,
  ).toBe(200);
  const tools: Record<string, string> = {};
  for (const toolKey of ["echo", "sized", "leak"]) {
    const tool = await call("POST", `/connectors/instances/${instanceId}/tools`, {
      ...as,
      body: { toolKey, displayName: toolKey, inputSchema: anyObject, outputSchema: anyObject },
    });
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    tools[toolKey] = tool.body.data.id;
  }
  return { key, instanceId, tools, as };
}

const execute = (instanceId: string, toolId: string, as: { token: string }, input: Record<string, unknown>) =>
  call("POST", `/connectors/instances/${instanceId}/tools/${toolId}/execute`, { ...as, body: { input } });

/** An input whose JSON is exactly `bytes` long, with an id the fake counts calls by. */
function inputOf(bytes: number) {
  const id = crypto.randomUUID();
  const empty = JSON.stringify({ id, text: "" }).length;
  return { id, text: "y".repeat(bytes - empty) };
}

const record = (instanceId: string, executionId: string) =>
  readExecution(createDb(env.DB), env, instanceId, executionId);

/** Delivers a prepared message to the Worker's queue consumer, as the Queue would. */
async function deliver(body: unknown) {
  const batch = createMessageBatch("tool-executions", [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body },
  ]);
  await worker.queue(batch, env);
  const result = await getQueueResult(batch, createExecutionContext());
  return result.explicitAcks.includes(batch.messages[0]!.id);
}

function claimsOf(user: TestUser) {
  const payload = decodeJwt(user.accessToken);
  return {
    kind: "first-party" as const,
    userId: payload.sub!,
    jti: payload.jti!,
    exp: payload.exp!,
    sessionId: String(payload.sid),
  };
}

async function queued(user: TestUser, instanceId: string, toolId: string, input: Record<string, unknown>) {
  const callId = `call-${crypto.randomUUID()}`;
  const message = await prepareToolCall(env, {
    callId,
    claims: claimsOf(user),
    workspaceId: user.personalWorkspaceId,
    instanceId,
    toolId,
    input,
    runId: "run-sizes",
  });
  // A queue message holds 128 KB: the input stays out of it.
  expect(JSON.stringify(message).length).toBeLessThan(4 * KiB);
  expect(await deliver(message)).toBe(true);
  const row = await env.DB.prepare("SELECT state, execution_id FROM connector_tool_calls WHERE call_id = ?")
    .bind(callId)
    .first<{ state: string; execution_id: string }>();
  expect(row?.state).toBe("done");
  return row!.execution_id;
}

/** The largest input the body limit lets through: `{"input":<input>}` is exactly 1 MiB. */
const MAX_INPUT = MAX_BODY_BYTES - '{"input":}'.length;
const INPUT_SIZES = [KiB, 100 * KiB, 512 * KiB, MAX_INPUT];
const OUTPUT_SIZES = [KiB, 130 * KiB, MiB, 5 * MiB];

describe("sizes: recorded whole, read back whole, called once", () => {
  it("direct execution: inputs of 1 KB to 1 MiB", async () => {
    const user = await createUser();
    const { instanceId, tools, as } = await connectedAt(user);
    for (const bytes of INPUT_SIZES) {
      const input = inputOf(bytes);
      const result = await execute(instanceId, tools.echo!, as, input);
      expect(result.status, `input of ${bytes} bytes`).toBe(200);
      expect(result.body.data).toMatchObject({ success: true, output: { bytes } });
      const stored = await record(instanceId, await latestExecution(instanceId));
      expect(stored).toMatchObject({ status: "success", actorType: "user", httpStatus: 200 });
      expect(stored!.input).toEqual(input);
      expect(stored!.output).toEqual({ bytes });
      expect(received.get(input.id)).toBe(1);
    }
  });

  it("direct execution: outputs of 1 KB to 5 MiB; one byte more is 502 answer too large, recorded without output", async () => {
    const user = await createUser();
    const { instanceId, tools, as } = await connectedAt(user);
    for (const bytes of OUTPUT_SIZES) {
      const input = { id: crypto.randomUUID(), bytes };
      const result = await execute(instanceId, tools.sized!, as, input);
      expect(result.status, `output of ${bytes} bytes`).toBe(200);
      expect(JSON.stringify(result.body.data.output).length).toBe(bytes);
      const stored = await record(instanceId, await latestExecution(instanceId));
      expect(stored!.input).toEqual(input);
      expect(JSON.stringify(stored!.output)).toBe(JSON.stringify(result.body.data.output));
      expect(received.get(input.id)).toBe(1);
    }
    const input = { id: crypto.randomUUID(), bytes: 5 * MiB + 1 };
    const tooLarge = await execute(instanceId, tools.sized!, as, input);
    expectError(tooLarge, 502, "CONNECTION_FAILED");
    expect(tooLarge.body.error.message).toMatch(/answer is too large/);
    const stored = await record(instanceId, await latestExecution(instanceId));
    expect(stored).toMatchObject({
      status: "error",
      errorMessage: expect.stringMatching(/answer is too large/),
      input,
      output: null,
    });
    expect(received.get(input.id)).toBe(1);
  });

  it("queued calls: inputs of 1 KB to 1 MiB and outputs of 1 KB to 5 MiB", async () => {
    const user = await createUser();
    const { instanceId, tools } = await connectedAt(user);
    for (const bytes of INPUT_SIZES) {
      const input = inputOf(bytes);
      const stored = await record(instanceId, await queued(user, instanceId, tools.echo!, input));
      expect(stored).toMatchObject({ status: "success", actorType: "agent", runId: "run-sizes", output: { bytes } });
      expect(stored!.input).toEqual(input);
      expect(received.get(input.id)).toBe(1);
    }
    for (const bytes of OUTPUT_SIZES) {
      const input = { id: crypto.randomUUID(), bytes };
      const stored = await record(instanceId, await queued(user, instanceId, tools.sized!, input));
      expect(stored!.input).toEqual(input);
      expect(JSON.stringify(stored!.output).length).toBe(bytes);
      expect(received.get(input.id)).toBe(1);
    }
  });

  it("an AI run: the output in the run's events and history is cut at 64 KiB with truncated, the record keeps it whole", async () => {
    const user = await createUser();
    const { key, instanceId } = await connectedAt(user);
    const session = await newSession(user);
    const id = crypto.randomUUID();
    const result = await sent(user, session.id, {
      content: `Fetch it.\n/tool ${key}.sized {"id":"${id}","bytes":${MiB}}`,
      model: "demo",
    });
    const frames = await readStream(user, session.id, result.assistantMessage.id);
    const completed = events(frames).find((frame) => frame.event === "tool.completed")!.data!.payload;
    expect(completed.status).toBe("completed");
    expect(completed.output).toMatchObject({ truncated: true, bytes: MiB });
    expect(new TextEncoder().encode(completed.output.text).byteLength).toBe(RUN_OUTPUT_MAX_BYTES);
    expect(received.get(id)).toBe(1);
    const stored = await record(instanceId, await latestExecution(instanceId));
    expect(JSON.stringify(stored!.output).length).toBe(MiB);
  });

  it("a record written before payloads moved to R2 (sealed columns in D1) still opens", async () => {
    const user = await createUser();
    const { instanceId, tools } = await connectedAt(user);
    const id = crypto.randomUUID();
    const part = async (name: string, value: unknown) =>
      (await seal(env.CREDENTIALS_KEY, ["execution", id, name], JSON.stringify(value))).sealed;
    await env.DB.prepare(
      "INSERT INTO connector_executions (id, instance_id, tool_id, tool_key, status, actor_id, actor_type, duration_ms, input_sealed, output_sealed, created_at) VALUES (?, ?, ?, 'echo', 'success', ?, 'user', 5, ?, ?, ?)",
    )
      .bind(
        id,
        instanceId,
        tools.echo!,
        user.id,
        await part("input", { text: "old" }),
        await part("output", { bytes: 3 }),
        new Date().toISOString(),
      )
      .run();
    expect(await record(instanceId, id)).toMatchObject({
      id,
      status: "success",
      input: { text: "old" },
      output: { bytes: 3 },
    });
  });

  it("deleting the instance deletes its payloads from R2", async () => {
    const user = await createUser();
    const { instanceId, tools, as } = await connectedAt(user);
    expect((await execute(instanceId, tools.echo!, as, inputOf(KiB))).status).toBe(200);
    const key = `executions/${await latestExecution(instanceId)}`;
    expect(await env.BLOBS.head(key)).not.toBeNull();
    expect((await call("DELETE", `/connectors/instances/${instanceId}`, as)).status).toBe(200);
    await purgeDeletedPayloads(createDb(env.DB), env);
    expect(await env.BLOBS.head(key)).toBeNull();
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM connector_blob_deletions WHERE key = ?").bind(key).first("n"),
    ).toBe(0);
  });
});

async function latestExecution(instanceId: string) {
  return (await env.DB.prepare(
    "SELECT id FROM connector_executions WHERE instance_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(instanceId)
    .first<string>("id"))!;
}

describe("secrets quoted by a provider are redacted (hardening point 12)", () => {
  it("a bearer token echoed in an error: not in `error`, not in the history's errorMessage", async () => {
    const user = await createUser();
    const { instanceId, tools, as } = await connectedAt(user);
    const result = await execute(instanceId, tools.leak!, as, { id: crypto.randomUUID() });
    expect(result.body.data).toMatchObject({ success: false, httpStatus: 401 });
    expect(result.body.data.error).toBe("invalid credentials: Authorization: Bearer [redacted] (token [redacted])");
    const history = await call("GET", `/connectors/instances/${instanceId}/executions`, as);
    expect(history.body.data[0].errorMessage).toBe(result.body.data.error);
    expect(JSON.stringify([result.body, history.body])).not.toContain(SECRET);
  });

  it("Basic credentials echoed (base64 of user:password) are redacted", async () => {
    const user = await createUser();
    const password = "correct-horse-battery";
    const { instanceId, tools, as } = await connectedAt(user, {
      credType: "basic_auth",
      credentials: { username: "svc-user", password },
    });
    const basic = btoa(`svc-user:${password}`);
    const result = await execute(instanceId, tools.leak!, as, { id: crypto.randomUUID() });
    expect(result.body.data.error).toBe("invalid credentials: Authorization: Basic [redacted] (token [redacted])");
    const history = await call("GET", `/connectors/instances/${instanceId}/executions`, as);
    expect(JSON.stringify([result.body, history.body])).not.toContain(basic);
    expect(JSON.stringify([result.body, history.body])).not.toContain(password);
  });
});
