import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { isOwnBrowserOrigin } from "../../src/lib/origin";
import { createDb } from "../../src/db/client";
import { oauthClients } from "../../src/db/schema/oauth";
import { METADATA_DOCUMENT_PARTNER_KEY } from "../../src/domains/oauth/client-metadata";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { call, createUser, expectError, expectFieldError, ORIGIN, type TestUser } from "../helpers/api";
import { registerClient } from "../helpers/oauth";
import { awaitRoomInWindow } from "../helpers/rate-window";
import { decodePayload, signTestToken } from "../helpers/tokens";
import { installToolServer, seen } from "./fakes/tool-server";
import { businessTeam, connected } from "./helpers";
import { CAPABILITY_TOOLS } from "../helpers/mcp-tools";

/**
 * The MCP gateway (`POST /api/v1/mcp`), the protected-resource document, and automation consent
 * for personal instances (CONTRACT "Connector tools for agents", spec authentication rule 8).
 */
beforeAll(() => installToolServer());

const METADATA = `${ORIGIN}/.well-known/oauth-protected-resource`;
const PROTOCOL = "2025-11-25";

/** An OAuth access token for `clientId` acting for `user`, as the token endpoint signs them. */
const oauthToken = (user: TestUser, clientId: string, scope = "execution:run") =>
  signTestToken({ sub: user.id, client_id: clientId, scope }, { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } });

let nextId = 1;
async function rpc(
  token: string,
  method: string,
  params?: unknown,
  options: { headers?: Record<string, string>; workspaceId?: string; ip?: string } = {},
) {
  const body = { jsonrpc: "2.0", id: nextId++, method, ...(params === undefined ? {} : { params }) };
  return call("POST", "/mcp", {
    token,
    body,
    workspaceId: options.workspaceId,
    ip: options.ip,
    headers: { "MCP-Protocol-Version": PROTOCOL, ...options.headers },
  });
}

/** The capability tools a first-party token also sees (test/ai/mcp-capabilities.test.ts covers them). */
const connectorTools = (tools: { name: string }[]) => tools.filter((tool) => !CAPABILITY_TOOLS.includes(tool.name));

const toolNames = async (token: string, workspaceId?: string) =>
  connectorTools((await rpc(token, "tools/list", undefined, { workspaceId })).body.result.tools).map(
    (tool) => tool.name,
  );

