// The committed worker-configuration.d.ts is what `npm run types` writes: a stale copy makes
// `wrangler dev` print "Your types might be out of date" (once per Worker) at every start, and leaves
// the compiler checking against bindings that no longer exist.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const TYPES_FILE = "worker-configuration.d.ts";
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/**
 * A scratch copy of what `wrangler types` reads (the configuration, the env file it is given and the
 * entry module, linked), so the check writes nothing in the tree and needs no network: the paths it
 * writes are relative to the output file, so they come out as they do from the project root.
 */
function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "worker-types-"));
  copyFileSync(join(root, "wrangler.toml"), join(dir, "wrangler.toml"));
  copyFileSync(join(root, ".dev.vars.example"), join(dir, ".dev.vars.example"));
  symlinkSync(join(root, "src"), join(dir, "src"));
  return dir;
}

/** Runs `npm run types`'s command in `dir` (its arguments, taken from package.json). */
function generateTypes(dir: string): string {
  const args: string[] = pkg.scripts.types.split(" ").slice(1);
  expect(args[0]).toBe("types");
  execFileSync(process.execPath, [wrangler, ...args], {
    cwd: dir,
    stdio: "pipe",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_WRITE_LOGS: "false", CI: "true" },
  });
  return readFileSync(join(dir, TYPES_FILE), "utf8");
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("worker-configuration.d.ts", () => {
  it("is exactly what `npm run types` generates from wrangler.toml and .dev.vars.example", () => {
    const dir = scratchProject();
    scratch.push(dir);
    const generated = generateTypes(dir);
    const committed = readFileSync(join(root, TYPES_FILE), "utf8");
    // The header names the hash `wrangler dev` compares; a mismatch is its "types might be out of date".
    expect(committed.split("\n")[1]).toBe(generated.split("\n")[1]);
    expect(committed === generated, "run `npm run types` and commit worker-configuration.d.ts").toBe(true);
  });

  it("the check fails on a configuration the committed file does not describe", () => {
    const dir = scratchProject();
    scratch.push(dir);
    const toml = join(dir, "wrangler.toml");
    // A variable added to [vars] without regenerating.
    writeFileSync(toml, readFileSync(toml, "utf8").replace("[vars]\n", '[vars]\nADDED_WITHOUT_TYPES = ""\n'));
    const generated = generateTypes(dir);
    expect(generated).toContain("ADDED_WITHOUT_TYPES");
    expect(generated).not.toBe(readFileSync(join(root, TYPES_FILE), "utf8"));
  });
});
