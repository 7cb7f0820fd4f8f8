// `npm run bench:connectors`: the overhead of the SQL and MCP connectors over talking to the same
// servers directly from Node, as ratios of medians.
//   SQL: `run_query` of 1,000 rows vs the same query with `pg` in Node (a fresh connection per
//        query, as the adapter opens one per call; and a warm connection, for scale).
//   MCP: `tools/call` vs the official SDK client calling the same server (a connected client).
// A real PostgreSQL (scripts/test-postgres.mjs) and an SDK-built MCP server (scripts/test-mcp-server.mjs)
// run locally for the duration.
//
// Two levels:
//   (default)   through the API under `wrangler dev`: POST /api/v1/connectors/instances, credentials,
//               sync-tools, then POST .../tools/:toolId/execute (needs the connectors routes).
//   --adapter   the adapters alone inside workerd: a bench-only Worker
//               (scripts/bench/connectors-adapter/) under `wrangler dev`, no API, no D1.
// Samples are sequential and interleaved (direct, connector, direct, ...) so both see the same
// machine load; the API's default limit (120 requests a minute per endpoint) bounds the count.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { Client as McpSdkClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import pg from "pg";
import { freePort, startDevServer } from "../lib/dev-server.mjs";
import { request } from "../lib/http.mjs";
import { percentile } from "../lib/stats.mjs";
import { startMcpServer, MCP_TOKEN } from "../test-mcp-server.mjs";
import { startPostgres } from "../test-postgres.mjs";

const root = resolve(import.meta.dirname, "../..");
const ADAPTER_LEVEL = process.argv.includes("--adapter");
const PORT = Number(process.env.BENCH_PORT ?? 8805);
const WARMUP = 5;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const QUERY = "SELECT n, n * 2 AS twice, 'row ' || n AS label FROM big ORDER BY n LIMIT 1000";
const READY_TIMEOUT_MS = 90_000;

const median = (values) => percentile(values, 50);
const p95 = (values) => percentile(values, 95);

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
    return result.rows.length;
  } finally {
    await client.end();
  }
}