describe("MCP gateway: protocol", () => {
  it("initialize, ping, tools/list (direct tools only) and tools/call, recorded as the agent", async () => {
    const user = await createUser();
    const { key, instanceId, as } = await connected(user);
    await call("POST", `/connectors/instances/${instanceId}/tools`, {
      ...as,
      body: {
        toolKey: "needs-ok",
        displayName: "Send",
        inputSchema: { type: "object" },
        outputSchema: { type: "object" },
        requiresApproval: true,
      },
    });

    const init = await rpc(user.accessToken, "initialize", {
      protocolVersion: PROTOCOL,
      capabilities: {},
      clientInfo: { name: "test", version: "1" },
    });
    expect(init.status).toBe(200);
    expect(init.body).toMatchObject({
      jsonrpc: "2.0",
      id: expect.any(Number),
      result: { protocolVersion: PROTOCOL, capabilities: { tools: {} }, serverInfo: { name: expect.any(String) } },
    });
    const older = await rpc(user.accessToken, "initialize", {
      protocolVersion: "2024-11-05",
      capabilities: {},
      clientInfo: { name: "old", version: "1" },
    });
    expect(older.body.result.protocolVersion).toBe(PROTOCOL);
    expect((await rpc(user.accessToken, "ping")).body).toMatchObject({ result: {} });

    const list = await rpc(user.accessToken, "tools/list");
    expect(connectorTools(list.body.result.tools)).toEqual([
      {
        name: `${key}.echo`,
        title: `${key}.echo`,
        description: "Echo",
        inputSchema: expect.objectContaining({ type: "object" }),
        outputSchema: { type: "object" },
      },
    ]);

    const before = seen.length;
    const called = await rpc(user.accessToken, "tools/call", { name: `${key}.echo`, arguments: { text: "via mcp" } });
    expect(called.body.result).toMatchObject({
      isError: false,
      structuredContent: { echoed: { text: "via mcp" } },
      content: [{ type: "text", text: expect.stringContaining("via mcp") }],
    });
    expect(seen.length).toBe(before + 1);
    const history = (await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body.data;
    expect(history[0]).toMatchObject({ actorType: "agent", actorId: user.id, status: "success" });

    // Input that does not match the schema is a tool error the model can read, and nothing is sent.
    const bad = await rpc(user.accessToken, "tools/call", { name: `${key}.echo`, arguments: {} });
    expect(bad.body.result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: expect.stringContaining("inputSchema") }],
    });
    expect(seen.length).toBe(before + 1);
  });

  it("JSON-RPC errors: parse error, batch, invalid request, unknown method, invalid params, unknown tool", async () => {
    const user = await createUser();
    const post = (body: string) =>
      call("POST", "/mcp", { token: user.accessToken, body, headers: { "MCP-Protocol-Version": PROTOCOL } });
    const parse = await post("{not json");
    expect(parse.status).toBe(400);
    expect(parse.body).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.any(String) } });
    const batch = await post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", id: 2, method: "ping" },
      ]),
    );
    expect(batch.status).toBe(400);
    expect(batch.body.error).toMatchObject({ code: -32600, message: expect.stringMatching(/Batch/) });
    for (const invalid of [
      { id: 1, method: "ping" },
      { jsonrpc: "2.0", id: 1, method: 7 },
      { jsonrpc: "2.0", id: { x: 1 }, method: "ping" },
    ]) {
      const res = await post(JSON.stringify(invalid));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(-32600);
    }
    expect((await rpc(user.accessToken, "resources/list")).body).toMatchObject({ error: { code: -32601 } });
    expect((await rpc(user.accessToken, "tools/call", { arguments: {} })).body).toMatchObject({
      error: { code: -32602 },
    });
    expect((await rpc(user.accessToken, "tools/call", { name: "nope.nothing" })).body).toMatchObject({
      error: { code: -32602, message: "Unknown tool: nope.nothing" },
    });
    expect((await rpc(user.accessToken, "tools/list", { cursor: "abc" })).body).toMatchObject({
      error: { code: -32602 },
    });
    expect((await rpc(user.accessToken, "ping", [1, 2])).body).toMatchObject({ error: { code: -32602 } });
    // Notifications and client responses are accepted without an answer.
    const notification = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(notification.status).toBe(202);
    expect(notification.body).toBeNull();
  });

  it("MCP-Protocol-Version must be one the gateway speaks; a foreign Origin is 403; GET and DELETE are 405", async () => {
    const user = await createUser();
    const wrong = await rpc(user.accessToken, "ping", undefined, { headers: { "MCP-Protocol-Version": "1999-01-01" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: -32600, message: expect.stringContaining("1999-01-01") });
    expect(
      (await rpc(user.accessToken, "ping", undefined, { headers: { "MCP-Protocol-Version": "2025-06-18" } })).status,
    ).toBe(200);
    const noHeader = await call("POST", "/mcp", {
      token: user.accessToken,
      body: { jsonrpc: "2.0", id: 1, method: "ping" },
    });
    expect(noHeader.status).toBe(200);

    const rebinding = await rpc(user.accessToken, "ping", undefined, { headers: { Origin: "https://evil.example" } });
    expect(rebinding.status).toBe(403);
    expect(rebinding.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect((await rpc(user.accessToken, "ping", undefined, { headers: { Origin: ORIGIN } })).status).toBe(200);

    for (const method of ["GET", "DELETE"]) {
      const res = await call(method, "/mcp", { token: user.accessToken });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST");
    }
  });

  it("401 names the protected-resource document, which names this server as the authorization server", async () => {
    const res = await call("POST", "/mcp", { body: { jsonrpc: "2.0", id: 1, method: "ping" } });
    expectError(res, 401, "unauthorized");
    expect(res.headers.get("WWW-Authenticate")).toBe(`Bearer resource_metadata="${METADATA}"`);
    const expired = await call("POST", "/mcp", { token: "not-a-jwt", body: { jsonrpc: "2.0", id: 1, method: "ping" } });
    expect(expired.headers.get("WWW-Authenticate")).toBe(
      `Bearer error="invalid_token", resource_metadata="${METADATA}"`,
    );

    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/api/v1/mcp"]) {
      const document = await call("GET", path);
      expect(document.status).toBe(200);
      expect(document.body).toEqual({
        resource: `${ORIGIN}/api/v1/mcp`,
        authorization_servers: [ORIGIN],
        scopes_supported: ["execution:run", "ai:capabilities"],
        bearer_methods_supported: ["header"],
        resource_name: expect.any(String),
      });
      expect(document.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(document.headers.get("Access-Control-Allow-Origin")).toBe("*");
    }
    const discovery = await call("GET", "/.well-known/oauth-authorization-server");
    expect(discovery.body.issuer).toBe(ORIGIN);
  });

  it("an OAuth token without execution:run or ai:capabilities is refused with an insufficient_scope challenge", async () => {
    const user = await createUser();
    const client = await registerClient();
    const token = await oauthToken(user, client.clientId, "email:read");
    const res = await rpc(token, "ping");
    expectError(res, 403, "forbidden");
    expect(res.headers.get("WWW-Authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="execution:run ai:capabilities", resource_metadata="${METADATA}"`,
    );
    expect((await rpc(await oauthToken(user, client.clientId), "ping")).status).toBe(200);
  });

  it("RFC 8707 audiences: a token for the gateway or for no resource passes; one for the API base or another server is 401 invalid_token", async () => {
    const user = await createUser();
    const client = await registerClient();
    const forAudience = (audience: string) =>
      signTestToken(
        { sub: user.id, client_id: client.clientId, scope: "execution:run" },
        { audience, header: { typ: "at+jwt" } },
      );
    expect((await rpc(await forAudience(`${ORIGIN}/api/v1/mcp`), "ping")).status).toBe(200);
    expect((await rpc(await forAudience(OAUTH_AUDIENCE), "ping")).status).toBe(200);
    for (const audience of [`${ORIGIN}/api/v1`, "https://other.example/api/v1/mcp"]) {
      const refused = await rpc(await forAudience(audience), "ping");
      expectError(refused, 401, "unauthorized");
      expect(refused.headers.get("WWW-Authenticate"), audience).toBe(
        `Bearer error="invalid_token", resource_metadata="${METADATA}"`,
      );
    }
    // And the API the other way round: the gateway's token is not the API's.
    expectError(
      await call("GET", "/ai/sessions", { token: await forAudience(`${ORIGIN}/api/v1/mcp`) }),
      401,
      "unauthorized",
    );
    expect((await call("GET", "/ai/sessions", { token: await forAudience(`${ORIGIN}/api/v1`) })).status).toBe(200);
  });

  it("allows 60 requests a minute per user", async () => {
    const user = await createUser();
    await awaitRoomInWindow(60);
    const answers = await Promise.all(Array.from({ length: 61 }, () => rpc(user.accessToken, "ping")));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(60);
    expectError(answers.find((res) => res.status === 429)!, 429, "RATE_LIMIT_EXCEEDED");
  });

  it("several instances of one connector get names that tell them apart", async () => {
    const user = await createUser();
    const first = await connected(user);
    const instance = await call("POST", "/connectors/instances", {
      ...first.as,
      body: {
        connectorKey: first.key,
        displayName: "Second",
        config: { baseUrl: "https://tools.fake-connector.test" },
      },
    });
    const id = instance.body.data.id;
    await call("POST", `/connectors/instances/${id}/credentials`, {
      ...first.as,
      body: { credType: "bearer_token", credentials: { token: "t" } },
    });
    await call("POST", `/connectors/instances/${id}/tools`, {
      ...first.as,
      body: { toolKey: "echo", displayName: "Echo", inputSchema: { type: "object" }, outputSchema: { type: "object" } },
    });
    const names = await toolNames(user.accessToken);
    expect(names.sort()).toEqual(
      [`${first.key}.echo.${first.instanceId.slice(0, 8)}`, `${first.key}.echo.${id.slice(0, 8)}`].sort(),
    );
  });
});

describe("automation consent", () => {
  it("a client sees a personal instance only with consent, only the consented tools, only in that workspace; revoking stops the next call", async () => {
    const user = await createUser();
    const client = await registerClient();
    const { key, instanceId, as } = await connected(user);
    await call("POST", `/connectors/instances/${instanceId}/tools`, {
      ...as,
      body: {
        toolKey: "other",
        displayName: "Other",
        inputSchema: { type: "object" },
        outputSchema: { type: "object" },
      },
    });
    const token = await oauthToken(user, client.clientId);
    expect(await toolNames(token)).toEqual([]);
    expect((await rpc(token, "tools/call", { name: `${key}.echo`, arguments: { text: "x" } })).body.error.code).toBe(
      -32602,
    );

    const consent = await call("PUT", `/connectors/instances/${instanceId}/consents/${client.clientId}`, {
      ...as,
      body: { toolKeys: ["echo"], workspaceId: user.personalWorkspaceId, audience: "owner" },
    });
    expect(consent.status).toBe(200);
    expect(consent.body.data).toMatchObject({
      clientId: client.clientId,
      clientName: "Acme Planner",
      toolKeys: ["echo"],
      workspaceId: user.personalWorkspaceId,
      audience: "owner",
    });
    expect((await call("GET", `/connectors/instances/${instanceId}/consents`, as)).body.data).toHaveLength(1);

    expect(await toolNames(token)).toEqual([`${key}.echo`]);
    const called = await rpc(token, "tools/call", { name: `${key}.echo`, arguments: { text: "consented" } });
    expect(called.body.result.isError).toBe(false);
    const history = (await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body.data;
    expect(history[0]).toMatchObject({ actorType: "agent", actorId: client.clientId });
    // Another client of the same user sees nothing.
    const otherClient = await registerClient();
    expect(await toolNames(await oauthToken(user, otherClient.clientId))).toEqual([]);

    const revoked = await call("DELETE", `/connectors/instances/${instanceId}/consents/${client.clientId}`, as);
    expect(revoked.body.data).toEqual({ clientId: client.clientId, revoked: true });
    expect(await toolNames(token)).toEqual([]);
    expect(
      (await rpc(token, "tools/call", { name: `${key}.echo`, arguments: { text: "after" } })).body.error.code,
    ).toBe(-32602);
    // Calls already made stay in the history.
    expect((await call("GET", `/connectors/instances/${instanceId}/executions`, as)).body.meta.total).toBe(1);
    expectError(
      await call("DELETE", `/connectors/instances/${instanceId}/consents/${client.clientId}`, as),
      404,
      "NOT_FOUND",
    );
  });

  it("the consent's destination workspace is the only one the client sees the instance in", async () => {
    const { owner, teamId } = await businessTeam();
    const client = await registerClient();
    const { key, instanceId, as } = await connected(owner);
    await call("PUT", `/connectors/instances/${instanceId}/consents/${client.clientId}`, {
      ...as,
      body: { toolKeys: ["echo"], workspaceId: teamId, audience: "workspace" },
    });
    const token = await oauthToken(owner, client.clientId);
    // The consent names the team workspace: the client may use the connection acting there only.
    expect(await toolNames(token)).toEqual([]);
    expect(await toolNames(token, teamId)).toEqual([`${key}.echo`]);
    await call("PUT", `/connectors/instances/${instanceId}/consents/${client.clientId}`, {
      ...as,
      body: { toolKeys: ["echo"], workspaceId: owner.personalWorkspaceId, audience: "owner" },
    });
    expect(await toolNames(token)).toEqual([`${key}.echo`]);
    expect(await toolNames(token, teamId)).toEqual([]);
  });

  it("personal output stays the owner's: a consent for a team workspace (audience workspace) shows the calls' output to no one else", async () => {
    // Where the output of a call under a consent goes (docs/connectors.md, "Who sees the output"):
    // the client acting for the owner, the owner's own AI session, and the personal instance's
    // history. None of them is readable by another member or an admin of the workspace. (The
    // instance's owner is the workspace's owner here: a custom definition is usable in its own
    // account's workspaces only.)
    const { owner, admin, member, teamId } = await businessTeam();
    const client = await registerClient();
    const { key, instanceId, as } = await connected(owner);
    const consent = await call("PUT", `/connectors/instances/${instanceId}/consents/${client.clientId}`, {
      ...as,
      body: { toolKeys: ["echo"], workspaceId: teamId, audience: "workspace" },
    });
    expect(consent.status).toBe(200);
    const agent = await oauthToken(owner, client.clientId);

    // Through the gateway, acting in the team workspace.
    const called = await rpc(
      agent,
      "tools/call",
      { name: `${key}.echo`, arguments: { text: "owner's secret plan" } },
      { workspaceId: teamId },
    );
    expect(called.body.result, JSON.stringify(called.body)).toMatchObject({
      isError: false,
      structuredContent: { echoed: { text: "owner's secret plan" } },
    });
    // Through the assistant, in a session the client opens in the team workspace.
    const session = await call("POST", "/ai/sessions", { token: agent, workspaceId: teamId, body: {} });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sessionId = session.body.data.id as string;
    const sentMessage = await call("POST", `/ai/sessions/${sessionId}/messages`, {
      token: agent,
      workspaceId: teamId,
      body: { content: `/tool ${key}.echo {"text":"owner's secret plan"}`, model: "demo" },
    });
    expect(sentMessage.status, JSON.stringify(sentMessage.body)).toBe(201);
    const reply = sentMessage.body.data.assistantMessage.id as string;
    const stream = await call("GET", `/ai/sessions/${sessionId}/messages/${reply}/stream`, {
      token: agent,
      workspaceId: teamId,
    });
    expect(stream.status).toBe(200);

    // The owner of the instance sees both calls and the output.
    const history = await call("GET", `/connectors/instances/${instanceId}/executions`, as);
    expect(history.body.meta.total).toBe(2);
    expect(history.body.data.map((row: { actorId: string }) => row.actorId)).toEqual([
      client.clientId,
      client.clientId,
    ]);
    // The reply's row is written beside the stream's end: look until it shows (with room to spare).
    let recorded: { status?: string } | undefined;
    for (
      const deadline = Date.now() + 10_000;
      recorded?.status !== "completed" && Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 50))
    ) {
      recorded = (await call("GET", `/ai/sessions/${sessionId}/messages`, { token: owner.accessToken })).body.data[1]
        ?.toolCalls?.[0];
    }
    expect(recorded).toMatchObject({ status: "completed", output: { echoed: { text: "owner's secret plan" } } });

    for (const other of [admin, member]) {
      const inTeam = { token: other.accessToken, workspaceId: teamId };
      expectError(await call("GET", `/connectors/instances/${instanceId}/executions`, inTeam), 404, "NOT_FOUND");
      expect(
        (await call("GET", "/connectors/instances", inTeam)).body.data.map((i: { id: string }) => i.id),
      ).not.toContain(instanceId);
      expectError(await call("GET", `/ai/sessions/${sessionId}/messages`, inTeam), 404, "not_found");
      expect((await call("GET", "/ai/sessions", inTeam)).body.data.map((s: { id: string }) => s.id)).not.toContain(
        sessionId,
      );
      // The same client acting for them: no tool of the owner's, no session of the owner's.
      const theirAgent = await oauthToken(other, client.clientId);
      expect(await toolNames(theirAgent, teamId)).toEqual([]);
      expectError(
        await call("GET", `/ai/sessions/${sessionId}/messages`, { token: theirAgent, workspaceId: teamId }),
        404,
        "not_found",
      );
    }
  });

  it("team instances follow workspace permissions: members' clients see them without consent", async () => {
    const { owner, member, teamId } = await businessTeam();
    const client = await registerClient();
    const { key } = await connected(owner, { scope: "team", workspaceId: teamId });
    expect(await toolNames(await oauthToken(member, client.clientId), teamId)).toEqual([`${key}.echo`]);
  });

  it("a metadata-document client (its id a URL, percent-encoded in the path) is consented, listed and revoked like a registered one", async () => {
    const user = await createUser();
    const { key, instanceId, as } = await connected(user);
    // The row the authorization flow writes for such a client (oauth/flow-service.ts saveMetadataClient).
    const clientId = `https://planner-${crypto.randomUUID().slice(0, 8)}.example/oauth/client.json`;
    await createDb(env.DB)
      .insert(oauthClients)
      .values({
        id: clientId,
        name: "Planner",
        type: "public",
        tokenEndpointAuthMethod: "none",
        redirectUris: ["https://planner.example/callback"],
        grantTypes: ["authorization_code", "refresh_token"],
        allowedScopes: ["execution:run"],
        partnerKeyId: METADATA_DOCUMENT_PARTNER_KEY,
        createdAt: new Date().toISOString(),
      });
    const path = `/connectors/instances/${instanceId}/consents/${encodeURIComponent(clientId)}`;
    const consent = await call("PUT", path, {
      ...as,
      body: { toolKeys: ["echo"], workspaceId: user.personalWorkspaceId, audience: "owner" },
    });
    expect(consent.status, JSON.stringify(consent.body)).toBe(200);
    expect(consent.body.data).toMatchObject({ clientId, clientName: "Planner", toolKeys: ["echo"] });
    expect(await toolNames(await oauthToken(user, clientId))).toEqual([`${key}.echo`]);
    expect((await call("DELETE", path, as)).body.data).toEqual({ clientId, revoked: true });
    expect(await toolNames(await oauthToken(user, clientId))).toEqual([]);
    // A URL no client has, and a value that is neither a UUID nor a URL: the unknown client's 404.
    for (const unknown of ["https://nobody.example/client.json", "not-a-client"]) {
      const res = await call("PUT", `/connectors/instances/${instanceId}/consents/${encodeURIComponent(unknown)}`, {
        ...as,
        body: { toolKeys: ["echo"], workspaceId: user.personalWorkspaceId, audience: "owner" },
      });
      expectError(res, 404, "NOT_FOUND");
    }
  });

  it("errors: unknown client 404, unknown tool keys or a workspace the owner is not in 400, team instance 409, bad body 400", async () => {
    const user = await createUser();
    const client = await registerClient();
    const { instanceId, as } = await connected(user);
    const put = (clientId: string, body: Record<string, unknown>) =>
      call("PUT", `/connectors/instances/${instanceId}/consents/${clientId}`, { ...as, body });
    const valid = { toolKeys: ["echo"], workspaceId: user.personalWorkspaceId, audience: "owner" };
    expectError(await put(crypto.randomUUID(), valid), 404, "NOT_FOUND");
    expectFieldError(await put(client.clientId, { ...valid, toolKeys: ["echo", "missing"] }), "toolKeys", /missing/);
    const stranger = await createUser();
    expectFieldError(
      await put(client.clientId, { ...valid, workspaceId: stranger.personalWorkspaceId }),
      "workspaceId",
    );
    expectFieldError(await put(client.clientId, { ...valid, audience: "everyone" }), "audience");
    expectFieldError(await put(client.clientId, { ...valid, toolKeys: [] }), "toolKeys");
    expect((await call("GET", `/connectors/instances/${instanceId}/consents`, as)).body.data).toEqual([]);

    const { owner, teamId } = await businessTeam();
    const team = await connected(owner, { scope: "team", workspaceId: teamId });
    const onTeam = await call("PUT", `/connectors/instances/${team.instanceId}/consents/${client.clientId}`, {
      ...team.as,
      body: { ...valid, workspaceId: teamId },
    });
    expectError(onTeam, 409, "CONNECTOR_ERROR");
  });
});

