import { describe, expect, inject, it } from "vitest";
import { call, createUser, expectError, expectFieldError, type TestUser } from "../../helpers/api";
import { registerClient } from "../../helpers/oauth";
import { MCP_TOKEN } from "../../../scripts/test-mcp-server.mjs";

/**
 * sync-tools of `mcp-generic` through the API against the SDK-built test server: many tools (D1's
 * 100 bound parameters, the 500-tool limit), hostile names and schemas (skipped and reported), and
 * a ReDoS pattern from the server validated in linear time.
 */
async function mcpInstance(user: TestUser, path: string) {
  const as = { token: user.accessToken };
  const created = await call("POST", "/connectors/instances", {
    ...as,
    body: { connectorKey: "mcp-generic", displayName: "MCP", config: { serverUrl: `${inject("mcpOrigin")}${path}` } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect(
    (
      await call("POST", `/connectors/instances/${id}/credentials`, {
        ...as,
        body: { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
      })
    ).status,
  ).toBe(200);
  return { id, as, sync: () => call("POST", `/connectors/instances/${id}/sync-tools`, as) };
}

describe("sync-tools with many tools", () => {
  it("150 tools are stored in one sync, and a consent may name all of them", async () => {
    const user = await createUser();
    const { id, as, sync } = await mcpInstance(user, "/mcp-many?n=150");
    const synced = await sync();
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data).toHaveLength(150);
    expect(synced.body.meta.skipped).toEqual([]);
    // Again: upserts keep ids, nothing vanishes.
    const again = await sync();
    expect(again.body.data.map((tool: { id: string }) => tool.id).sort()).toEqual(
      synced.body.data.map((tool: { id: string }) => tool.id).sort(),
    );
    expect(again.body.data.every((tool: { isActive: boolean }) => tool.isActive)).toBe(true);

    const client = await registerClient();
    const toolKeys = synced.body.data.map((tool: { toolKey: string }) => tool.toolKey);
    const consent = await call("PUT", `/connectors/instances/${id}/consents/${client.clientId}`, {
      ...as,
      body: { toolKeys, workspaceId: user.personalWorkspaceId, audience: "owner" },
    });
    expect(consent.status, JSON.stringify(consent.body)).toBe(200);
    expect(consent.body.data.toolKeys).toHaveLength(150);
    expectFieldError(
      await call("PUT", `/connectors/instances/${id}/consents/${client.clientId}`, {
        ...as,
        body: { toolKeys: [...toolKeys.slice(1), "nope"], workspaceId: user.personalWorkspaceId, audience: "owner" },
      }),
      "toolKeys",
      "not tools of this instance: nope",
    );
  });

  it("tools that vanish from a 150-tool server are marked inactive", async () => {
    const user = await createUser();
    const { id, as } = await mcpInstance(user, "/mcp-many?n=150");
    expect((await call("POST", `/connectors/instances/${id}/sync-tools`, as)).status).toBe(200);
    const serverUrl = `${inject("mcpOrigin")}/mcp-many?n=120`;
    expect(
      (await call("PATCH", `/connectors/instances/${id}`, { ...as, body: { config: { serverUrl } } })).status,
    ).toBe(200);
    await call("POST", `/connectors/instances/${id}/credentials`, {
      ...as,
      body: { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
    });
    const synced = await call("POST", `/connectors/instances/${id}/sync-tools`, as);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const active = synced.body.data.filter((tool: { isActive: boolean }) => tool.isActive);
    expect([synced.body.data.length, active.length]).toEqual([150, 120]);
  });

  it("a server with 501 tools is 409 CONNECTOR_ERROR and stores nothing", async () => {
    const user = await createUser();
    const { id, as, sync } = await mcpInstance(user, "/mcp-many?n=501");
    const refused = await sync();
    expectError(refused, 409, "CONNECTOR_ERROR");
    expect(refused.body.error.message).toBe("The server lists more than 500 tools; an instance holds at most 500");
    expect((await call("GET", `/connectors/instances/${id}/tools`, as)).body.data).toEqual([]);
  });

  it("a server with exactly 500 tools is synced", async () => {
    const user = await createUser();
    const { sync } = await mcpInstance(user, "/mcp-many?n=500");
    const synced = await sync();
    expect(synced.status, JSON.stringify(synced.body).slice(0, 300)).toBe(200);
    expect(synced.body.data).toHaveLength(500);
  });
});

describe("the tools/list walk", () => {
  it("follows nextCursor for at most 20 pages: a server of 25 one-tool pages has its first 20 tools stored", async () => {
    const user = await createUser();
    const { sync } = await mcpInstance(user, "/mcp-many?n=25&pageSize=1");
    const synced = await sync();
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data.map((tool: { toolKey: string }) => tool.toolKey).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `tool_${i}`).sort(),
    );
  });
});

describe("a hostile MCP server", () => {
  it("tools with refused names or schemas are skipped, and the answer says which and why", async () => {
    const user = await createUser();
    const { sync } = await mcpInstance(user, "/mcp-hostile");
    const synced = await sync();
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data.map((tool: { toolKey: string }) => tool.toolKey).sort()).toEqual(["ok", "redos"]);
    const skipped: Array<{ name: string; reason: string }> = synced.body.meta.skipped;
    const reasons = Object.fromEntries(skipped.map((entry) => [entry.name, entry.reason]));
    expect(reasons).toEqual({
      self_ref: "inputSchema.$ref loops back to itself without descending into the value",
      remote_ref:
        "inputSchema.properties.x.$ref must be a JSON pointer into this schema (#/...); remote references are not fetched",
      lookahead: expect.stringMatching(
        /^inputSchema\.properties\.s\.pattern cannot run on the linear-time regex engine/,
      ),
      "line\nbreak": "the name must match ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
      "../../etc/passwd": "the name must match ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
      [`${"x".repeat(200)}…`]: "the name must match ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
    });
  });

  it("the server's ReDoS pattern is validated in linear time: 48 a's and a '!' are refused at once", async () => {
    const user = await createUser();
    const { id, as, sync } = await mcpInstance(user, "/mcp-hostile");
    const tools = Object.fromEntries(
      (await sync()).body.data.map((tool: { toolKey: string; id: string }) => [tool.toolKey, tool.id]),
    );
    const execute = (input: unknown) =>
      call("POST", `/connectors/instances/${id}/tools/${tools.redos}/execute`, { ...as, body: { input } });
    const started = Date.now();
    // About 2^48 backtracking steps on JavaScript's engine: the old code never answered.
    expectFieldError(await execute({ s: `${"a".repeat(48)}!` }), "input.s", "String does not match pattern.");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await execute({ s: "aaaa" })).body.data).toMatchObject({ success: true });
  });
});
