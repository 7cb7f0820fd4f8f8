// `npm run bench:status`: starts `wrangler dev` (local KV/D1), seeds the demo status data, then
// drives autocannon against GET {status_url}/status (200, and 304 with If-None-Match) and
// GET /api/v1/health in the same run, and prints throughput and p99 latency of each as ratios to
// /health. Target: the status summary at 0.9 or better of /health.
//
// The endpoints run in short alternating rounds (health, status, status-304, health, ...) so that
// all three see the same machine load (other work on the machine drifts); the ratios are taken
// within each round and the median over rounds is reported.
import autocannon from "autocannon";
import { startDevServer } from "../lib/dev-server.mjs";
import { benchEnvironment, median } from "../lib/stats.mjs";

console.log(benchEnvironment());

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET_RATIO = 0.9;

function run(url, headers, expectStatus) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, headers, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 },
      (error, result) => {
        if (error) return reject(error);
        const bad = result.non2xx - (expectStatus === 304 ? (result["3xx"] ?? 0) : 0);
        if (result.errors || result.timeouts)
          return reject(new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts`));
        resolve({ rps: result.requests.average, p99: result.latency.p99, total: result.requests.total, bad });
      },
    );
    instance.on("response", (_client, statusCode) => {
      if (statusCode !== expectStatus)
        instance.stop(), reject(new Error(`${url} answered ${statusCode}, expected ${expectStatus}`));
    });
  });
}

const server = await startDevServer({ port: PORT });
try {
  const statusUrl = `${server.origin}/api/v1/status`;
  const first = await fetch(statusUrl);
  if (first.status !== 200) throw new Error(`GET /status answered ${first.status}`);
  const etag = first.headers.get("ETag");
  const summary = (await first.json()).data;
  console.log(
    `status summary: ${summary.services.length} services, ${summary.incidents.length} open incidents, ETag ${etag}`,
  );
  console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds\n`);

  const targets = {
    health: [`${server.origin}/api/v1/health`, {}, 200],
    "status (200)": [statusUrl, {}, 200],
    "status (304)": [statusUrl, { "If-None-Match": etag }, 304],
  };
  // Warm-up: JIT, connection pools, the KV read path.
  for (const [url, headers, code] of Object.values(targets)) await run(url, headers, code).catch(() => {});

  const samples = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, [url, headers, code]] of Object.entries(targets)) {
      const result = await run(url, headers, code);
      samples[name].push(result);
      console.log(
        `round ${round} ${name.padEnd(13)} ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${String(result.p99).padStart(3)} ms`,
      );
    }
  }

  const spread = (values, digits = 2) =>
    `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}]`;
  const ratios = Object.fromEntries(
    Object.entries(samples).map(([name, runs]) => [
      name,
      {
        rps: runs.map((r, k) => r.rps / samples.health[k].rps),
        p99: runs.map((r, k) => samples.health[k].p99 / Math.max(r.p99, 1)),
      },
    ]),
  );
  console.log(
    "\nendpoint       req/s              p99 ms       throughput/health   p99 health/endpoint   (median over rounds [min-max])",
  );
  for (const [name, runs] of Object.entries(samples)) {
    console.log(
      `${name.padEnd(14)} ${spread(
        runs.map((r) => r.rps),
        0,
      ).padEnd(18)} ${spread(
        runs.map((r) => r.p99),
        0,
      ).padEnd(12)} ${spread(ratios[name].rps).padEnd(19)} ${spread(ratios[name].p99)}`,
    );
  }
  const ratio = median(ratios["status (200)"].rps);
  console.log(
    `\nstatus summary throughput at ${ratio.toFixed(2)} of /health (target ${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? "met" : "NOT met"}`,
  );
} finally {
  await server.stop();
}
