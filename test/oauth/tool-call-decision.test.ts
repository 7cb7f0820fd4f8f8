import { env } from "cloudflare:test";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { decideOnToolCall } from "../../src/domains/ai/messages";
import { loadCaller } from "../../src/domains/identity";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { call, createUser, expectError, type TestUser } from "../helpers/api";
import { registerClient } from "../helpers/oauth";
import { signTestToken } from "../helpers/tokens";
import { installToolServer, seen } from "../connectors/fakes/tool-server";
import { connected } from "../connectors/helpers";
import { frameReader, history, newSession, openStream, sent } from "../ai/helpers";

/**
 * The decision on a tool call that needs approval is the human check on an agent (CONTRACT
 * "Connector tools for agents"): the session's owner takes it with a first-party token; an OAuth
 * client never does, whatever its scopes, and its attempt changes nothing.
 */
beforeAll(() => installToolServer());

/** The same user acting through a third-party client: every scope, `execution:run` included. */
async function asClient(user: TestUser, clientId: string): Promise<TestUser> {
  const token = await signTestToken(
    { sub: user.id, client_id: clientId, scope: "email:read profile:read execution:run wallet:read" },
    { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
  );
  return { ...user, accessToken: token };
}

const decide = (user: TestUser, sessionId: string, messageId: string, approve: boolean) =>
  call("POST", `/ai/sessions/${sessionId}/messages/${messageId}/tool-calls/demo-call-1/decision`, {
    token: user.accessToken,
    ip: user.ip,
    body: { approve },
  });

/** Sends a message whose demo reply calls the approval-needing tool, and waits for the pending card. */
async function pendingCall(user: TestUser, sessionId: string, key: string) {
  const result = await sent(user, sessionId, { content: `/tool ${key}.echo {"text":"needs a human"}`, model: "demo" });
  const messageId = result.assistantMessage.id;
  const reader = frameReader(await openStream(user, sessionId, messageId));
  for (let frame = await reader.nextEvent(); frame; frame = await reader.nextEvent()) {
    if (frame.event === "tool.started") {
      expect(frame.data!.payload).toMatchObject({ callId: "demo-call-1", status: "pending" });
      return { messageId, reader };
    }
  }
  throw new Error("the stream ended before the call was pending");
}

/** The call as the message's history records it (written beside the stream: look until it shows). */
async function recordedCall(owner: TestUser, sessionId: string, messageId: string, status: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = (await history(owner, sessionId, "?limit=100")).data.find((m) => m.id === messageId);
    const recorded = message?.toolCalls?.[0];
    if (recorded?.status === status || Date.now() > deadline) return recorded;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectRefused(client: TestUser, sessionId: string, messageId: string) {
  for (const approve of [true, false]) {
    const refused = await decide(client, sessionId, messageId, approve);
    expectError(refused, 403, "forbidden");
    expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope"');
  }
}

describe("tool-call decisions: first-party only", () => {
  it("an OAuth client with execution:run cannot approve a call in its own session; the call stays pending and the owner still decides", async () => {
    const user = await createUser();
    const client = await registerClient();
    const { key, instanceId, as } = await connected(user, { tool: { requiresApproval: true } });
    const consent = await call("PUT", `/connectors/instances/${instanceId}/consents/${client.clientId}`, {
      ...as,
      body: { toolKeys: ["echo"], workspaceId: user.personalWorkspaceId, audience: "owner" },
    });
    expect(consent.status).toBe(200);
    const agent = await asClient(user, client.clientId);
    const session = await newSession(agent);
    const before = seen.length;
    const { messageId, reader } = await pendingCall(agent, session.id, key);

    await expectRefused(agent, session.id, messageId);
    expect(await recordedCall(user, session.id, messageId, "pending")).toMatchObject({
      id: "demo-call-1",
      status: "pending",
    });
    expect(seen.length).toBe(before);

    // The owner, first-party, decides as before.
    const approved = await decide(user, session.id, messageId, true);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ id: "demo-call-1", status: "executing" });
    await reader.stop();
    expect(await recordedCall(user, session.id, messageId, "completed")).toMatchObject({ status: "completed" });
    expect(seen.length).toBe(before + 1);
  });

  it("an OAuth client cannot decide on a call pending in the user's first-party session either", async () => {
    const user = await createUser();
    const client = await registerClient();
    const { key } = await connected(user, { tool: { requiresApproval: true } });
    const session = await newSession(user);
    const before = seen.length;
    const { messageId, reader } = await pendingCall(user, session.id, key);

    await expectRefused(await asClient(user, client.clientId), session.id, messageId);
    expect(await recordedCall(user, session.id, messageId, "pending")).toMatchObject({
      id: "demo-call-1",
      status: "pending",
    });

    const rejected = await decide(user, session.id, messageId, false);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ id: "demo-call-1", status: "rejected" });
    await reader.stop();
    expect(seen.length).toBe(before);
  });

  it("the decision verb applies the approval policy itself: an OAuth caller that reaches it past the route is forbidden, and the call stays pending", async () => {
    const user = await createUser();
    const client = await registerClient();
    const { key } = await connected(user, { tool: { requiresApproval: true } });
    const session = await newSession(user);
    const before = seen.length;
    const { messageId, reader } = await pendingCall(user, session.id, key);

    // The same user through a third-party client, loaded as the route's middleware would load it.
    const token = decodeJwt((await asClient(user, client.clientId)).accessToken);
    const db = createDb(env.DB);
    const claims = {
      kind: "oauth" as const,
      userId: user.id,
      jti: token.jti!,
      exp: token.exp!,
      clientId: client.clientId,
      scopes: ["execution:run"],
    };
    const ctx = {
      db,
      env,
      auth: await loadCaller(db, claims, user.personalWorkspaceId),
      now: new Date().toISOString(),
    };
    await expect(decideOnToolCall(ctx, session.id, messageId, "demo-call-1", true)).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
      message: "Only the session's owner decides, with a first-party token",
    });
    expect(await recordedCall(user, session.id, messageId, "pending")).toMatchObject({ status: "pending" });

    const rejected = await decide(user, session.id, messageId, false);
    expect(rejected.body.data).toMatchObject({ id: "demo-call-1", status: "rejected" });
    await reader.stop();
    expect(seen.length).toBe(before);
  });
});
