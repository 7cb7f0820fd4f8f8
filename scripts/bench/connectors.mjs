// `npm run bench:connectors`: what direct execution (POST .../tools/:toolId/execute) costs over
// talking to the same service directly from Node, as ratios of p50 and p99 measured in the same run.
//   HTTP: a custom definition's tool against a local tool server  vs  Node's fetch to that server;
//   SQL:  `run_query` of 1,000 rows on a real PostgreSQL           vs  `pg` in Node (fresh connection,
//         the adapter's work per call; and a warm one, for scale);
//   MCP:  `tools/call` on an SDK-built MCP server                 vs  the official SDK client, connected.
// Everything runs on this machine under `wrangler dev` (PostgreSQL from scripts/test-postgres.mjs,
// the MCP server from scripts/test-mcp-server.mjs). Samples are sequential and interleaved (direct,
// connector, direct, ...) so both see the same load; several rounds give the median and the spread.
// Each round uses fresh users, so the per-user limit of the execute endpoint (120/min) is never hit.
//
// `--adapter`: the SQL and MCP adapters alone in a bench-only Worker (scripts/bench/connectors-adapter/),
// no API and no D1, to see how much of the overhead is the API's.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { Client as McpSdkClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import pg from "pg";
import { answer, apiClient, benchUser } from "../lib/client.mjs";
import { startDevServer } from "../lib/dev-server.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";
import { startToolServer, TOOL_TOKEN } from "../lib/tool-server.mjs";
import { MCP_TOKEN, startMcpServer } from "../test-mcp-server.mjs";
import { startPostgres } from "../test-postgres.mjs";

console.log(benchEnvironment());

const root = resolve(import.meta.dirname, "../..");
const ADAPTER_LEVEL = process.argv.includes("--adapter");
const PORT = Number(process.env.BENCH_PORT ?? 8805);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Per connector and round; with the warm-up it stays under the execute endpoint's 120/min per user. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = 5;
const QUERY = "SELECT n, n * 2 AS twice, 'row ' || n AS label FROM big ORDER BY n LIMIT 1000";
const READY_TIMEOUT_MS = 90_000;

async function time(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** The same work as one run_query call: connect, read-only transaction, the query, rollback, close. */
async function pgFresh(connectionString) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("BEGIN READ ONLY; SET LOCAL statement_timeout = 30000");
    const result = await client.query({ text: QUERY, rowMode: "array" });
    await client.query("ROLLBACK");
    if (result.rows.length !== 1000) throw new Error("the direct query did not answer 1,000 rows");
  } finally {
    await client.end();
  }
}

