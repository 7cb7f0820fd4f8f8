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
import { moduleOfLine, printTimes, times } from "../lib/cpu-profile.mjs";
import { median } from "../lib/stats.mjs";

const root = resolve(import.meta.dirname, "../..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const [which = "", runs = "5"] = process.argv.slice(2);
const requests = COLD_REQUESTS.filter((request) => request.name.includes(which));
const TOP = Number(process.env.TOP ?? 25);

const scratch = mkdtempSync(join(tmpdir(), "cold-profile-"));
const run = (cwd, args) =>
  execFileSync(process.execPath, [wrangler, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

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
    printTimes(perRun, TOP);
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
