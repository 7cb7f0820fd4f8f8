// `node scripts/bench/import-chain.mjs <entry.ts> <path substring>`: what a module loads the moment
// it is imported (static imports only: a dynamic `import()` is loaded when called), and the chain of
// imports by which it reaches the first file matching the substring, e.g. why a cold token request
// loads zod: `node scripts/bench/import-chain.mjs src/domains/oauth/endpoint-routes.ts node_modules/zod/`.
// Bundled as the Worker is, with wrangler.toml's `[alias]` stand-ins.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "../..");
const [entry, target] = process.argv.slice(2);
if (!entry || !target) throw new Error("usage: import-chain.mjs <entry> <path substring>");

const aliasSection =
  /^\[alias\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(readFileSync(resolve(root, "wrangler.toml"), "utf8"))?.[1] ?? "";
const alias = Object.fromEntries(
  [...aliasSection.matchAll(/^"([^"]+)" = "([^"]+)"$/gm)]
    // esbuild takes package names only; the relative specifiers are zod's internals, beside the point here.
    .filter(([, from]) => !from.startsWith("."))
    .map(([, from, to]) => [from, resolve(root, to)]),
);
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: [entry],
  bundle: true,
  write: false,
  metafile: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "browser"],
  external: ["cloudflare:*", "node:*"],
  loader: { ".json": "text", ".html": "text", ".md": "text" },
  alias,
  logLevel: "silent",
});

const from = new Map([[entry, undefined]]);
const queue = [entry];
while (queue.length) {
  const file = queue.shift();
  for (const imported of metafile.inputs[file]?.imports ?? []) {
    if (imported.kind === "dynamic-import" || from.has(imported.path)) continue;
    from.set(imported.path, file);
    queue.push(imported.path);
  }
}
const matching = [...from.keys()].filter((file) => file.includes(target));
console.log(`${entry} loads ${from.size} files at once; ${matching.length} match "${target}"`);
if (matching.length) {
  const chain = [];
  for (let file = matching[0]; file !== undefined; file = from.get(file)) chain.unshift(file);
  console.log(`  ${chain.join("\n  -> ")}`);
}