describe("MCP gateway: Origin (DNS rebinding)", () => {
  const PUBLIC = "https://api.example.com";
  const ping = { jsonrpc: "2.0", id: 1, method: "ping" };

  /** A gateway request to `url`, through the Worker with `ISSUER` set as given. */
  async function gateway(url: string, issuer: string, headers: Record<string, string>) {
    const ctx = createExecutionContext();
    const request = new Request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "MCP-Protocol-Version": PROTOCOL,
        "CF-Connecting-IP": "203.0.113.9",
        ...headers,
      },
      body: JSON.stringify(ping),
    });
    const response = await worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      { ...env, ISSUER: issuer } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: response.status, body: await response.json<any>() };
  }

  it("the check: ISSUER's origin only when set; loopback origins on any port when not", () => {
    expect(isOwnBrowserOrigin(PUBLIC, PUBLIC)).toBe(true);
    expect(isOwnBrowserOrigin(`${PUBLIC}/`, PUBLIC)).toBe(true);
    for (const other of [
      "http://api.example.com",
      "https://api.example.com:8443",
      "https://evil.example",
      "http://localhost",
      "null",
      `${PUBLIC}/path`,
    ]) {
      expect(isOwnBrowserOrigin(PUBLIC, other), other).toBe(false);
    }
    for (const loopback of [
      "http://localhost",
      "http://localhost:5173",
      "https://localhost:8443",
      "http://127.0.0.1:8787",
      "http://127.9.8.7",
      "http://[::1]:3000",
    ]) {
      expect(isOwnBrowserOrigin("", loopback), loopback).toBe(true);
    }
    for (const foreign of [
      "http://rebind.evil.example",
      "http://localhost.evil.example",
      "http://128.0.0.1",
      "http://10.0.0.1:8787",
      "http://[::2]",
      "null",
      "file://",
      "http://localhost/x",
    ]) {
      expect(isOwnBrowserOrigin("", foreign), foreign).toBe(false);
      expect(isOwnBrowserOrigin(undefined, foreign), foreign).toBe(false);
    }
  });

  it("with ISSUER set, only its origin passes, whatever Host says; no Origin passes", async () => {
    const user = await createUser();
    const token = await signTestToken({ sub: user.id, sid: decodePayload(user.accessToken).sid }, { issuer: PUBLIC });
    const auth = { Authorization: `Bearer ${token}` };
    expect((await gateway(`${PUBLIC}/api/v1/mcp`, PUBLIC, { ...auth, Origin: PUBLIC })).status).toBe(200);
    expect((await gateway(`${PUBLIC}/api/v1/mcp`, PUBLIC, auth)).status).toBe(200);
    // A rebinding name: the page's origin and the request's Host agree, and neither is ours.
    for (const [url, origin] of [
      ["http://rebind.evil.example/api/v1/mcp", "http://rebind.evil.example"],
      ["http://localhost/api/v1/mcp", "http://localhost"],
    ]) {
      const refused = await gateway(url!, PUBLIC, { ...auth, Origin: origin! });
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Forbidden: this Origin may not use the MCP gateway" },
      });
    }
  });

  it("with ISSUER empty (development), loopback origins pass and a rebinding name does not", async () => {
    const user = await createUser();
    for (const origin of ["http://localhost", "http://localhost:5173", "http://127.0.0.1:8787", "http://[::1]:3000"]) {
      expect((await rpc(user.accessToken, "ping", undefined, { headers: { Origin: origin } })).status, origin).toBe(
        200,
      );
    }
    const rebinding = "http://rebind.evil.example";
    const token = await signTestToken(
      { sub: user.id, sid: decodePayload(user.accessToken).sid },
      { issuer: rebinding },
    );
    const refused = await gateway(`${rebinding}/api/v1/mcp`, "", {
      Authorization: `Bearer ${token}`,
      Origin: rebinding,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Forbidden: this Origin may not use the MCP gateway" },
    });
    // The same request without Origin (not a browser) is served.
    expect((await gateway(`${rebinding}/api/v1/mcp`, "", { Authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