/** `wrangler dev` on the bench-only adapter Worker; resolves when it answers. */
async function startAdapterWorker(vars) {
  const config = join(root, "scripts/bench/connectors-adapter/wrangler.toml");
  const args = ["dev", "--config", config, "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", join(root, ".wrangler/dev-sqlmcp"), "--show-interactive-dev-session=false"];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn(process.execPath, [join(root, "node_modules/wrangler/bin/wrangler.js"), ...args], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  const stop = () => new Promise((done) => (child.exitCode !== null ? done() : (child.once("exit", done), child.kill("SIGTERM"))));
  const origin = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    const answer = await fetch(`${origin}/sql`, { method: "POST", body: JSON.stringify({ sql: "SELECT 1" }) }).catch(() => null);
    if (answer?.ok) return { origin, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the adapter Worker did not answer within ${READY_TIMEOUT_MS} ms`);
}

/** Through the bench-only Worker: `{ sql(), mcp() }`, each one call that must succeed. */
async function adapterLevel(postgres, mcpOrigin) {
  const worker = await startAdapterWorker({
    ALLOW_PRIVATE_HOSTS: `127.0.0.1:${postgres.port},${new URL(mcpOrigin).host}`,
    PG_URL: postgres.connectionString,
    MCP_URL: `${mcpOrigin}/mcp`,
    MCP_TOKEN,
  });
  const call = async (path, body, check) => {
    const res = await fetch(`${worker.origin}${path}`, { method: "POST", body: JSON.stringify(body) });
    const answer = await res.json();
    if (!res.ok || !check(answer.result)) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.workerMs;
  };
  return {
    label: "adapter in workerd (wrangler dev, bench Worker)",
    sql: () => call("/sql", { sql: QUERY }, (r) => r.success && r.output.rowCount === 1000),
    mcp: () => call("/mcp", { tool: "echo", input: { text: "bench" } }, (r) => r.success),
    noop: () => call("/noop", {}, (r) => r.success),
    stop: worker.stop,
  };
}

/** Through the API (connectors routes): a user with plan pro, one instance of each connector. */
async function apiLevel(postgres, mcpOrigin) {
  const server = await startDevServer({ port: PORT, vars: { ALLOW_PRIVATE_HOSTS: `127.0.0.1:${postgres.port},${new URL(mcpOrigin).host}` } });
  try {
    const api = (method, path, body, token) => request(server.origin, method, `/api/v1${path}`, { body, token });
    const expect = (answer, status, what) => {
      if (![status].flat().includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body?.data;
    };
    const email = `bench-connectors-${crypto.randomUUID()}@example.com`;
    const password = "bench-password-123";
    const user = expect(await api("POST", "/admin/users", { email, password }, server.adminToken), 201, "creating the bench user");
    expect(await api("PATCH", `/admin/users/${user.id}/account`, { plan: "pro" }, server.adminToken), 200, "setting plan pro");
    const token = expect(await api("POST", "/auth/login", { email, password }), 200, "login").accessToken;

    async function instance(connectorKey, config, credType, credentials, toolKey) {
      const created = expect(await api("POST", "/connectors/instances", { connectorKey, displayName: `bench ${connectorKey}`, config }, token), 201, `creating a ${connectorKey} instance`);
      expect(await api("POST", `/connectors/instances/${created.id}/credentials`, { credType, credentials }, token), [200, 201], `storing ${connectorKey} credentials`);
      const synced = expect(await api("POST", `/connectors/instances/${created.id}/sync-tools`, undefined, token), [200, 201], `syncing ${connectorKey} tools`);
      const tool = (Array.isArray(synced) ? synced : synced.tools ?? []).find((t) => t.toolKey === toolKey);
      if (!tool) throw new Error(`${connectorKey}: no tool ${toolKey} after sync-tools`);
      return `/connectors/instances/${created.id}/tools/${tool.id}/execute`;
    }
    const sqlPath = await instance("sql-database", {}, "connection_string", { connectionString: postgres.connectionString }, "run_query");
    const mcpPath = await instance("mcp-generic", { serverUrl: `${mcpOrigin}/mcp` }, "bearer_token", { token: MCP_TOKEN }, "echo");
    const execute = async (path, input, check) => {
      const data = expect(await api("POST", path, { input }, token), 200, `POST ${path}`);
      if (!check(data)) throw new Error(`POST ${path} did not succeed: ${JSON.stringify(data).slice(0, 300)}`);
      return data.durationMs;
    };
    return {
      label: "API (wrangler dev, POST .../tools/:toolId/execute)",
      sql: () => execute(sqlPath, { sql: QUERY }, (d) => d.success && d.output.rowCount === 1000),
      mcp: () => execute(mcpPath, { text: "bench" }, (d) => d.success),
      stop: server.stop,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

function report(name, connector, directs) {
  console.log(`\n${name}`);
  console.log(`${"".padEnd(46)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"ratio (median)".padStart(15)}`);
  const [[, baseline]] = Object.entries(directs);
  for (const [label, values] of [...Object.entries(directs), ["connector (client-side)", connector.client], ["connector (server-side)", connector.server]]) {
    if (!values.length || values.some((v) => typeof v !== "number")) continue;
    console.log(`${label.padEnd(46)} ${median(values).toFixed(2).padStart(10)} ${p95(values).toFixed(2).padStart(8)} ${(median(values) / median(baseline)).toFixed(2).padStart(15)}`);
  }
}

async function main() {
  console.log("starting PostgreSQL and the MCP server ...");
  const [postgres, mcpServer] = await Promise.all([startPostgres(), startMcpServer()]);
  let level;
  const sdk = new McpSdkClient({ name: "bench", version: "1.0.0" });
  try {
    console.log(`starting ${ADAPTER_LEVEL ? "the adapter Worker" : "the API"} under wrangler dev on port ${PORT} ...`);
    level = ADAPTER_LEVEL ? await adapterLevel(postgres, mcpServer.origin) : await apiLevel(postgres, mcpServer.origin);
    await sdk.connect(new StreamableHTTPClientTransport(new URL(`${mcpServer.origin}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${MCP_TOKEN}` } } }));
    const warm = new pg.Client({ connectionString: postgres.connectionString });
    await warm.connect();

    const directSql = { "pg in Node, fresh connection (= adapter's work)": [], "pg in Node, warm connection": [] };
    const directMcp = { "SDK client in Node, connected": [] };
    const sql = { client: [], server: [] };
    const mcp = { client: [], server: [] };
    const noops = [];
    const sdkCall = async () => {
      const result = await sdk.callTool({ name: "echo", arguments: { text: "bench" } });
      if (result.isError) throw new Error("SDK echo failed");
    };
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const fresh = await time(() => pgFresh(postgres.connectionString));
      const warmQuery = await time(() => warm.query({ text: QUERY, rowMode: "array" }));
      const viaConnector = await time(level.sql);
      const sdkDirect = await time(sdkCall);
      const viaMcp = await time(level.mcp);
      const noop = level.noop ? await time(level.noop) : null;
      if (fresh.value !== 1000 || warmQuery.value.rows.length !== 1000) throw new Error("the direct query did not answer 1,000 rows");
      if (i < WARMUP) continue;
      directSql["pg in Node, fresh connection (= adapter's work)"].push(fresh.ms);
      directSql["pg in Node, warm connection"].push(warmQuery.ms);
      sql.client.push(viaConnector.ms);
      sql.server.push(viaConnector.value);
      directMcp["SDK client in Node, connected"].push(sdkDirect.ms);
      mcp.client.push(viaMcp.ms);
      mcp.server.push(viaMcp.value);
      if (noop) noops.push(noop.ms);
    }
    await warm.end();
    console.log(`\n${level.label}; ${SAMPLES} sequential samples each after ${WARMUP} warm-up rounds, interleaved`);
    console.log("server-side: the Worker's own measure (adapter: performance.now() around the call; API: durationMs)");
    report(`SQL run_query, 1,000 rows: ${QUERY}`, sql, directSql);
    report("MCP tools/call echo (stateless server, JSON answers)", mcp, directMcp);
    if (noops.length) console.log(`\nan empty request into the bench Worker (wrangler dev's own cost): median ${median(noops).toFixed(2)} ms, p95 ${p95(noops).toFixed(2)} ms`);
  } finally {
    await sdk.close().catch(() => {});
    await level?.stop();
    await mcpServer.stop();
    postgres.stop();
  }
}

await main();
