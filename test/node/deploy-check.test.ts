import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deployProblems } from "../../scripts/deploy-check.mjs";

const root = resolve(import.meta.dirname, "../..");
const shipped = readFileSync(join(root, "wrangler.toml"), "utf8");
const D1_PLACEHOLDER = "00000000-0000-0000-0000-000000000000";
const KV_PLACEHOLDER = "00000000000000000000000000000000";
const ISSUER = "https://api.example.com";

/** `node scripts/deploy-check.mjs -c <config>` with `ISSUER` as given (absent when undefined). */
function runCheck(configPath: string, issuer?: string) {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.ISSUER;
  if (issuer !== undefined) env.ISSUER = issuer;
  return spawnSync(process.execPath, [join(root, "scripts/deploy-check.mjs"), "-c", configPath], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
}

const scratch = mkdtempSync(join(tmpdir(), "deploy-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** wrangler.toml as it is after the README's one-time setup: the ids `wrangler ... create` printed. */
function configuredToml(): string {
  const path = join(scratch, "wrangler.toml");
  writeFileSync(
    path,
    shipped
      .replace(D1_PLACEHOLDER, "4f0c6c1e-7a53-4d7e-9a0e-2b7c1d3e5f60")
      .replace(`"${KV_PLACEHOLDER}"`, '"0f1e2d3c4b5a69788796a5b4c3d2e1f0"'),
  );
  return path;
}

describe("the deploy check (npm run deploy, deploy.yml)", () => {
  it("refuses wrangler.toml as shipped and a missing ISSUER, naming what to run, without a stack trace", () => {
    expect(shipped).toContain(D1_PLACEHOLDER);
    const run = runCheck(join(root, "wrangler.toml"));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      [
        "Deploy check: not deploying.",
        `  - wrangler.toml: D1 database "platform" (binding DB) has the placeholder database_id ${D1_PLACEHOLDER}. Run \`npx wrangler d1 create platform\` and put the database_id it prints into wrangler.toml.`,
        `  - wrangler.toml: KV namespace STATUS_KV has the placeholder id ${KV_PLACEHOLDER}. Run \`npx wrangler kv namespace create STATUS_KV\` and put the id it prints into wrangler.toml.`,
        "  - ISSUER is not set: production needs its public origin (the OAuth issuer, JWT `iss`, the only browser Origin the MCP gateway accepts). Deploy with `ISSUER=https://api.example.com npm run deploy` (GitHub: the repository variable ISSUER). wrangler.toml's [vars] ISSUER stays empty for local development.",
        "",
      ].join("\n"),
    );
  });

  it("passes a configured wrangler.toml with an https ISSUER", () => {
    const run = runCheck(configuredToml(), ISSUER);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`Deploy check passed: resource ids set, ISSUER=${ISSUER}.\n`);
  });

  it("refuses each problem on its own: one placeholder id, an empty or malformed ISSUER", () => {
    const db = { binding: "DB", database_name: "platform", database_id: "4f0c6c1e-7a53-4d7e-9a0e-2b7c1d3e5f60" };
    const kv = { binding: "STATUS_KV", id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" };
    expect(deployProblems({ d1_databases: [db], kv_namespaces: [kv] }, ISSUER)).toEqual([]);
    expect(deployProblems({ d1_databases: [db], kv_namespaces: [{ ...kv, id: KV_PLACEHOLDER }] }, ISSUER)).toEqual([
      expect.stringMatching(/^wrangler\.toml: KV namespace STATUS_KV has the placeholder id/),
    ]);
    expect(deployProblems({ d1_databases: [{ ...db, database_id: undefined }] }, ISSUER)).toEqual([
      expect.stringContaining("npx wrangler d1 create platform"),
    ]);
    expect(deployProblems({}, "")).toEqual([expect.stringMatching(/^ISSUER is not set/)]);
    for (const bad of [
      "http://api.example.com",
      "https://api.example.com/",
      "https://api.example.com/v1",
      "api.example.com",
    ])
      expect(deployProblems({}, bad), bad).toEqual([
        `ISSUER must be an https origin with no path, like https://api.example.com (it is ${JSON.stringify(bad)}).`,
      ]);
  });

  it("runs before `npm run deploy` deploys, which passes ISSUER on", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(pkg.scripts.deploy).toBe("node scripts/deploy-check.mjs && wrangler deploy --var ISSUER:$ISSUER");
  });
});
