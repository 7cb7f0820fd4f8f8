import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { firstDifference } from "../../clients/typescript/generate";
import { referenceDocument } from "../../clients/reference";

/**
 * The committed OpenAPI document, which the Worker serves at `/api/v1/openapi.json` (its bundle has
 * no generator; src/http/openapi.ts), must be what the routes generate with the reference text of
 * clients/reference merged in; `npm run client:generate`
 * (this file and client-drift's with UPDATE_CLIENT=1) rewrites it after a route changes.
 */
const DOCUMENT_FILE = new URL("../../clients/openapi.json", import.meta.url);

const document = await referenceDocument();
const serialized = (value: object) => `${JSON.stringify(value, null, 2)}\n`;

describe("the committed OpenAPI document", () => {
  it("matches the document the routes generate (drift check)", () => {
    const generated = serialized(document);
    if (process.env.UPDATE_CLIENT) writeFileSync(DOCUMENT_FILE, generated);
    const difference = firstDifference(readFileSync(DOCUMENT_FILE, "utf8"), generated);
    expect(difference, "clients/openapi.json is stale: run `npm run client:generate`").toBeNull();
  });

  it("the drift check fails on a deliberately stale copy", () => {
    // A stale copy: the document as it was before a route was added.
    const stale = structuredClone(document) as { paths: Record<string, unknown> };
    delete stale.paths["/api/v1/health"];
    const difference = firstDifference(serialized(stale), serialized(document));
    expect(difference).not.toBeNull();
    expect(difference!.generated).toContain("/api/v1/health");
  });
});
