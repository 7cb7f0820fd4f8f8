import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../../src/db/client";
import { readExecution } from "../../../src/domains/connectors/execution/executions";
import { call, createUser, expectError } from "../../helpers/api";

/**
 * Against the real PostgreSQL of the globalSetup, through the API (hardening issue, points 1 and 9):
 * a large `run_query` answer is recorded whole (or, above 5 MiB, answered 502 "answer too large" and
 * recorded with its error), and a statement that runs past the spec's 30 s statement timeout answers
 * `success` false with SQLSTATE 57014, because the SQL call's own timeout is 35 s.
 */
async function runQueryTool() {
  const user = await createUser();
  const as = { token: user.accessToken };
  const created = await call("POST", "/connectors/instances", {
    ...as,
    body: { connectorKey: "sql-database", displayName: "pg", config: {} },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect(
    (
      await call("POST", `/connectors/instances/${id}/credentials`, {
        ...as,
        body: { credType: "connection_string", credentials: { connectionString: inject("pgUrl") } },
      })
    ).status,
  ).toBe(200);
  const tools = (await call("POST", `/connectors/instances/${id}/sync-tools`, as)).body.data as {
    toolKey: string;
    id: string;
  }[];
  const toolId = tools.find((tool) => tool.toolKey === "run_query")!.id;
  const execute = (sql: string) =>
    call("POST", `/connectors/instances/${id}/tools/${toolId}/execute`, { ...as, body: { input: { sql } } });
  const latest = async () => {
    const history = await call("GET", `/connectors/instances/${id}/executions?limit=1`, as);
    return readExecution(createDb(env.DB), env, id, history.body.data[0].id);
  };
  return { execute, latest };
}

describe("sql-database sizes and timeouts through the API", () => {
  it("1,000 rows of 4 KB are answered and recorded whole; 1,000 rows of 10 KB are 502 answer too large, recorded", async () => {
    const { execute, latest } = await runQueryTool();
    const sql = "SELECT g, repeat('x', 4096) AS filler FROM generate_series(1, 1000) g";
    const rows = await execute(sql);
    expect(rows.status).toBe(200);
    expect(rows.body.data).toMatchObject({ success: true, output: { rowCount: 1000, truncated: false } });
    const stored = await latest();
    expect(stored).toMatchObject({ status: "success", input: { sql } });
    expect(stored!.output).toEqual(rows.body.data.output);

    const big = "SELECT g, repeat('x', 10240) AS filler FROM generate_series(1, 1000) g";
    const tooLarge = await execute(big);
    expectError(tooLarge, 502, "CONNECTION_FAILED");
    expect(tooLarge.body.error.message).toMatch(/answer is too large/);
    expect(await latest()).toMatchObject({
      status: "error",
      errorMessage: expect.stringMatching(/answer is too large/),
      input: { sql: big },
      output: null,
    });
  });

  it("a statement past the 30 s statement timeout answers success false with SQLSTATE 57014, not 502", async () => {
    const { execute, latest } = await runQueryTool();
    const started = Date.now();
    // A cross join of generate_series takes minutes (pg_sleep is refused by the guard).
    const slow = await execute("SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b");
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
