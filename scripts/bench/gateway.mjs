// `npm run bench:gateway`: what a `tools/call` through the MCP gateway (POST /api/v1/mcp, the
// official SDK client, connected) costs over direct execution of the same tool
// (POST /api/v1/connectors/instances/:id/tools/:toolId/execute), as ratios of p50 and p99 measured
// in the same run. The tool is a custom connector's echo on a local tool service; everything runs
// on this machine under `wrangler dev`. Samples alternate (direct, gateway, ...) so both see the
// same load; each round uses a fresh user, so neither per-user limit (execute 120/min, /mcp 60/min)
// is reached.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { answer, apiClient, benchUser } from "../lib/client.mjs";
import { startDevServer } from "../lib/dev-server.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";
import { startToolServer, TOOL_TOKEN } from "../lib/tool-server.mjs";

console.log(benchEnvironment());

const PORT = Number(process.env.BENCH_PORT ?? 8806);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Per round, with the warm-up, under the gateway's 60 requests a minute per user. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const WARMUP = 5;

async function time(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** A fresh user with a connected custom instance and its echo tool; the two ways to call it. */
async function setup(server, tools) {
  const must = async (pending, what) => {
    const { status, body } = await answer(pending);
    if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.data;
  };
  const { token: accessToken } = await benchUser(server, "bench-gateway", "pro");
  const client = apiClient(server.origin, accessToken);
  const key = `bench-${crypto.randomUUID().slice(0, 8)}`;
  await must(
    client.POST("/api/v1/connectors/definitions", {
      body: { key, displayName: "Bench tools", authType: "bearer_token" },
    }),
    "the definition",
  );
  const instance = await must(
    client.POST("/api/v1/connectors/instances", {
      body: { connectorKey: key, displayName: "Bench tools", scope: "personal", config: { baseUrl: tools.origin } },
    }),
    "the instance",
  );
  const path = { params: { path: { id: instance.id } } };
  await must(
    client.POST("/api/v1/connectors/instances/{id}/credentials", {
      ...path,
      body: { credType: "bearer_token", credentials: { token: TOOL_TOKEN } },
    }),
    "credentials",
  );
  const tool = await must(
    client.POST("/api/v1/connectors/instances/{id}/tools", {
      ...path,
      body: { toolKey: "echo", displayName: "Echo", inputSchema: { type: "object" }, outputSchema: { type: "object" } },
    }),
    "the tool",
  );

  const mcp = new Client({ name: "bench", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL("/api/v1/mcp", server.origin), {
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
    }),
  );
  return {
    direct: async () => {
      const result = await must(
        client.POST("/api/v1/connectors/instances/{id}/tools/{toolId}/execute", {
          params: { path: { id: instance.id, toolId: tool.id } },
          body: { input: { text: "bench" } },
        }),
        "execute",
      );
      if (!result.success) throw new Error("direct execution failed");
    },
    gateway: async () => {
      const result = await mcp.callTool({ name: `${key}.echo`, arguments: { text: "bench" } });
      if (result.isError) throw new Error(`the gateway's call failed: ${JSON.stringify(result.content)}`);
    },
    close: () => mcp.close(),
  };
}

async function main() {
  const tools = await startToolServer();
  console.log(`starting the API under wrangler dev on port ${PORT} ...`);
  const server = await startDevServer({ port: PORT, seed: false, vars: { ALLOW_PRIVATE_HOSTS: tools.host } });
  try {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const paths = await setup(server, tools);
      const samples = { direct: [], gateway: [] };
      try {
        for (let i = 0; i < WARMUP + SAMPLES; i++) {
          const direct = await time(paths.direct);
          const gateway = await time(paths.gateway);
          if (i < WARMUP) continue;
          samples.direct.push(direct);
          samples.gateway.push(gateway);
        }
      } finally {
        await paths.close();
      }
      rounds.push(samples);
      console.log(`round ${round + 1}/${ROUNDS} done`);
    }
    const spread = (values) =>
      `${median(values).toFixed(2)} [${Math.min(...values).toFixed(2)} - ${Math.max(...values).toFixed(2)}]`;
    const stat = (name, p) => rounds.map((r) => percentile(r[name], p));
    const ratio = (p) => rounds.map((r) => percentile(r.gateway, p) / percentile(r.direct, p));
    console.log(`\ntools/call through the MCP gateway vs direct execution of the same tool (wrangler dev)`);
    console.log(
      `${ROUNDS} rounds x ${SAMPLES} alternating samples (after ${WARMUP} warm-up); median over rounds [min - max]\n`,
    );
    console.log(`  ${"".padEnd(44)} ${"p50 ms".padEnd(22)} p99 ms`);
    console.log(
      `  ${"direct: POST .../tools/:toolId/execute".padEnd(44)} ${spread(stat("direct", 50)).padEnd(22)} ${spread(stat("direct", 99))}`,
    );
    console.log(
      `  ${"gateway: SDK client tools/call".padEnd(44)} ${spread(stat("gateway", 50)).padEnd(22)} ${spread(stat("gateway", 99))}`,
    );
    console.log(`  ${"ratio gateway / direct".padEnd(44)} ${spread(ratio(50)).padEnd(22)} ${spread(ratio(99))}`);
  } finally {
    await server.stop();
    await tools.stop();
  }
}

await main();