/** The API under `wrangler dev`; `connectors()` sets up a fresh user with one instance of each kind. */
async function apiLevel(services) {
  const hosts = [services.tools.origin, services.mcp.origin].map((origin) => new URL(origin).host);
  const server = await startDevServer({
    port: PORT,
    vars: { ALLOW_PRIVATE_HOSTS: [`127.0.0.1:${services.postgres.port}`, ...hosts].join(",") },
  });
  const must = async (pending, what) => {
    const { status, body } = await answer(pending);
    if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.data;
  };

  async function freshUser() {
    const { id, token } = await benchUser(server, "bench-connectors", "pro");
    return { id, client: apiClient(server.origin, token) };
  }

  /** An instance with credentials and its tools; answers a function that executes `toolKey` once. */
  async function executor(connectorKey, config, credentials, toolKey, custom) {
    const { client } = await freshUser();
    if (custom)
      await must(
        client.POST("/api/v1/connectors/definitions", {
          body: { key: connectorKey, displayName: "Bench tools", authType: "bearer_token" },
        }),
        "creating the custom definition",
      );
    const instance = await must(
      client.POST("/api/v1/connectors/instances", {
        body: { connectorKey, displayName: `bench ${connectorKey}`, scope: "personal", config },
      }),
      `creating a ${connectorKey} instance`,
    );
    const path = { params: { path: { id: instance.id } } };
    await must(
      client.POST("/api/v1/connectors/instances/{id}/credentials", { ...path, body: credentials }),
      `storing ${connectorKey} credentials`,
    );
    let tool;
    if (custom) {
      tool = await must(
        client.POST("/api/v1/connectors/instances/{id}/tools", {
          ...path,
          body: { toolKey, displayName: "Echo", inputSchema: { type: "object" }, outputSchema: { type: "object" } },
        }),
        "creating the custom tool",
      );
    } else {
      const synced = await must(
        client.POST("/api/v1/connectors/instances/{id}/sync-tools", path),
        `syncing ${connectorKey} tools`,
      );
      tool = (Array.isArray(synced) ? synced : (synced.tools ?? [])).find((t) => t.toolKey === toolKey);
      if (!tool) throw new Error(`${connectorKey}: no tool ${toolKey} after sync-tools`);
    }
    const execute = async (input, check) => {
      const result = await must(
        client.POST("/api/v1/connectors/instances/{id}/tools/{toolId}/execute", {
          params: { path: { id: instance.id, toolId: tool.id } },
          body: { input },
        }),
        `executing ${connectorKey}.${toolKey}`,
      );
      if (!result.success || !check(result.output))
        throw new Error(`${connectorKey}.${toolKey} did not succeed: ${JSON.stringify(result).slice(0, 300)}`);
      return result.durationMs;
    };
    /** The API's own floor for this user: an authenticated read of the instance (auth + one D1 batch). */
    const floor = async () => {
      await must(client.GET("/api/v1/connectors/instances/{id}", path), "reading the instance");
    };
    return { execute, floor };
  }

  return {
    label: "through the API (wrangler dev, POST /api/v1/connectors/instances/:id/tools/:toolId/execute)",
    async connectors() {
      const http = await executor(
        `bench-${crypto.randomUUID().slice(0, 8)}`,
        { baseUrl: services.tools.origin },
        { credType: "bearer_token", credentials: { token: TOOL_TOKEN } },
        "echo",
        true,
      );
      const sql = await executor(
        "sql-database",
        {},
        { credType: "connection_string", credentials: { connectionString: services.postgres.connectionString } },
        "run_query",
      );
      const mcp = await executor(
        "mcp-generic",
        { serverUrl: `${services.mcp.origin}/mcp` },
        { credType: "bearer_token", credentials: { token: MCP_TOKEN } },
        "echo",
      );
      return {
        paths: {
          http: () => http.execute({ text: "bench" }, (output) => output.echoed?.text === "bench"),
          sql: () => sql.execute({ sql: QUERY }, (output) => output.rowCount === 1000),
          mcp: () => mcp.execute({ text: "bench" }, () => true),
        },
        // Each path's own user, so no one user passes the default 120 requests a minute per endpoint.
        floors: { http: http.floor, sql: sql.floor, mcp: mcp.floor },
      };
    },
    stop: server.stop,
  };
}

