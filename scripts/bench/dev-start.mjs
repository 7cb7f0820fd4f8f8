// `npm run bench:dev-start`: time from starting the dev server to its first 200 on existing state,
// `npm run dev`'s way (startDevServer: migrations and seed skipped when already done) against bare
// `wrangler dev` on the same state folder, in alternating rounds of one run; medians and spread.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EPHEMERAL_SECRETS, freePort, launch, startDevServer } from "../lib/dev-server.mjs";
import { benchEnvironment, median } from "../lib/stats.mjs";

console.log(benchEnvironment());

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const persistTo = mkdtempSync(join(tmpdir(), "bench-dev-start-"));
console.log(`${ROUNDS} rounds`);

try {
  // Build the state once: migrations applied, seed run.

  const first = await startDevServer({ port: await freePort(), persistTo, seedBeforeServing: true });
  await first.stop();

  const bare = [];
  const dev = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const plain = await launch({ port: await freePort(), persistTo, vars: EPHEMERAL_SECRETS, inheritOutput: false });
    bare.push(performance.now() - started);
    await plain.stop();

    started = performance.now();
    const server = await startDevServer({ port: await freePort(), persistTo, seedBeforeServing: true });
    dev.push(performance.now() - started);
    await server.stop();
  }
  const spread = (list) => `${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)} ms`;
  console.log(`bare wrangler dev to first 200: median ${median(bare).toFixed(0)} ms (${spread(bare)})`);
  console.log(`npm run dev's start to first 200: median ${median(dev).toFixed(0)} ms (${spread(dev)})`);
  console.log(`ratio: ${(median(dev) / median(bare)).toFixed(2)}x (goal < 1.5x)`);
} finally {
  rmSync(persistTo, { recursive: true, force: true });
}
