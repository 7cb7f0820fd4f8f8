import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError, expectFieldError } from "../helpers/api";
import { installToolServer } from "./fakes/tool-server";
import { connected } from "./helpers";
import { seen } from "./fakes/tool-server";

beforeAll(() => installToolServer());

/** `^(a+)+$` against n a's and a "!": exponential on a backtracking engine (28 took 4.4 s, doubling per character). */
const EVIL = "^(a+)+$";
const hostile = "a".repeat(48) + "!";

async function withTool(schema: Record<string, unknown>) {
  const user = await createUser();
  const { instanceId, as } = await connected(user);
  const created = await call("POST", `/connectors/instances/${instanceId}/tools`, {
    ...as,
    body: { toolKey: "checked", displayName: "Checked", inputSchema: schema, outputSchema: { type: "object" } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const execute = (input: unknown) =>
    call("POST", `/connectors/instances/${instanceId}/tools/${created.body.data.id}/execute`, {
      ...as,
      body: { input },
    });
  return { instanceId, as, execute };
}

describe("JSON Schema patterns run in linear time (ReDoS)", () => {
  it("pattern: ^(a+)+$ against 48 a's and a '!' is refused at once, a match still passes", async () => {
    const { execute } = await withTool({ type: "object", properties: { s: { type: "string", pattern: EVIL } } });
    const started = Date.now();
    // On the backtracking engine this takes about 2^48 steps: the test would time out.
    const refused = await execute({ s: hostile });
    expectFieldError(refused, "input.s", "String does not match pattern.");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await execute({ s: "aaaa" })).status).toBe(200);
  });

  it("patternProperties: a hostile property name is matched in linear time, a matching one is checked", async () => {
    const { execute } = await withTool({
      type: "object",
      patternProperties: { [EVIL]: { type: "string" } },
      additionalProperties: { type: "number" },
    });
    // The hostile name does not match the pattern, so additionalProperties applies to it.
    expect((await execute({ [hostile]: 5 })).status).toBe(200);
    expectFieldError(await execute({ [hostile]: "x" }), `input.${hostile}`);
    expectFieldError(await execute({ aaaa: 5 }), "input.aaaa");
    expect((await execute({ aaaa: "x", "a.b": 1 })).status).toBe(200);
  });

  it("ordinary patterns keep JavaScript's meaning: unanchored search, \\d, \\u escapes", async () => {
    const { execute } = await withTool({
      type: "object",
      properties: { code: { type: "string", pattern: "\\d{3}-\\u0041" } },
    });
    expect((await execute({ code: "x123-A" })).status).toBe(200);
    expectFieldError(await execute({ code: "12-A" }), "input.code", "String does not match pattern.");
  });
});

describe("schemas are checked before they are stored", () => {
  const refused: Array<[string, Record<string, unknown>, string, RegExp]> = [
    [
      "lookahead",
      { type: "object", properties: { s: { type: "string", pattern: "^(?=a)a+$" } } },
      "inputSchema.properties.s.pattern",
      /linear-time regex engine/,
    ],
    [
      "lookbehind in patternProperties",
      { type: "object", patternProperties: { "(?<=a)b": {} } },
      "inputSchema.patternProperties.(?<=a)b",
      /linear-time regex engine/,
    ],
    [
      "a backreference in $defs",
      { $defs: { d: { pattern: "(a)\\1" } } },
      "inputSchema.$defs.d.pattern",
      /backreferences/,
    ],
    ["$ref to itself", { $ref: "#" }, "inputSchema.$ref", /loops back to itself/],
    [
      "a $ref cycle through allOf",
      { $defs: { a: { allOf: [{ $ref: "#/$defs/b" }] }, b: { anyOf: [{ $ref: "#/$defs/a" }] } }, type: "object" },
      "inputSchema.$defs.b.anyOf.0.$ref",
      /loops back to itself/,
    ],
    [
      "a remote $ref",
      { type: "object", properties: { x: { $ref: "https://evil.example/schema.json" } } },
      "inputSchema.properties.x.$ref",
      /remote references are not fetched/,
    ],
    ["a relative $ref", { $ref: "other.json#/a" }, "inputSchema.$ref", /remote references/],
    ["a $ref to nothing", { $ref: "#/$defs/missing" }, "inputSchema.$ref", /does not point to a subschema/],
    [
      "a nested $id",
      { properties: { a: { $id: "https://evil.example/", $ref: "#" } } },
      "inputSchema.properties.a.$id",
      /nested \$id/,
    ],
    ["a $dynamicRef", { $dynamicRef: "#meta" }, "inputSchema.$dynamicRef", /dynamic references/],
  ];
  it.each(refused)("%s: 400 naming the schema path", async (_name, schema, field, message) => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const response = await call("POST", `/connectors/instances/${instanceId}/tools`, {
      ...as,
      body: { toolKey: "bad", displayName: "Bad", inputSchema: schema, outputSchema: { type: "object" } },
    });
    expectError(response, 400, "bad_request");
    expect(response.body.error).toEqual({
      code: "bad_request",
      message: "Invalid request",
      details: { fields: [{ field, message: expect.stringMatching(message) }] },
    });
  });

  it("more than 32 levels of subschemas: 400 at the level that is too deep", async () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 40; level++) schema = { type: "object", properties: { n: schema } };
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const response = await call("POST", `/connectors/instances/${instanceId}/tools`, {
      ...as,
      body: { toolKey: "deep", displayName: "Deep", inputSchema: schema, outputSchema: { type: "object" } },
    });
    expectFieldError(response, `inputSchema${".properties.n".repeat(33)}`, /more than 32 levels/);
  });

  it("recursion that descends into the value is fine: a tree of nodes", async () => {
    const { execute } = await withTool({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#" } }, name: { type: "string" } },
    });
    expect((await execute({ name: "a", children: [{ name: "b", children: [] }] })).status).toBe(200);
    expectFieldError(await execute({ children: [{ name: 5 }] }), "input.children.0.name");
  });
});

