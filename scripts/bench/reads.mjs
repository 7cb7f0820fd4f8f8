// `npm run bench:reads`: latency of authenticated reads (every one starts with the authentication
// query, docs/scale.md) on a local dev server, beside GET /health (no authentication, no D1) in the
// same run. BENCH_BASE=<another checkout of this repository, with its node_modules> adds that
// tree's server, sampled in turns with this one: before and after a change in one run, as the
// ratio of p50s this tree / base per round.
//
// Each round uses a fresh user per server and stays under the per-user limit of every endpoint
// (60 a minute for the unread count); requests are sequential and interleaved across servers and
// endpoints, so both see the same machine load. Figures: median over rounds [min-max].
import { join, resolve } from "node:path";
import { startDevServer } from "../lib/dev-server.mjs";
import { benchUser } from "../lib/client.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";

console.log(benchEnvironment());

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 8801);
const BASE = process.env.BENCH_BASE;
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 8802);
const ENDPOINTS = ["/health", "/me", "/workspaces", "/notifications/unread-count", "/ai/sessions"];

async function timed(server, path, token) {
  const started = performance.now();
  const res = await fetch(`${server.origin}/api/v1${path}`, {
    headers: path === "/health" ? {} : { Authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

/** One round: p50 per endpoint per server, the servers and endpoints taken in turns. */
async function round(servers) {
  const tokens = (await Promise.all(servers.map((server) => benchUser(server, "reads")))).map((user) => user.token);
  const samples = servers.map(() => Object.fromEntries(ENDPOINTS.map((path) => [path, []])));
  for (let i = 0; i < SAMPLES + 3; i++)
    for (const path of ENDPOINTS)
      for (const [s, server] of servers.entries()) {
        const ms = await timed(server, path, tokens[s]);
        if (i >= 3) samples[s][path].push(ms); // the first three warm up
      }
  return samples.map((side) => Object.fromEntries(ENDPOINTS.map((path) => [path, percentile(side[path], 50)])));
}

async function main() {
  const servers = [await startDevServer({ port: PORT, seed: false })];
  try {
    if (BASE) {
      const { startDevServer: startBase } = await import(join(resolve(BASE), "scripts/lib/dev-server.mjs"));
      servers.push(await startBase({ port: BASE_PORT, seed: false }));
    }
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      rounds.push(await round(servers));
      console.log(`round ${r + 1}/${ROUNDS} done`);
    }
    const spread = (values, digits) =>
      `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}]`;
    console.log(
      `\n${SAMPLES} sequential samples per endpoint per round, interleaved; p50 per round, median [min-max] over ${ROUNDS} rounds`,
    );
    console.log(
      `${"endpoint".padEnd(32)} ${"this tree p50 ms".padEnd(22)} ${BASE ? `${"base p50 ms".padEnd(22)} this / base` : ""}`,
    );
    for (const path of ENDPOINTS) {
      const ours = rounds.map((r) => r[0][path]);
      const base = BASE ? rounds.map((r) => r[1][path]) : [];
      const ratio = BASE
        ? spread(
            rounds.map((r) => r[0][path] / r[1][path]),
            2,
          )
        : "";
      console.log(
        `${`GET ${path}`.padEnd(32)} ${spread(ours, 1).padEnd(22)} ${BASE ? `${spread(base, 1).padEnd(22)} ${ratio}` : ""}`,
      );
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
