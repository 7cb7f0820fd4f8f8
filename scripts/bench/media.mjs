// `npm run bench:media`: does a large file pass through the media store without memory growing
// with its size, and what does GET /media/:id cost over a plain R2 read in the same Worker?
//   1. Memory: 5 MiB and 50 MiB streamed from Node into R2 through the media domain's `storeMedia`
//      (no length: R2 multipart, as a provider's video of unknown length arrives; then with a
//      length: one FixedLengthStream put), then read back whole through GET /api/v1/media/:id.
//      The RSS of the server's workerd processes is sampled every 50 ms; the peak over the
//      baseline before each transfer is the figure, compared between the two sizes.
//   2. Throughput: GET /api/v1/media/:id (token) against GET /bench/r2/:id (the object straight
//      from R2, nothing else) on the same 4 MiB item, sequential and interleaved, several rounds:
//      MB/s of each and their ratio (median over rounds).
// The Worker is the API plus two bench-only routes (scripts/bench/media-worker/worker.ts) under
// `wrangler dev` on port 8807, its state in .wrangler/state-media-bench.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { applyMigrations, EPHEMERAL_SECRETS, workerdProcesses } from "../lib/dev-server.mjs";
import { benchEnvironment, median } from "../lib/stats.mjs";

console.log(benchEnvironment());

const root = resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 8807);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PERSIST = join(root, process.env.DEV_PERSIST_DIR ?? ".wrangler/state-media-bench");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
/** Enough rounds to see whether RSS levels off (issue 38: 10), each moving 220 MiB in and out. */
const MEMORY_ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 10);
const MiB = 1024 * 1024;
const CHUNK = 256 * 1024;
const READY_TIMEOUT_MS = 90_000;

/** `size` bytes generated as they are sent (Node holds one chunk, not the file). */
function generated(size) {
  let sent = 0;
  const chunk = new Uint8Array(CHUNK).fill(0x76);
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(CHUNK, size - sent);
      sent += n;
      controller.enqueue(n === CHUNK ? chunk.slice() : chunk.slice(0, n));
    },
  });
}

/** Reads a response to its end, counting bytes without keeping them. */
async function drain(response) {
  let bytes = 0;
  for await (const piece of response.body) bytes += piece.byteLength;
  return bytes;
}

/** KiB resident per process of the server's workerd processes, found afresh (wrangler may restart one). */
const rssOf = (server) =>
  Object.fromEntries(
    workerdProcesses(server).map((pid) => {
      try {
        return [pid, Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim() || 0)];
      } catch {
        return [pid, 0];
      }
    }),
  );
const rssKiB = (server) => Object.values(rssOf(server)).reduce((a, b) => a + b, 0);

/** Runs `work` while sampling RSS: the baseline before, the peak during and the value after. */
async function measured(server, work) {
  await new Promise((r) => setTimeout(r, 500));
  const before = rssKiB(server);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(server))), 50);
  try {
    const value = await work();
    peak = Math.max(peak, rssKiB(server));
    return { value, before, peak, after: rssKiB(server) };
  } finally {
    clearInterval(sampler);
  }
}

