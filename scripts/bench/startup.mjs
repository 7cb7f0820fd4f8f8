// `npm run bench:startup`: the startup CPU every cold isolate pays, and the upload size, of this
// API beside a bare Hono Worker (scripts/bench/bare-hono/) and @cloudflare/workers-oauth-provider
// (scripts/bench/oauth-peer/, the peer of bench:oauth), measured in the same run.
//
// - Startup CPU: `wrangler check startup` profiles the bundle's top-level evaluation in workerd;
//   "Active" is CPU time (garbage collection included). RUNS runs per Worker, taken in turns so a
//   busy moment of this shared machine falls on every side alike; median and spread per side, and
//   the ratio of the medians against the bare Worker.
// - Size: `wrangler deploy --dry-run --outdir` writes the upload; index.js and the whole upload,
//   raw and gzip (level 6, roughly what the upload's compression reaches).
// - A cold request: the Worker builds each router group on the group's first request, so a cold
//   isolate's visitor waits for startup plus that request's work. Measured as issue 38 describes:
//   an entry that imports the Worker and hands it the request at its module's top level (bindings
//   absent), profiled the same way, beside the bare Worker doing the same for its one route; each
//   request's ratio to the bare Worker's is printed beside the goal (COLD_REQUESTS, COLD_GOAL).
// - BENCH_BASE=<another checkout of this repository, with its node_modules> adds that tree's Worker
//   (e.g. the commit before a change) to the same turns: before and after in one run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { COLD_GOAL, COLD_REQUESTS, coldRequestWorker } from "../lib/cold-request.mjs";
import { benchEnvironment, median } from "../lib/stats.mjs";

console.log(benchEnvironment());

