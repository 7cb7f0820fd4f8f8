// `npm run bench:account-enumeration`: does the time of forgot-password and resend-confirmation
// reveal whether an address has an account? Starts a local dev server, registers one (unconfirmed)
// account, then sends 200 requests per case (its address / a fresh unknown address) per endpoint
// in a shuffled order, each from its own client IP (the limits count per IP: 3 and 5 per 5 minutes; past the 5 codes an hour one address may receive, its background work is only the count),
// and prints the medians, means and 90th percentiles of both cases and their difference, and the
// difference of medians per round (BENCH_ROUNDS slices of the shuffled calls, default 4) as median [min-max].
import { randomUUID } from "node:crypto";
import { startDevServer } from "../lib/dev-server.mjs";
import { answer, apiClient } from "../lib/client.mjs";
import { benchEnvironment, median, percentile } from "../lib/stats.mjs";

console.log(benchEnvironment());

const CALLS_PER_CASE = Number(process.env.BENCH_CALLS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 8816);
const ENDPOINTS = ["/api/v1/auth/forgot-password", "/api/v1/auth/resend-confirmation"];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

let ipSequence = 0;
/** A distinct documentation-range address per request (RFC 5737 and RFC 3849 space). */
const nextIp = () => `2001:db8::${(++ipSequence).toString(16)}`;

function shuffled(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function timedPost(origin, path, email) {
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": nextIp() },
    body: JSON.stringify({ email }),
  });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { median: percentile(sorted, 50), mean, p90: percentile(sorted, 90) };
};

const server = await startDevServer({ port: PORT });
try {
  const email = `enumeration-${randomUUID()}@example.com`;
  const registered = await answer(
    apiClient(server.origin).POST("/api/v1/auth/register", { body: { email, password: "bench-password-123" } }),
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);

  for (const path of ENDPOINTS) {
    // Warm-up: the first requests pay for compilation and the limiter objects' creation.
    for (let i = 0; i < 10; i++) await timedPost(server.origin, path, `warm-${i}@example.com`);
    const times = { known: [], unknown: [] };
    const roundDifferences = [];
    const answers = new Set();
    const perRound = Math.ceil(CALLS_PER_CASE / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const these = { known: [], unknown: [] };
      for (const kind of shuffled([...Array(perRound).fill("known"), ...Array(perRound).fill("unknown")])) {
        const res = await timedPost(
          server.origin,
          path,
          kind === "known" ? email : `nobody-${randomUUID()}@example.com`,
        );
        these[kind].push(res.ms);
        times[kind].push(res.ms);
        answers.add(`${res.status} ${res.body}`);
      }
      roundDifferences.push(median(these.known) - median(these.unknown));
    }
    const known = summary(times.known);
    const unknown = summary(times.unknown);
    const fmt = (s) => `median ${s.median.toFixed(2)} ms, mean ${s.mean.toFixed(2)} ms, p90 ${s.p90.toFixed(2)} ms`;
    console.log(`${path} (${CALLS_PER_CASE} calls per case)`);
    console.log(`  known address:   ${fmt(known)}`);
    console.log(`  unknown address: ${fmt(unknown)}`);
    console.log(
      `  difference of medians ${(known.median - unknown.median).toFixed(2)} ms, of means ${(known.mean - unknown.mean).toFixed(2)} ms`,
    );
    console.log(
      `  difference of medians per round (${ROUNDS} rounds): ${median(roundDifferences).toFixed(2)} [${Math.min(...roundDifferences).toFixed(2)} - ${Math.max(...roundDifferences).toFixed(2)}] ms`,
    );
    console.log(`  distinct answers: ${[...answers].join(" | ")}`);
  }
} finally {
  await server.stop();
}
