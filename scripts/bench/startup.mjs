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
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { benchEnvironment, median } from "../lib/stats.mjs";

console.log(benchEnvironment());

const root = resolve(import.meta.dirname, "../..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WORKERS = [
  { name: "this API", dir: root, main: "index.js" },
  { name: "bare Hono Worker", dir: join(root, "scripts/bench/bare-hono"), main: "worker.js" },
  { name: "workers-oauth-provider", dir: join(root, "scripts/bench/oauth-peer"), main: "worker.js" },
];

const scratch = mkdtempSync(join(tmpdir(), "bench-startup-"));
// `check startup` reads the configuration of its working directory (it ignores `--config`).
const run = (cwd, args) =>
  execFileSync(process.execPath, [wrangler, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function startupActiveMs(worker, i) {
  const out = run(worker.dir, ["check", "startup", "--outfile", join(scratch, `profile-${i}.cpuprofile`)]);
  const active = /Active:\s*([\d.]+)\s*ms/.exec(out);
  if (!active) throw new Error(`no startup profile for ${worker.name}:\n${out}`);
  return Number(active[1]);
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
  for (let r = 0; r < RUNS; r++) {
    WORKERS.forEach((worker, i) => active[i].push(startupActiveMs(worker, i)));
    console.log(`round ${r + 1}: ${WORKERS.map((w, i) => `${w.name} ${active[i][r].toFixed(1)} ms`).join(", ")}`);
  }
  const bare = median(active[1]);
  console.log(
    "\nWorker                   | startup CPU, active: median [min-max] | ratio to bare | main module (gzip) | upload (gzip)",
  );
  WORKERS.forEach((worker, i) => {
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
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
