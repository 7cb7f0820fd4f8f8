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
// - A cold request: since the Worker builds each router group on the group's first request, a
//   cold isolate pays its startup plus building the group its request falls in. Measured the same
//   way, on this API with an entry that builds one group at its top level (GROUPS below); the base
//   tree built every router at startup, so its startup is its whole cold cost.
// - BENCH_BASE=<another checkout of this repository, with its node_modules> adds that tree's Worker
//   (e.g. the commit before a change) to the same turns: before and after in one run.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  ...(process.env.BENCH_BASE
    ? [{ name: "this API, base", dir: resolve(process.env.BENCH_BASE), main: "index.js" }]
    : []),
  { name: "bare Hono Worker", dir: join(root, "scripts/bench/bare-hono"), main: "worker.js" },
  { name: "workers-oauth-provider", dir: join(root, "scripts/bench/oauth-peer"), main: "worker.js" },
];

const scratch = mkdtempSync(join(tmpdir(), "bench-startup-"));

/** Router groups a cold request commonly falls in (src/app.ts), and the OpenAPI document (no router; its file is read by the request). */
const GROUPS = ["/api/v1/status", "/api/v1/oauth", "/api/v1/ai", "/api/v1/connectors", "/api/v1/openapi.json"];

/**
 * The tree at `tree` with an entry that also builds `group` at startup, in a folder of its own
 * (wrangler.toml's paths made absolute).
 */
function coldRequestWorker(tree, group, i) {
  const dir = join(scratch, `group-${i}`);
  mkdirSync(dir);
  const source = (path) => JSON.stringify(join(tree, path));
  writeFileSync(
    join(dir, "entry.ts"),
    `export * from ${source("src/index.ts")};\nexport { default } from ${source("src/index.ts")};\n` +
      `import { loadGroupApp } from ${source("src/app.ts")};\nawait loadGroupApp(${JSON.stringify(group)});\n`,
  );
  const config = readFileSync(join(tree, "wrangler.toml"), "utf8")
    .replace(/^main = .*$/m, 'main = "entry.ts"')
    .replaceAll('"./', `"${tree}/`);
  writeFileSync(join(dir, "wrangler.toml"), config);
  return { name: `${group} (${tree})`, dir };
}

/** Whether a tree builds router groups on demand (`loadGroupApp`); older trees built every router at startup. */
const buildsGroups = (tree) =>
  readFileSync(join(tree, "src/app.ts"), "utf8").includes("export async function loadGroupApp");
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
  const bare = median(active[WORKERS.findIndex((worker) => worker.name === "bare Hono Worker")]);
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

  // The base tree's cold request: the same measure when it builds groups on demand too; else its
  // startup, which built every router.
  const base = WORKERS.findIndex((worker) => worker.name === "this API, base");
  const baseTree = base >= 0 ? WORKERS[base].dir : undefined;
  const baseGroups = baseTree !== undefined && buildsGroups(baseTree);
  const cold = GROUPS.map((group, i) => coldRequestWorker(root, group, i));
  const baseCold = baseGroups ? GROUPS.map((group, i) => coldRequestWorker(baseTree, group, GROUPS.length + i)) : [];
  const measured = [...cold, ...baseCold];
  const coldActive = measured.map(() => []);
  for (let r = 0; r < RUNS; r++) measured.forEach((worker, i) => coldActive[i].push(startupActiveMs(worker, `g${i}`)));
  const spread = (list) =>
    `${median(list).toFixed(1)} ms [${Math.min(...list).toFixed(1)}-${Math.max(...list).toFixed(1)}]`;
  const baseHeading = baseGroups
    ? " | the base tree's | ratio"
    : base >= 0
      ? "; ratio to the base tree's startup (it built every router at startup)"
      : "";
  console.log(`\nA cold request: startup plus building its router group, median [min-max]${baseHeading}`);
  GROUPS.forEach((group, i) => {
    const m = median(coldActive[i]);
    const before = baseGroups ? coldActive[GROUPS.length + i] : base >= 0 ? active[base] : undefined;
    const ratio = before
      ? `${baseGroups ? ` | ${spread(before)}`.padEnd(28) : ""} | ${(m / median(before)).toFixed(2)}x`
      : "";
    console.log(`${group.padEnd(24)} | ${spread(coldActive[i])}`.padEnd(50) + ratio);
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
