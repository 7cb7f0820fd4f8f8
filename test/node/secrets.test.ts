import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CAPABILITY_PROVIDER_LIST } from "../../src/domains/ai/capabilities/providers/registry";
import { SAAS_CONNECTOR_LIST } from "../../src/domains/connectors/adapters/saas/registry";
import { logError } from "../../src/lib/log";
import { isSecretByPattern, isSecretName, SECRET_NAMES, secretNames } from "../../src/lib/secrets";

/**
 * The one declaration of the deployment's secrets (src/lib/secrets.ts) against what the project
 * tells operators: every secret README's table and `.dev.vars.example` name is declared, README
 * lists every declared one, no `[vars]` name of wrangler.toml is taken for a secret, and each
 * secret's value is masked in a log line (hardening issue, point 5: eight were not). The capability
 * providers' secrets come from their definitions (the registry, imported above, declares them).
 */
const ROOT = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** `CONNECTOR_<K>_...` for each built-in OAuth connector K (upper case, `-` as `_`). */
const CONNECTOR_KS = SAAS_CONNECTOR_LIST.map((connector) => connector.key.toUpperCase().replaceAll("-", "_"));
const expand = (name: string) => (name.includes("<K>") ? CONNECTOR_KS.map((k) => name.replace("<K>", k)) : [name]);

/** The names in wrangler.toml's `[vars]` table. */
function wranglerVars(): string[] {
  const section = /^\[vars\]\n([\s\S]*?)(?=^\[)/m.exec(read("wrangler.toml"))![1]!;
  return [...section.matchAll(/^([A-Z][A-Z0-9_]*)\s*=/gm)].map((match) => match[1]!);
}
const VARS = new Set(wranglerVars());
/** Vars that live outside `[vars]`: the built-in connectors' `CONNECTOR_<K>_BASE_URL` (CONTRACT "Catalogue"). */
const isVar = (name: string) => VARS.has(name) || /^CONNECTOR_[A-Z0-9_]+_BASE_URL$/.test(name);

/** Every name `.dev.vars.example` sets or shows commented out. */
function exampleNames(): string[] {
  return [...read(".dev.vars.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

/** The names in README's secrets table (its first column), `<K>` expanded. */
function readmeSecrets(): string[] {
  const readme = read("README.md");
  const table = readme.slice(readme.indexOf("| Secret "), readme.indexOf("\nVariables (`[vars]`"));
  const rows = table.split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) =>
    [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_<>]*)`/g)].flatMap((m) => expand(m[1]!)),
  );
}

/** What one log line says when `name` holds `value` and an error quotes it. */
function logLine(name: string, value: string): string {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  logError({ [name]: value }, { error: `upstream said: ${value}`, stack: `Error: ${value}\n    at x` });
  const line = String(spy.mock.calls.at(-1)![0]);
  spy.mockRestore();
  return line;
}

afterEach(() => vi.restoreAllMocks());

describe("the secrets module against README, .dev.vars.example and wrangler.toml", () => {
  const readme = readmeSecrets();
  const example = exampleNames();

  it("README's secrets table is complete and names only secrets", () => {
    expect(readme.length).toBeGreaterThan(0);
    for (const name of readme)
      expect({ name, secret: isSecretName(name), isVar: isVar(name) }).toEqual({ name, secret: true, isVar: false });
    for (const name of secretNames()) expect(readme, name).toContain(name);
    for (const k of CONNECTOR_KS)
      expect(readme).toEqual(expect.arrayContaining([`CONNECTOR_${k}_CLIENT_ID`, `CONNECTOR_${k}_CLIENT_SECRET`]));
  });

  it("every name .dev.vars.example shows is either a var or a declared secret, and it shows every declared secret", () => {
    for (const name of example)
      expect({ name, either: isSecretName(name) !== isVar(name) }).toEqual({ name, either: true });
    for (const name of secretNames()) expect(example, name).toContain(name);
  });

  it("no [vars] name is a secret (OPENAI_PROVIDER_KEY is a var)", () => {
    expect(VARS.has("OPENAI_PROVIDER_KEY")).toBe(true);
    expect([...VARS].filter(isSecretName)).toEqual([]);
    expect(isSecretName("CONNECTOR_SLACK_BASE_URL")).toBe(false);
  });
});

/** Every secret a capability provider's definition declares. */
const PROVIDER_SECRETS = [
  ...new Set(CAPABILITY_PROVIDER_LIST.flatMap((provider): string[] => [...provider.config.secrets])),
];

describe("the capability providers' secrets, from their definitions", () => {
  it("are declared without a hand list, and named like secrets (masked even where the registry has not loaded)", () => {
    expect(PROVIDER_SECRETS).toEqual(
      expect.arrayContaining(["BRAVE_API_KEY", "KLING_ACCESS_KEY", "KLING_SECRET_KEY", "ELEVENLABS_API_KEY"]),
    );
    // lib/secrets lists none of them by hand (OPENAI_API_KEY is the chat model's, declared there too).
    expect(SECRET_NAMES.filter((name) => PROVIDER_SECRETS.includes(name))).toEqual(["OPENAI_API_KEY"]);
    for (const name of PROVIDER_SECRETS) {
      expect(secretNames(), name).toContain(name);
      expect({ name, byPattern: isSecretByPattern(name) }).toEqual({ name, byPattern: true });
    }
  });
});

describe("each secret is redacted in a log line", () => {
  const names = [
    ...new Set([...secretNames(), ...PROVIDER_SECRETS, ...readmeSecrets(), ...exampleNames().filter(isSecretName)]),
  ];

  it.each(names)("%s", (name) => {
    // A quote and a backslash: the line is JSON, where they appear escaped.
    const value = `${name.toLowerCase()}-value-"0123\\456789`;
    const line = logLine(name, value);
    expect(line).not.toContain(value);
    expect(line).not.toContain(JSON.stringify(value).slice(1, -1));
    expect(line.match(/\[redacted\]/g)).toHaveLength(2);
    expect(JSON.parse(line)).toMatchObject({ error: "upstream said: [redacted]" });
  });

  it("a var's value stays in the line", () => {
    for (const name of VARS)
      expect(logLine(name, "https://var-value.example/path")).toContain("https://var-value.example/path");
  });
});
