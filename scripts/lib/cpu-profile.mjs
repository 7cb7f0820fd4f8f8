// Reading a V8 `.cpuprofile` of an unminified bundle: esbuild's `// src/…` comments name the module
// of each line, so samples add up per source module and per function (scripts/bench/cold-profile.mjs,
// and bench:oauth's BENCH_PROFILE).

/** The module each bundle line belongs to: the nearest `// src/…` or `// node_modules/…` comment above it. */
export function moduleOfLine(bundle) {
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
export function times(profile, owners) {
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

const table = (title, perRun, top) => {
  const keys = new Set(perRun.flatMap((map) => [...map.keys()]));
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  // The mean, not the median: samples are about 1 ms apart, so most keys have none in most runs.
  const rows = [...keys].map((key) => [key, mean(perRun.map((map) => map.get(key) ?? 0))]);
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${title} (mean ms of ${perRun.length} run${perRun.length === 1 ? "" : "s"})`);
  for (const [key, ms] of rows.slice(0, top)) console.log(`${ms.toFixed(2).padStart(8)}  ${key}`);
};

const TABLES = [
  ["self time per module", "self"],
  ["inclusive time per module", "inclusive"],
  ["self time per function", "functions"],
  ["inclusive time per function", "calls"],
];

/** The four tables of `perRun` (one `times()` per profile): self and inclusive time, per module and per function. */
export function printTimes(perRun, top = 25) {
  for (const [title, key] of TABLES)
    table(
      title,
      perRun.map((run) => run[key]),
      top,
    );
}

/** `times()` divided by `count` (per request, when the profile covered `count` of them). */
export const timesPer = (summary, count) =>
  Object.fromEntries(
    Object.entries(summary).map(([key, map]) => [key, new Map([...map].map(([name, ms]) => [name, ms / count]))]),
  );