describe("a hostile schema stored before these checks never makes execution answer 500", () => {
  const stored: Array<[string, Record<string, unknown>]> = [
    ["$ref to itself", { $ref: "#" }],
    ["a remote $ref", { $ref: "https://evil.example/schema.json" }],
    ["a lookahead pattern", { properties: { s: { pattern: "(?=a)" } } }],
  ];
  it.each(stored)("%s: 400 on input, nothing sent", async (_name, schema) => {
    const { instanceId, execute } = await withTool({ type: "object" });
    await env.DB.prepare("UPDATE connector_tools SET input_schema = ? WHERE instance_id = ?")
      .bind(JSON.stringify(schema), instanceId)
      .run();
    const response = await execute({ s: "a" });
    expectError(response, 400, "bad_request");
    expect(response.body.error.details.fields[0]).toEqual({
      field: "input",
      message: expect.stringMatching(/^cannot be checked: /),
    });
  });
});

describe("the MCP gateway with a hostile stored schema", () => {
  it.each([
    ["$ref to itself", { $ref: "#" }],
    ["a remote $ref", { $ref: "https://evil.example/schema.json" }],
  ])("%s: tools/list and tools/call answer JSON-RPC results, never HTTP 500", async (_name, schema) => {
    const user = await createUser();
    const { key, instanceId } = await connected(user);
    await env.DB.prepare("UPDATE connector_tools SET input_schema = ? WHERE instance_id = ?")
      .bind(JSON.stringify(schema), instanceId)
      .run();
    const rpc = (method: string, params: unknown) =>
      call("POST", "/mcp", {
        token: user.accessToken,
        body: { jsonrpc: "2.0", id: 1, method, params },
        headers: { "MCP-Protocol-Version": "2025-11-25" },
      });
    const list = await rpc("tools/list", {});
    expect(list.status).toBe(200);
    expect(list.body.result.tools.map((tool: { name: string }) => tool.name)).toContain(`${key}.echo`);
    const before = seen.length;
    const called = await rpc("tools/call", { name: `${key}.echo`, arguments: { text: "x" } });
    expect(called.status).toBe(200);
    expect(called.body).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: { isError: true, content: [{ type: "text", text: expect.any(String) }] },
    });
    expect(seen.length).toBe(before);
  });
});
