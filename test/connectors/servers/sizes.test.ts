import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../../src/db/client";
import { readExecution } from "../../../src/domains/connectors/execution/executions";
import { call, createUser, expectError } from "../../helpers/api";
import { MCP_TOKEN } from "../../../scripts/test-mcp-server.mjs";
import { instanceOf } from "./helpers";

const MiB = 1024 * 1024;

/**
 * Against the real PostgreSQL and MCP server of the globalSetup, through the API (CONTRACT "Sizes"
 * and the hardening issue, points 1 and 9): a large `run_query` answer or MCP tool output is
 * recorded whole (or, above 5 MiB, answered 502 "answer too large" and recorded with its error), and
 * a statement that runs past the spec's 30 s statement timeout answers `success` false with SQLSTATE
 * 57014, because the SQL call's own timeout is 35 s.
 */

/** An instance of `connectorKey` with its credentials and tools, and one tool's execution and its record. */
async function toolOf(
  connectorKey: string,
  config: Record<string, unknown>,
  credentials: { credType: string; credentials: Record<string, string> },
  toolKey: string,
) {
  const { id, as } = await instanceOf(await createUser(), connectorKey, config, credentials);
  const tools = (await call("POST", `/connectors/instances/${id}/sync-tools`, as)).body.data as {
    toolKey: string;
    id: string;
  }[];
  const toolId = tools.find((tool) => tool.toolKey === toolKey)!.id;
  const execute = (input: Record<string, unknown>) =>
    call("POST", `/connectors/instances/${id}/tools/${toolId}/execute`, { ...as, body: { input } });
  const latest = async () => {
    const history = await call("GET", `/connectors/instances/${id}/executions?limit=1`, as);
    return readExecution(createDb(env.DB), env, id, history.body.data[0].id);
  };
  return { execute, latest };
}

async function runQueryTool() {
  const tool = await toolOf(
    "sql-database",
    {},
    { credType: "connection_string", credentials: { connectionString: inject("pgUrl") } },
    "run_query",
  );
  return { ...tool, query: (sql: string) => tool.execute({ sql }) };
}

/** A call whose answer is over 5 MiB: 502 "answer too large", recorded with its input and no output. */
async function expectAnswerTooLarge(tool: Awaited<ReturnType<typeof toolOf>>, input: Record<string, unknown>) {
  const tooLarge = await tool.execute(input);
  expectError(tooLarge, 502, "CONNECTION_FAILED");
  expect(tooLarge.body.error.message).toMatch(/answer is too large/);
  expect(await tool.latest()).toMatchObject({
    status: "error",
    errorMessage: expect.stringMatching(/answer is too large/),
    input,
    output: null,
  });
}

describe("sql-database sizes and timeouts through the API", () => {
  it("1,000 rows of 4 KB are answered and recorded whole; 1,000 rows of 10 KB are 502 answer too large, recorded", async () => {
    const tool = await runQueryTool();
    const sql = "SELECT g, repeat('x', 4096) AS filler FROM generate_series(1, 1000) g";
    const rows = await tool.query(sql);
    expect(rows.status).toBe(200);
    expect(rows.body.data).toMatchObject({ success: true, output: { rowCount: 1000, truncated: false } });
    const stored = await tool.latest();
    expect(stored).toMatchObject({ status: "success", input: { sql } });
    expect(stored!.output).toEqual(rows.body.data.output);

    await expectAnswerTooLarge(tool, { sql: "SELECT g, repeat('x', 10240) AS filler FROM generate_series(1, 1000) g" });
  });

  it("a statement past the 30 s statement timeout answers success false with SQLSTATE 57014, not 502", async () => {
    const { query, latest } = await runQueryTool();
    const started = Date.now();
    // A cross join of generate_series takes minutes (pg_sleep is refused by the guard).
    const slow = await query("SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b");
    expect(slow.status, JSON.stringify(slow.body)).toBe(200);
    expect(slow.body.data).toMatchObject({
      success: false,
      error: "canceling statement due to statement timeout",
      output: { sqlState: "57014" },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(30_000);
    expect(await latest()).toMatchObject({
      status: "error",
      errorMessage: "canceling statement due to statement timeout",
    });
  }, 90_000);
});

describe("mcp-generic sizes through the API", () => {
  it("an output of 3 MiB is answered and recorded whole; one over 5 MiB is 502 answer too large, recorded", async () => {
    const tool = await toolOf(
      "mcp-generic",
      { serverUrl: `${inject("mcpOrigin")}/mcp-sized` },
      { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
      "sized",
    );
    const bytes = 3 * MiB;
    const answered = await tool.execute({ bytes });
    expect(answered.status, JSON.stringify(answered.body).slice(0, 300)).toBe(200);
    expect(answered.body.data).toMatchObject({ success: true });
    expect(answered.body.data.output.content[0].text).toHaveLength(bytes);
    const stored = await tool.latest();
    expect(stored).toMatchObject({ status: "success", input: { bytes } });
    expect(stored!.output).toEqual(answered.body.data.output);

    // 5 MiB of text is an output a little over 5 MiB; 6 MiB is an answer over what the client reads.
    await expectAnswerTooLarge(tool, { bytes: 5 * MiB });
    await expectAnswerTooLarge(tool, { bytes: 6 * MiB });
  });
});
