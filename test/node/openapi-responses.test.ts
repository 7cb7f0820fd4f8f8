import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs stand-in without types (wrangler.toml [alias] swaps it in for the Worker)
import * as standIn from "../../scripts/build/openapi-responses-runtime.mjs";
import { builtOnce } from "../../src/http/openapi";
import { json } from "../../src/http/openapi-responses";

// A route's response schema may be given as a thunk: the document's generation (this module, in
// Node and the tests) builds it at once; the Worker's stand-in never calls it, so a cold request
// builds no response schema (docs/performance.md "A cold request").
describe("response schemas given as thunks", () => {
  it("are built where the document is generated, and never by the Worker's stand-in", () => {
    const schema = z.object({ ok: z.boolean() });
    expect(json(() => schema, "OK")).toEqual({ content: { "application/json": { schema } }, description: "OK" });
    expect(json(schema, "OK").content["application/json"].schema).toBe(schema);
    const never = () => {
      throw new Error("built in the Worker");
    };
    expect(standIn.json(never, "OK")).toEqual({ description: "OK" });
    expect(standIn.envelope(schema)).toBe(schema);
    expect(standIn.errors(400, 404)).toEqual({});
  });

  it("builtOnce builds on the first call only, and keeps what it built", () => {
    let builds = 0;
    const resources = builtOnce(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    const first = resources();
    expect(resources()).toBe(first);
    expect(builds).toBe(1);
  });
});
