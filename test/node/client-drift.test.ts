import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { firstDifference, generateClientTypes } from "../../clients/typescript/generate";
import { referenceDocument } from "../../clients/reference";

/**
 * The committed client types must be what the live document generates; `npm run client:generate`
 * (this file with UPDATE_CLIENT=1) rewrites them after a route changes.
 */
const SCHEMA_FILE = new URL("../../clients/typescript/schema.d.ts", import.meta.url);

const document = await referenceDocument();

describe("the typed TypeScript client", () => {
  it("matches the OpenAPI document (drift check)", async () => {
    const generated = await generateClientTypes(document);
    if (process.env.UPDATE_CLIENT) writeFileSync(SCHEMA_FILE, generated);
    const difference = firstDifference(readFileSync(SCHEMA_FILE, "utf8"), generated);
    expect(difference, "clients/typescript/schema.d.ts is stale: run `npm run client:generate`").toBeNull();
  });

  it("the drift check fails on a deliberately stale copy", async () => {
    const current = await generateClientTypes(document);
    // A stale copy: the document as it was before a route was added.
    const stale = structuredClone(document) as { paths: Record<string, unknown> };
    delete stale.paths["/api/v1/health"];
    const difference = firstDifference(await generateClientTypes(stale), current);
    expect(difference).not.toBeNull();
    expect(difference!.generated).toContain("/api/v1/health");
  });
});
