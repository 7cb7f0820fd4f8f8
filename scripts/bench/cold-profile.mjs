// `node scripts/bench/cold-profile.mjs [request name substring] [runs]`: where a cold request's
// time goes. Builds the cold-request entry of bench:startup (scripts/lib/cold-request.mjs) without
// minifying, so esbuild's `// src/...` comments mark each module in the bundle, profiles it with
// `wrangler check startup` RUNS times, and prints self time summed per source module and the
// heaviest functions (means over the runs). For reading, not for figures: bench:startup measures
// the minified bundle that ships.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { COLD_REQUESTS, coldRequestWorker } from "../lib/cold-request.mjs";
import { median } from "../lib/stats.mjs";

const root = resolve(import.meta.dirname, "../..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const [which = "", runs = "5"] = process.argv.slice(2);
const requests = COLD_REQUESTS.filter((request) => request.name.includes(which));
const TOP = Number(process.env.TOP ?? 25);

const scratch = mkdtempSync(join(tmpdir(), "cold-profile-"));
const run = (cwd, args) =>
  execFileSync(process.execPath, [wrangler, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The module each bundle line belongs to: the nearest `// src/…` or `// node_modules/…` comment above it. */
function moduleOfLine(bundle) {
  const owners = [];
  let current = "(entry)";
  for (const line of bundle.split("\n")) {
    const marker = /^\/\/ (?:\S*?\/)?((?:src|node_modules)\/\S+)$/.exec(line);
    if (marker) current = marker[1].replace(/^.*node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, "node_modules/$1");
    owners.push(current);
  }
  return owners;
}

/**
 * Per module and per function of one `.cpuprofile`: self time (ms), and inclusive time (a sample
 * counts for every module on its stack, once), which is what loading and using a module costs.
 */
function times(profile, owners) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const ownerOf = (frame) =>
    frame.lineNumber >= 0 && frame.url
      ? (owners[frame.lineNumber] ?? frame.url)
      : `(${frame.functionName || "program"})`;
  const self = new Map();
  const inclusive = new Map();
  const functions = new Map();
  const calls = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id).callFrame;
    add(self, ownerOf(frame), ms);
    add(functions, `${frame.functionName || "(anonymous)"} ${ownerOf(frame)}:${frame.lineNumber + 1}`, ms);
    const seen = new Set();
    const callers = new Set();
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const caller = byId.get(node).callFrame;
      seen.add(ownerOf(caller));
      callers.add(`${caller.functionName || "(anonymous)"} ${ownerOf(caller)}:${caller.lineNumber + 1}`);
    }
    for (const owner of seen) add(inclusive, owner, ms);
    for (const caller of callers) add(calls, caller, ms);
  });
  return { self, inclusive, functions, calls };
}

const table = (title, perRun) => {
  const keys = new Set(perRun.flatMap((map) => [...map.keys()]));
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  // The mean, not the median: samples are about 1 ms apart, so most keys have none in most runs.
  const rows = [...keys].map((key) => [key, mean(perRun.map((map) => map.get(key) ?? 0))]);
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${title} (mean ms of ${perRun.length} runs)`);
  for (const [key, ms] of rows.slice(0, TOP)) console.log(`${ms.toFixed(2).padStart(8)}  ${key}`);
};

try {
  requests.forEach((request, i) => {
    const worker = coldRequestWorker(scratch, request.name, root, "wrangler.toml", "src/index.ts", request, i);
    const config = join(worker.dir, "wrangler.toml");
    writeFileSync(config, readFileSync(config, "utf8").replace(/^minify = true$/m, "minify = false"));
    const out = join(worker.dir, "out");
    const bundle = join(worker.dir, "worker.bundle");
    run(worker.dir, ["deploy", "--dry-run", "--outdir", out, "--outfile", bundle]);
    const owners = moduleOfLine(readFileSync(join(out, "entry.js"), "utf8"));
    const perRun = [];
    const active = [];
    for (let r = 0; r < Number(runs); r++) {
      const file = join(scratch, `${i}-${r}.cpuprofile`);
      const printed = run(worker.dir, ["check", "startup", "--worker", bundle, "--outfile", file]);
      active.push(Number(/Active:\s*([\d.]+)\s*ms/.exec(printed)?.[1]));
      perRun.push(times(JSON.parse(readFileSync(file, "utf8")), owners));
    }
    console.log(`\n=== ${request.name}: active ${median(active).toFixed(1)} ms (median of ${runs}, unminified)`);
    table(
      "self time per module",
      perRun.map((r) => r.self),
    );
    table(
      "inclusive time per module",
      perRun.map((r) => r.inclusive),
    );
    table(
      "self time per function",
      perRun.map((r) => r.functions),
    );
    table(
      "inclusive time per function",
      perRun.map((r) => r.calls),
    );
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