async function startWorker() {
  mkdirSync(PERSIST, { recursive: true });
  await applyMigrations(PERSIST);
  const vars = EPHEMERAL_SECRETS;
  const args = [
    "dev",
    "scripts/bench/media-worker/worker.ts",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    PERSIST,
    "--show-interactive-dev-session=false",
  ];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn(process.execPath, [join(root, "node_modules/wrangler/bin/wrangler.js"), ...args], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  const server = {
    process: child,
    stop: () =>
      new Promise((done) => (child.exitCode !== null ? done() : (child.once("exit", done), child.kill("SIGTERM")))),
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    if (
      await fetch(`${ORIGIN}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error("the bench Worker did not start");
}

async function register() {
  const res = await fetch(`${ORIGIN}/api/v1/auth/register`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email: `bench-${crypto.randomUUID()}@example.com`, password: "correct-horse-battery" }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const { data } = await res.json();
  return { id: data.user.id, token: data.accessToken };
}

async function store(user, size, withLength) {
  const query = new URLSearchParams({ owner: user.id, ...(withLength ? { length: String(size) } : {}) });
  const res = await fetch(`${ORIGIN}/bench/store?${query}`, {
    method: "PUT",
    body: generated(size),
    duplex: "half",
    headers: withLength ? { "Content-Length": String(size) } : {},
  });
  if (!res.ok) throw new Error(`store answered ${res.status}: ${await res.text()}`);
  const item = await res.json();
  if (item.size !== size) throw new Error(`stored ${item.size} bytes of ${size}`);
  return item;
}

async function readBack(user, id, size) {
  const res = await fetch(`${ORIGIN}/api/v1/media/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
  if (res.status !== 200) throw new Error(`GET /media answered ${res.status}`);
  const bytes = await drain(res);
  if (bytes !== size) throw new Error(`read ${bytes} bytes of ${size}`);
}

const mb = (kib) => `${(kib / 1024).toFixed(1)} MB`;

console.log(`starting the API with the bench routes under wrangler dev on port ${PORT} ...`);
const server = await startWorker();
try {
  const processes = rssOf(server);
  console.log(
    `workerd processes (pid: RSS): ${Object.entries(processes)
      .map(([pid, kib]) => `${pid}: ${mb(kib)}`)
      .join(", ")}`,
  );
  const user = await register();
  // Warm both paths so the first measured transfer does not pay for compilation.
  await readBack(user, (await store(user, MiB, false)).id, MiB);

  console.log(
    "\n1. memory (RSS of the server's workerd processes, summed), per transfer, by round (the first round grows the heaps once):",
  );
  const afterRound = [];
  // Which process holds it: wrangler's proxy in front, or the workerd that runs the Worker and the
  // local R2, D1 and Durable Objects.
  const perProcess = [];
  for (let round = 1; round <= MEMORY_ROUNDS; round++) {
    for (const size of [5 * MiB, 50 * MiB]) {
      for (const [label, withLength] of [
        ["into R2, no length (multipart)", false],
        ["into R2, with length (FixedLengthStream)", true],
      ]) {
        const stored = await measured(server, () => store(user, size, withLength));
        const read = await measured(server, () => readBack(user, stored.value.id, size));
        for (const [what, m] of [
          [label, stored],
          ["back out through GET /media/:id", read],
        ]) {
          const grew = m.peak - m.before;
          console.log(
            `  round ${round} ${String(size / MiB).padStart(2)} MiB ${what.padEnd(42)} before ${mb(m.before)}, peak ${mb(m.peak)} (+${mb(grew)}), after ${mb(m.after)}`,
          );
        }
      }
    }
    afterRound.push(rssKiB(server));
    perProcess.push(rssOf(server));
  }
  // Levels off: over the later half of the rounds RSS stays within 5% (the heaps grow in the first
  // rounds, then a process that held what it moved would still climb a transfer's worth a round).
  const half = Math.ceil(afterRound.length / 2);
  const later = afterRound.slice(half);
  const spread = (Math.max(...later) - Math.min(...later)) / Math.min(...later);
  console.log(
    `  RSS after each round: ${afterRound.map(mb).join(", ")}; rounds ${half + 1}-${afterRound.length} within ${(spread * 100).toFixed(1)}% (${spread <= 0.05 ? "levels off" : "still climbing"})`,
  );
  for (const pid of Object.keys(perProcess[0] ?? {}))
    console.log(`  workerd ${pid} RSS after each round: ${perProcess.map((p) => mb(p[pid] ?? 0)).join(", ")}`);

  console.log(`\n2. throughput of a 4 MiB item, ${REQUESTS} sequential requests per path per round, ${ROUNDS} rounds:`);
  const item = await store(user, 4 * MiB, true);
  // The item's signed URL, as GET /files/:id presents it (a page's <img> or <video> opens it without a token).
  const signed = (
    await (
      await fetch(`${ORIGIN}/api/v1/files/${item.id}`, { headers: { Authorization: `Bearer ${user.token}` } })
    ).json()
  ).data.url;
  const paths = {
    "GET /api/v1/media/:id": () =>
      fetch(`${ORIGIN}/api/v1/media/${item.id}`, { headers: { Authorization: `Bearer ${user.token}` } }),
    "plain R2 read in the same Worker": () => fetch(`${ORIGIN}/bench/r2/${item.id}`),
    "GET /api/v1/media/:id, signed URL": () => fetch(`${ORIGIN}${signed}`),
  };
  const rates = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  const ratios = [];
  const signedRatios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const seconds = Object.fromEntries(Object.keys(paths).map((name) => [name, 0]));
    for (let i = 0; i < REQUESTS; i++) {
      // Alternating which goes first, so neither always follows the other.
      const order = i % 2 ? Object.entries(paths).reverse() : Object.entries(paths);
      for (const [name, request] of order) {
        const started = performance.now();
        const bytes = await drain(await request());
        if (bytes !== 4 * MiB) throw new Error(`${name} gave ${bytes} bytes`);
        seconds[name] += (performance.now() - started) / 1000;
      }
    }
    const perPath = Object.fromEntries(Object.entries(seconds).map(([name, s]) => [name, (REQUESTS * 4) / s]));
    for (const [name, rate] of Object.entries(perPath)) rates[name].push(rate);
    ratios.push(perPath["GET /api/v1/media/:id"] / perPath["plain R2 read in the same Worker"]);
    signedRatios.push(perPath["GET /api/v1/media/:id, signed URL"] / perPath["plain R2 read in the same Worker"]);
  }
  for (const [name, list] of Object.entries(rates))
    console.log(
      `  ${name.padEnd(36)} median ${median(list).toFixed(0)} MiB/s (rounds: ${list.map((r) => r.toFixed(0)).join(", ")})`,
    );
  console.log(
    `  ratio media endpoint / plain R2: median ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(", ")}); goal >= 0.95: ${median(ratios) >= 0.95 ? "met" : "not met"}`,
  );
  console.log(
    `  ratio signed URL / plain R2: median ${median(signedRatios).toFixed(2)} (rounds: ${signedRatios.map((r) => r.toFixed(2)).join(", ")})`,
  );
} finally {
  await server.stop();
}
