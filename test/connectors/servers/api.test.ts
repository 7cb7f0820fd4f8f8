import { describe, expect, inject, it } from "vitest";
import { call, createUser, expectError } from "../../helpers/api";
import { instanceOf } from "./helpers";
import { MCP_TOKEN } from "../../../scripts/test-mcp-server.mjs";

/**
 * The two server-backed connectors through the API, as a user wires them: an instance, its
 * credentials, the test endpoint (health check), sync-tools (real tools), execution and history.
 * The project's bindings allow 127.0.0.1, where the globalSetup's PostgreSQL and MCP server listen.
 */

const toolsByKey = (tools: { toolKey: string; id: string }[]) =>
  Object.fromEntries(tools.map((tool) => [tool.toolKey, tool.id]));

describe("sql-database through the API", () => {
  it("health check, real tools after sync-tools, a query with rows and types, a refused bypass, history", async () => {
    const user = await createUser();
    const { id, as } = await instanceOf(
      user,
      "sql-database",
      {},
      { credType: "connection_string", credentials: { connectionString: inject("pgUrl") } },
    );

    const health = await call("POST", `/connectors/instances/${id}/test`, as);
    expect(health.body.data).toMatchObject({ ok: true, status: "active" });

    const synced = await call("POST", `/connectors/instances/${id}/sync-tools`, as);
    expect(synced.status).toBe(200);
    const tools = toolsByKey(synced.body.data);
    expect(Object.keys(tools).sort()).toEqual(["describe_table", "list_tables", "run_query"]);

    const execute = (input: unknown) =>
      call("POST", `/connectors/instances/${id}/tools/${tools.run_query}/execute`, { ...as, body: { input } });
    const rows = await execute({ sql: "SELECT id, name FROM t ORDER BY id LIMIT 2" });
    expect(rows.status).toBe(200);
    expect(rows.body.data).toMatchObject({
      success: true,
      output: {
        columns: [
          { name: "id", type: "integer" },
          { name: "name", type: "text" },
        ],
        rowCount: 2,
        truncated: false,
      },
    });

    const count = async () => (await execute({ sql: "SELECT count(*)::int AS n FROM t" })).body.data.output.rows;
    const rowsBefore = await count();
    const bypass = await execute({ sql: "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d" });
    expectError(bypass, 400, "bad_request");
    expect(bypass.body.error.message).toMatch(/Data-modifying statements/);
    expect(await count()).toEqual(rowsBefore);

    const history = await call("GET", `/connectors/instances/${id}/executions`, as);
    expect(history.body.meta.total).toBe(4);
    expect(JSON.stringify(history.body)).not.toContain(inject("pgUrl"));
  });

  it("an unreachable server is 502 CONNECTION_FAILED without the password; the test endpoint says error", async () => {
    const user = await createUser();
    const closed = `postgres://app:Sup3r-Secret-Pw@127.0.0.1:1/app?sslmode=disable`;
    const { id, as } = await instanceOf(
      user,
      "sql-database",
      {},
      { credType: "connection_string", credentials: { connectionString: closed } },
    );
    const tools = toolsByKey((await call("POST", `/connectors/instances/${id}/sync-tools`, as)).body.data);
    const failed = await call("POST", `/connectors/instances/${id}/tools/${tools.run_query}/execute`, {
      ...as,
      body: { input: { sql: "SELECT 1" } },
    });
    expectError(failed, 502, "CONNECTION_FAILED");
    const health = await call("POST", `/connectors/instances/${id}/test`, as);
    expect(health.body.data).toMatchObject({ ok: false, status: "error" });
    expect(JSON.stringify([failed.body, health.body])).not.toContain("Sup3r-Secret-Pw");
  });
});

describe("mcp-generic through the API", () => {
  it("health check, the server's tools after sync-tools, a call, a tool error as success false", async () => {
    const user = await createUser();
    const serverUrl = `${inject("mcpOrigin")}/mcp`;
    const { id, as } = await instanceOf(
      user,
      "mcp-generic",
      { serverUrl },
      { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
    );

    const health = await call("POST", `/connectors/instances/${id}/test`, as);
    expect(health.body.data).toMatchObject({ ok: true, status: "active" });

    const synced = await call("POST", `/connectors/instances/${id}/sync-tools`, as);
    expect(synced.status).toBe(200);
    const tools = toolsByKey(synced.body.data);
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(["echo", "fail"]));

    const echo = await call("POST", `/connectors/instances/${id}/tools/${tools.echo}/execute`, {
      ...as,
      body: { input: { text: "hello" } },
    });
    expect(echo.body.data).toMatchObject({ success: true, output: { structuredContent: { echo: { text: "hello" } } } });
    const fail = await call("POST", `/connectors/instances/${id}/tools/${tools.fail}/execute`, {
      ...as,
      body: { input: {} },
    });
    expect(fail.status).toBe(200);
    expect(fail.body.data).toMatchObject({ success: false, error: expect.any(String) });
  });
});

describe("a health check's message", () => {
  it("quotes no credential: a server naming itself after the request's token is redacted in the answer and the instance", async () => {
    const user = await createUser();
    const { id, as } = await instanceOf(
      user,
      "mcp-generic",
      { serverUrl: `${inject("mcpOrigin")}/mcp-echo-auth` },
      { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
    );
    const health = await call("POST", `/connectors/instances/${id}/test`, as);
    expect(health.body.data).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Connected to echo Bearer \[redacted\] 1\.0\.0 \(MCP /),
    });
    const instance = await call("GET", `/connectors/instances/${id}`, as);
    expect(instance.body.data.healthMessage).toBe(health.body.data.message);
    expect(JSON.stringify([health.body, instance.body])).not.toContain(MCP_TOKEN);
  });
});

describe("a sync-tools failure's message", () => {
  it("quotes no credential: a server refusing tools/list with the request's token in its error is redacted (hardening 34, point 4)", async () => {
    const user = await createUser();
    const { id, as } = await instanceOf(
      user,
      "mcp-generic",
      { serverUrl: `${inject("mcpOrigin")}/mcp-echo-auth` },
      { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
    );
    const synced = await call("POST", `/connectors/instances/${id}/sync-tools`, as);
    expectError(synced, 502, "CONNECTION_FAILED");
    expect(synced.body.error.message).toBe(
      "The MCP server answered tools/list with an error: MCP error -32600: no tools for Bearer [redacted] (token [redacted])",
    );
    expect(JSON.stringify(synced.body)).not.toContain(MCP_TOKEN);
    expect((await call("GET", `/connectors/instances/${id}/tools`, as)).body.data).toEqual([]);
  });
});