/** The bench-only Worker with the SQL and MCP adapters alone (no API, no D1). */
async function adapterLevel(services) {
  const config = join(root, "scripts/bench/connectors-adapter/wrangler.toml");
  const vars = {
    ALLOW_PRIVATE_HOSTS: `127.0.0.1:${services.postgres.port},${new URL(services.mcp.origin).host}`,
    PG_URL: services.postgres.connectionString,
    MCP_URL: `${services.mcp.origin}/mcp`,
    MCP_TOKEN,
  };
  const args = [
    "dev",
    "--config",
    config,
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--show-interactive-dev-session=false",
  ];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn(process.execPath, [join(root, "node_modules/wrangler/bin/wrangler.js"), ...args], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  const stop = () =>
    new Promise((done) => (child.exitCode !== null ? done() : (child.once("exit", done), child.kill("SIGTERM"))));
  const origin = `http://127.0.0.1:${PORT}`;
  const call = async (path, body, check) => {
    const res = await fetch(`${origin}${path}`, { method: "POST", body: JSON.stringify(body) });
    const reply = await res.json();
    if (!res.ok || !check(reply.result))
      throw new Error(`${path} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
    return reply.workerMs;
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (
    !(await fetch(`${origin}/sql`, { method: "POST", body: JSON.stringify({ sql: "SELECT 1" }) }).catch(() => null))?.ok
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error("the adapter Worker did not start");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    label: "the adapters alone in workerd (wrangler dev, bench Worker)",
    connectors: async () => ({
      paths: {
        sql: () => call("/sql", { sql: QUERY }, (r) => r.success && r.output.rowCount === 1000),
        mcp: () => call("/mcp", { tool: "echo", input: { text: "bench" } }, (r) => r.success),
      },
    }),
    stop,
  };
}

/** Where the API's own cost shows: the same user's authenticated read through the same stack. */
const FLOOR = "the API's floor: GET the instance";

const summary = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

async function main() {
  console.log("starting PostgreSQL, the MCP server and a tool server ...");
  const [postgres, mcp, tools] = await Promise.all([startPostgres(), startMcpServer(), startToolServer()]);
  const services = { postgres, mcp, tools };
  const sdk = new McpSdkClient({ name: "bench", version: "1.0.0" });
  const warm = new pg.Client({ connectionString: postgres.connectionString });
  let level;
  try {
    console.log(`starting ${ADAPTER_LEVEL ? "the adapter Worker" : "the API"} under wrangler dev on port ${PORT} ...`);
    level = ADAPTER_LEVEL ? await adapterLevel(services) : await apiLevel(services);
    await sdk.connect(
      new StreamableHTTPClientTransport(new URL(`${mcp.origin}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${MCP_TOKEN}` } },
      }),
    );
    await warm.connect();

    /** Each path: the direct baselines, then the connector (client-side time, and the server's own measure). */
    const direct = {
      http: {
        "Node fetch to the tool server": async () => {
          const res = await fetch(`${tools.origin}/echo`, {
            method: "POST",
            headers: { Authorization: `Bearer ${TOOL_TOKEN}`, "Content-Type": "application/json" },
            body: JSON.stringify({ text: "bench" }),
          });
          if ((await res.json()).echoed?.text !== "bench") throw new Error("the tool server did not echo");
        },
      },
      sql: {
        "pg in Node, fresh connection (= the adapter's work)": () => pgFresh(postgres.connectionString),
        "pg in Node, warm connection": () => warm.query({ text: QUERY, rowMode: "array" }),
      },
      mcp: {
        "SDK client in Node, connected": async () => {
          if ((await sdk.callTool({ name: "echo", arguments: { text: "bench" } })).isError)
            throw new Error("SDK echo failed");
        },
      },
    };
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { paths, floors } = await level.connectors();
      const samples = {};
      for (const [kind, viaConnector] of Object.entries(paths)) {
        const baselines = floors ? { ...direct[kind], [FLOOR]: floors[kind] } : direct[kind];
        const series = {
          ...Object.fromEntries(Object.keys(baselines).map((name) => [name, []])),
          connector: [],
          server: [],
        };
        for (let i = 0; i < WARMUP + SAMPLES; i++) {
          const measured = [];
          for (const [name, fn] of Object.entries(baselines)) measured.push([name, (await time(fn)).ms]);
          const viaApi = await time(viaConnector);
          if (i < WARMUP) continue;
          for (const [name, ms] of measured) series[name].push(ms);
          series.connector.push(viaApi.ms);
          series.server.push(viaApi.value);
        }
        samples[kind] = series;
      }
      rounds.push(samples);
      console.log(`round ${round + 1}/${ROUNDS} done`);
    }

    console.log(`\n${level.label}`);
    console.log(
      `${ROUNDS} rounds x ${SAMPLES} sequential samples per path (after ${WARMUP} warm-up), interleaved; figures are the median over rounds [min - max]\n`,
    );
    const spread = (values, digits = 2) =>
      `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)} - ${Math.max(...values).toFixed(digits)}]`;
    const titles = {
      http: "HTTP custom tool (echo)",
      sql: `SQL run_query, 1,000 rows: ${QUERY}`,
      mcp: "MCP tools/call echo (stateless server, JSON answers)",
    };
    for (const kind of Object.keys(rounds[0])) {
      console.log(titles[kind]);
      const baselineName = Object.keys(direct[kind])[0];
      const per = (name, stat) => rounds.map((r) => summary(r[kind][name])[stat]);
      const ratio = (name, stat) =>
        rounds.map((r) => summary(r[kind][name])[stat] / summary(r[kind][baselineName])[stat]);
      console.log(`  ${"".padEnd(52)} ${"p50 ms".padEnd(22)} ${"p99 ms".padEnd(22)} ${"x p50".padEnd(22)} x p99`);
      for (const name of Object.keys(rounds[0][kind]).filter((name) => name !== "server")) {
        const label = name === "connector" ? "connector (client-side)" : name;
        console.log(
          `  ${label.padEnd(52)} ${spread(per(name, "p50")).padEnd(22)} ${spread(per(name, "p99")).padEnd(22)} ${spread(ratio(name, "p50")).padEnd(22)} ${spread(ratio(name, "p99"))}`,
        );
      }
      console.log(`  ${"the server's own durationMs".padEnd(52)} ${spread(per("server", "p50"))}\n`);
    }
    if (!ADAPTER_LEVEL) {
      console.log(
        "D1 round trips per execute: 1 batch before the outbound call (instance, tool, credentials) and 1 write after it,",
      );
      console.log(
        "plus the request's authentication query; asserted by test/connectors/round-trips.test.ts (a counting D1 binding).",
      );
    }
  } finally {
    await sdk.close().catch(() => {});
    await warm.end().catch(() => {});
    await level?.stop();
    await Promise.all([mcp.stop(), tools.stop()]);
    postgres.stop();
  }
}

await main();
