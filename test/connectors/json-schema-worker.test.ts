import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

/**
 * The JSON Schema Worker's protocol (workers/json-schema/src/index.ts), as deployed: built by
 * `wrangler deploy --dry-run` and run in workerd behind the API's binding `JSON_SCHEMA`
 * (vitest.config.ts). What its answers mean for the API is tested through the API
 * (test/connectors/schemas.test.ts); here, the edges of the protocol itself, which only the API's
 * client (src/domains/connectors/instances/json-schema.ts) speaks.
 */
const post = (path: string, body: unknown, method = "POST") =>
  env.JSON_SCHEMA.fetch(`https://json-schema.internal${path}`, {
    method,
    ...(method === "POST" ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });

describe("the JSON Schema Worker", () => {
  it("checks a batch of schemas, one list of problems per schema, in order", async () => {
    const response = await post("/schema-problems", {
      schemas: [
        { schema: { type: "object" }, field: "inputSchema" },
        { schema: { $ref: "https://evil.example/s.json" }, field: "outputSchema" },
        { schema: { type: "string", pattern: "(?=a)" }, field: "inputSchema" },
      ],
    });
    expect(response.status).toBe(200);
    const { problems } = (await response.json()) as { problems: Array<Array<{ field: string }>> };
    expect(problems).toHaveLength(3);
    expect(problems[0]).toEqual([]);
    expect(problems[1]!.map((problem) => problem.field)).toEqual(["outputSchema.$ref"]);
    expect(problems[2]!.map((problem) => problem.field)).toEqual(["inputSchema.pattern"]);
  });

  it("validates a value: field errors under the given field", async () => {
    const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
    const ok = await post("/value-errors", { schema, value: { n: 1 }, field: "input" });
    expect(await ok.json()).toEqual({ errors: [] });
    const bad = await post("/value-errors", { schema, value: {}, field: "input" });
    expect(await bad.json()).toEqual({ errors: [{ field: "input.n", message: "is required" }] });
  });

  it("answers 400 to a body it cannot use, 404 to another path, 405 to another method", async () => {
    expect((await post("/schema-problems", "not json")).status).toBe(400);
    expect((await post("/schema-problems", { schemas: [{ schema: {} }] })).status).toBe(400);
    expect((await post("/value-errors", { schema: [], value: 1, field: "input" })).status).toBe(400);
    expect((await post("/value-errors", { value: 1 })).status).toBe(400);
    expect((await post("/other", {})).status).toBe(404);
    const get = await post("/value-errors", null, "GET");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});
