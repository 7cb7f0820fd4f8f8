// `npm run bench:gateway`: what a `tools/call` through the MCP gateway (POST /api/v1/mcp, the
// official SDK client, connected) costs over direct execution of the same tool
// (POST /api/v1/connectors/instances/:id/tools/:toolId/execute), as ratios of p50 and p99 measured
// in the same run. The tool is a custom connector's echo on a local tool service; everything runs
// on this machine under `wrangler dev`. Samples alternate (direct, gateway, ...) so both see the
// same load; each round uses a fresh user, so neither per-user limit (execute 120/min, /mcp 60/min)
// is reached.
//
// Second part: a `web_search` capability call through the gateway (the SDK client's tools/call,
// answered when the run ends) against the local Brave fake, which answers each search after
// SEARCH_MS; the chat fake writes the answer at once. The service's overhead is the call's time
// minus the fake's own time for that search (both measured in the same run), per sample.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { answer, apiClient, benchUser } from "../lib/client.mjs";
import { startDevServer } from "../lib/dev-server.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";
import { startProviderFakes } from "../lib/provider-fakes.mjs";
import { startToolServer, TOOL_TOKEN } from "../lib/tool-server.mjs";

console.log(benchEnvironment());

const PORT = Number(process.env.BENCH_PORT ?? 8806);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Per round, with the warm-up, under the gateway's 60 requests a minute per user. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const WARMUP = 5;
/** The search fake's own time per query, and the capability samples per round (one user each: /mcp is 60/min). */
const SEARCH_MS = Number(process.env.BENCH_SEARCH_MS ?? 100);
const SEARCH_SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 30);

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

/** One round of web_search calls by a fresh user: per sample, the call's time and the fake's time for its search. */
async function searchRound(server, fakes) {
  const { token } = await benchUser(server, "bench-gateway-search", "pro");
  const mcp = new Client({ name: "bench", version: "1.0.0" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL("/api/v1/mcp", server.origin), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const samples = { call: [], search: [], overhead: [] };
  try {
    for (let i = 0; i < WARMUP + SEARCH_SAMPLES; i++) {
      const seen = fakes.searches.length;
      const call = await time(async () => {
        const result = await mcp.callTool({ name: "web_search", arguments: { query: `bench ${i}`, maxResults: 3 } });
        if (result.isError || result.structuredContent?.status !== "completed")
          throw new Error(`web_search failed: ${JSON.stringify(result.content).slice(0, 300)}`);
      });
      const [[start, end]] = fakes.searches.slice(seen);
      if (i < WARMUP) continue;
      samples.call.push(call);
      samples.search.push(end - start);
      samples.overhead.push(call - (end - start));
    }
  } finally {
    await mcp.close();
  }
  return samples;
}

async function main() {
  const tools = await startToolServer();
  const fakes = await startProviderFakes({ searchMs: SEARCH_MS });
  console.log(`starting the API under wrangler dev on port ${PORT} ...`);
  const server = await startDevServer({
    port: PORT,
    seed: false,
    vars: { ...fakes.vars, ALLOW_PRIVATE_HOSTS: `${tools.host},${fakes.vars.ALLOW_PRIVATE_HOSTS}` },
  });
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
    console.log(`  ${"".padEnd(44)} ${"p50 ms".padEnd(26)} p99 ms`);
    console.log(
      `  ${"direct: POST .../tools/:toolId/execute".padEnd(44)} ${spread(stat("direct", 50)).padEnd(26)} ${spread(stat("direct", 99))}`,
    );
    console.log(
      `  ${"gateway: SDK client tools/call".padEnd(44)} ${spread(stat("gateway", 50)).padEnd(26)} ${spread(stat("gateway", 99))}`,
    );
    console.log(`  ${"ratio gateway / direct".padEnd(44)} ${spread(ratio(50)).padEnd(26)} ${spread(ratio(99))}`);

    const searches = [];
    for (let round = 0; round < ROUNDS; round++) searches.push(await searchRound(server, fakes));
    const of = (name, p) => searches.map((r) => percentile(r[name], p));
    const share = (p) => searches.map((r) => percentile(r.call, p) / percentile(r.search, p));
    console.log(`
web_search through the MCP gateway vs the search fake's own time (${SEARCH_MS} ms a query)`);
    console.log(
      `${ROUNDS} rounds x ${SEARCH_SAMPLES} calls (after ${WARMUP} warm-up); median over rounds [min - max]\n`,
    );
    console.log(`  ${"".padEnd(44)} ${"p50 ms".padEnd(26)} p99 ms`);
    console.log(
      `  ${"the fake's time for the search".padEnd(44)} ${spread(of("search", 50)).padEnd(26)} ${spread(of("search", 99))}`,
    );
    console.log(
      `  ${"SDK client tools/call web_search".padEnd(44)} ${spread(of("call", 50)).padEnd(26)} ${spread(of("call", 99))}`,
    );
    console.log(
      `  ${"overhead: call - search".padEnd(44)} ${spread(of("overhead", 50)).padEnd(26)} ${spread(of("overhead", 99))}`,
    );
    console.log(`  ${"ratio call / search".padEnd(44)} ${spread(share(50)).padEnd(26)} ${spread(share(99))}`);
  } finally {
    await server.stop();
    await tools.stop();
    await fakes.stop();
  }
}

await main();