const root = resolve(import.meta.dirname, "../..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_COLD_ONLY=1 measures the cold requests only (no startup table, no upload sizes): quicker while iterating. */
const COLD_ONLY = Boolean(process.env.BENCH_COLD_ONLY);
const WORKERS = [
  { name: "this API", dir: root, main: "index.js" },
  ...(process.env.BENCH_BASE
    ? [{ name: "this API, base", dir: resolve(process.env.BENCH_BASE), main: "index.js" }]
    : []),
  { name: "bare Hono Worker", dir: join(root, "scripts/bench/bare-hono"), main: "worker.js" },
  { name: "workers-oauth-provider", dir: join(root, "scripts/bench/oauth-peer"), main: "worker.js" },
];

const scratch = mkdtempSync(join(tmpdir(), "bench-startup-"));

// `check startup` reads the configuration of its working directory (it ignores `--config`).
const run = (cwd, args) =>
  execFileSync(process.execPath, [wrangler, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/**
 * Now and then (a few times in a hundred, the bare Worker's short profile mostly) workerd's profile
 * holds no sample and `check startup` prints "Active: 0 ms": not a measurement, so it is taken again.
 */
function startupActiveMs(worker, i, attempts = 3) {
  const out = run(worker.dir, ["check", "startup", "--outfile", join(scratch, `profile-${i}.cpuprofile`)]);
  const active = /Active:\s*([\d.]+)\s*ms/.exec(out);
  if (!active) throw new Error(`no startup profile for ${worker.name}:\n${out}`);
  const ms = Number(active[1]);
  return ms === 0 && attempts > 1 ? startupActiveMs(worker, i, attempts - 1) : ms;
}

function uploadSizes(worker, i) {
  const outdir = join(scratch, `upload-${i}`);
  run(worker.dir, ["deploy", "--dry-run", "--outdir", outdir]);
  const files = readdirSync(outdir, { recursive: true })
    .map((f) => join(outdir, String(f)))
    .filter((f) => statSync(f).isFile() && !f.endsWith(".map") && !f.endsWith("README.md"));
  const size = (list) => list.reduce((sum, f) => sum + statSync(f).size, 0);
  const gzip = (list) => list.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
  const index = files.filter((f) => f.endsWith(`/${worker.main}`));
  return { index: size(index), indexGzip: gzip(index), total: size(files), totalGzip: gzip(files) };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
try {
  const active = WORKERS.map(() => []);
  for (let r = 0; r < (COLD_ONLY ? 0 : RUNS); r++) {
    WORKERS.forEach((worker, i) => active[i].push(startupActiveMs(worker, i)));
    console.log(`round ${r + 1}: ${WORKERS.map((w, i) => `${w.name} ${active[i][r].toFixed(1)} ms`).join(", ")}`);
  }
  const bare = median(active[WORKERS.findIndex((worker) => worker.name === "bare Hono Worker")]);
  if (!COLD_ONLY)
    console.log(
      "\nWorker                   | startup CPU, active: median [min-max] | ratio to bare | main module (gzip) | upload (gzip)",
    );
  (COLD_ONLY ? [] : WORKERS).forEach((worker, i) => {
    const s = uploadSizes(worker, i);
    const m = median(active[i]);
    console.log(
      `${worker.name.padEnd(24)} | ${m.toFixed(1)} ms [${Math.min(...active[i]).toFixed(1)}-${Math.max(...active[i]).toFixed(1)}]`.padEnd(
        65,
      ) +
        ` | ${(m / bare).toFixed(2)}x`.padEnd(16) +
        ` | ${kib(s.index)} (${kib(s.indexGzip)})`.padEnd(21) +
        ` | ${kib(s.total)} (${kib(s.totalGzip)})`,
    );
  });

  const base = WORKERS.findIndex((worker) => worker.name === "this API, base");
  // Cold requests: the bare Worker's one route, then each request on this tree (and the base's),
  // all taken in turns.
  const bareTree = join(root, "scripts/bench/bare-hono");
  const bareCold = coldRequestWorker(
    scratch,
    "bare",
    bareTree,
    "wrangler.toml",
    "worker.ts",
    { name: "GET /", path: "/", expect: 200 },
    0,
  );
  const trees = [root, ...(base >= 0 ? [WORKERS[base].dir] : [])];
  const cold = trees.map((tree, t) =>
    COLD_REQUESTS.map((request, i) =>
      coldRequestWorker(
        scratch,
        request.name,
        tree,
        "wrangler.toml",
        "src/index.ts",
        request,
        1 + t * COLD_REQUESTS.length + i,
      ),
    ),
  );
  const measured = [bareCold, ...cold.flat()];
  const coldActive = measured.map(() => []);
  for (let r = 0; r < RUNS; r++) measured.forEach((worker, i) => coldActive[i].push(startupActiveMs(worker, `c${i}`)));
  const spread = (list) =>
    `${median(list).toFixed(1)} ms [${Math.min(...list).toFixed(1)}-${Math.max(...list).toFixed(1)}]`;
  const bareMs = median(coldActive[0]);
  const ratio = (list) => median(list) / bareMs;
  console.log(
    `\nA cold request (startup + the request's work, bindings absent), median [min-max] of ${RUNS}; goal <= ${COLD_GOAL}x the bare Worker's`,
  );
  console.log(`${"bare Hono Worker, GET /".padEnd(26)} | ${spread(coldActive[0])}`);
  COLD_REQUESTS.forEach((request, i) => {
    const ours = coldActive[1 + i];
    const verdict = ratio(ours) <= COLD_GOAL ? "met" : "NOT met";
    let line = `${`${request.name.padEnd(26)} | ${spread(ours)}`.padEnd(58)} | ${ratio(ours).toFixed(2)}x bare, ${verdict}`;
    if (trees.length > 1) {
      const before = coldActive[1 + COLD_REQUESTS.length + i];
      line += ` | base ${spread(before)}, ${ratio(before).toFixed(2)}x bare | this / base ${(median(ours) / median(before)).toFixed(2)}x`;
    }
    console.log(line);
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
