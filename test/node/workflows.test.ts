// The GitHub workflows are checked against the workflow schema (action-validator), so a typo in
// a key or an event fails `npm test` here instead of on GitHub.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { validateWorkflow } from "@action-validator/core";
import { describe, expect, it } from "vitest";

const dir = resolve(import.meta.dirname, "../../.github/workflows");
const workflows = readdirSync(dir).filter((f) => f.endsWith(".yml"));

describe("GitHub workflows", () => {
  it("has the CI and deploy workflows", () => expect(workflows.sort()).toEqual(["ci.yml", "deploy.yml"]));

  it.each(workflows)("%s is a valid workflow", (file) => {
    expect(validateWorkflow(readFileSync(join(dir, file), "utf8")).errors).toEqual([]);
  });

  it("the validator refuses a broken workflow (the check can fail)", () => {
    expect(
      validateWorkflow("name: x\non: pushh\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    step: []\n").errors.length,
    ).toBeGreaterThan(0);
  });
});
