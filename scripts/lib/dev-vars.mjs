// The Worker's variables and secrets for `npm run dev` (CONTRACT "Local defaults"): `.dev.vars`
// (written, or completed, with generated secrets), overridden by every name the contract knows that
// is set in the environment, and `AI_DEMO_MODEL=on` unless something says otherwise.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

/** Secrets `npm run dev` generates when `.dev.vars` lacks them (ADMIN_TOKEN is fixed so the seed can print it). */
const GENERATED_SECRETS = {
  JWT_SECRET: () => randomBytes(32).toString("base64url"),
  ADMIN_TOKEN: () => "dev-admin-token",
  // Versioned so keys can rotate: `<version>:<base64 of 32 bytes>`.
  CREDENTIALS_KEY: () => `v1:${randomBytes(32).toString("base64")}`,
  MEDIA_SIGNING_KEY: () => randomBytes(32).toString("base64url"),
};

/** Built-in connectors' OAuth apps: `CONNECTOR_<K>_CLIENT_ID`, `_CLIENT_SECRET`, `_BASE_URL`, for any K. */
const CONNECTOR_VARIABLE = /^CONNECTOR_[A-Z0-9_]+$/;

export const readDevVars = (path) => (existsSync(path) ? parseEnv(readFileSync(path, "utf8")) : {});

/** Writes `.dev.vars` when missing, or appends the generated secrets it lacks; answers the names added. */
export function ensureDevVars(path) {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  const present = parseEnv(text);
  const added = Object.keys(GENERATED_SECRETS).filter((name) => !(name in present));
  if (added.length === 0) return added;
  const lines = added.map((name) => `${name}=${GENERATED_SECRETS[name]()}`);
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${text}${separator}${lines.join("\n")}\n`, { mode: 0o600 });
  return added;
}

/** The names of `wrangler.toml`'s `[vars]` table (plain `NAME = ...` lines up to the next table). */
export function wranglerVarNames(root) {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const section = /^\[vars\]\s*$([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? "";
  return [...section.matchAll(/^([A-Z][A-Z0-9_]*)\s*=/gm)].map((match) => match[1]);
}

/** Every name `.dev.vars.example` mentions, commented-out optional ones included. */
export function exampleNames(root) {
  const example = readFileSync(join(root, ".dev.vars.example"), "utf8");
  return [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
}

/**
 * The contract's variables set in `environment`, by name. A value that is set, even empty, is
 * taken: an empty `ALLOW_PRIVATE_HOSTS=` means "none" and must win over `.dev.vars`.
 */
export function fromEnvironment(environment, root) {
  const names = new Set([...wranglerVarNames(root), ...exampleNames(root)]);
  return Object.fromEntries(
    Object.entries(environment).filter(
      ([name, value]) => value !== undefined && (names.has(name) || CONNECTOR_VARIABLE.test(name)),
    ),
  );
}

/**
 * What `npm run dev` hands the Worker: `.dev.vars`, then the environment's contract variables over
 * it, and the demo model on unless one of them sets `AI_DEMO_MODEL` (CONTRACT "AI sessions").
 */
export function devBindings(devVars, taken) {
  return { AI_DEMO_MODEL: "on", ...devVars, ...taken };
}

/**
 * One line per taken variable for the console. Only plain configuration (`[vars]`, base URLs) shows
 * its value; anything else may be a secret and never is printed.
 */
export function describeTaken(taken, root) {
  const plain = new Set(wranglerVarNames(root));
  return Object.keys(taken)
    .sort()
    .map((name) => (plain.has(name) || name.endsWith("_BASE_URL") ? `${name}=${taken[name]}` : `${name}=(hidden)`));
}

/**
 * `bindings` as a file for `wrangler dev --env-file` (dotenv syntax, then dotenv-expand): values in
 * single quotes (taken literally) with `$` escaped so nothing is expanded; a value that cannot be
 * written that way (a quote or a line break in it) is refused by name, never printed.
 */
export function envFileText(bindings) {
  return Object.entries(bindings)
    .map(([name, value]) => {
      if (/['\r\n]/.test(value))
        throw new Error(`${name} contains a quote or a line break, which wrangler's env file cannot carry`);
      return `${name}='${value.replaceAll("$", "\\$")}'`;
    })
    .join("\n")
    .concat("\n");
}
