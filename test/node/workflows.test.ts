// The GitHub workflows are checked against the workflow schema (action-validator), so a typo in
// a key or an event fails `npm test` here instead of on GitHub.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { validateWorkflow } from "@action-validator/core";
import { describe, expect, it } from "vitest";

const dir = resolve(import.meta.dirname, "../../.github/workflows");
const workflows = readdirSync(dir).filter((f) => f.endsWith(".yml"));
/** The repository variable holding the production ISSUER, as a workflow expression. */
const ISSUER_VARIABLE = `\${{ vars.ISSUER }}`;

describe("GitHub workflows", () => {
  it("has the CI and deploy workflows", () => expect(workflows.sort()).toEqual(["ci.yml", "deploy.yml"]));

  it.each(workflows)("%s is a valid workflow", (file) => {
    expect(validateWorkflow(readFileSync(join(dir, file), "utf8")).errors).toEqual([]);
  });

  it("deploy.yml runs the deploy check before anything reaches Cloudflare, with ISSUER, and passes ISSUER on", () => {
    const deploy = readFileSync(join(dir, "deploy.yml"), "utf8");
    const check = deploy.indexOf(
      `- run: node scripts/deploy-check.mjs\n        env:\n          ISSUER: ${ISSUER_VARIABLE}\n`,
    );
    expect(check).toBeGreaterThan(deploy.indexOf("- run: npm ci"));
    expect(check).toBeLessThan(deploy.indexOf("cloudflare/wrangler-action"));
    const commands = [...deploy.matchAll(/^\s+command: (.+)$/gm)].map((match) => match[1]);
    expect(commands.at(-1)).toBe(`deploy --var ISSUER:${ISSUER_VARIABLE}`);
  });

  it("README names every private Worker deploy.yml deploys, and how many", () => {
    const deploy = readFileSync(join(dir, "deploy.yml"), "utf8");
    const privateWorkers = [...deploy.matchAll(/command: deploy -c (workers\/[\w-]+)\/wrangler\.toml/g)].map(
      (m) => m[1],
    );
    expect(privateWorkers).toEqual(["workers/pdf-text", "workers/json-schema", "workers/sql"]);
    const readme = readFileSync(resolve(dir, "../../README.md"), "utf8");
    const paragraph = readme.slice(readme.indexOf("`.github/workflows/deploy.yml`"));
    expect(paragraph.slice(0, 600)).toContain(
      `deploys the three private Workers (${privateWorkers.map((w) => `\`${w}\``).join(", ")})`,
    );
  });

  it("the validator refuses a broken workflow (the check can fail)", () => {
    expect(
      validateWorkflow("name: x\non: pushh\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    step: []\n").errors.length,
    ).toBeGreaterThan(0);
  });
});
