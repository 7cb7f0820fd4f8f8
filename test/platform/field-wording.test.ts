import { env } from "cloudflare:workers";
import { z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, openApiDocument } from "../../src/app";
import { fieldErrors } from "../../src/http/router";
import { call, createUser, expectError, type TestUser, uniqueIp } from "../helpers/api";
import { partnerKey } from "../helpers/oauth";

/**
 * One wording for every field error (docs/developer-experience.md "Error wording"), installed by
 * src/http/router.ts with zod's `z.config({ customError })`. The rule is checked case by case on
 * zod's issue kinds, then over every operation of the OpenAPI document that takes a JSON body:
 * each required field left out answers 400 `bad_request` naming that field "is required", in the
 * same words whatever its type (a missing string field once said "must be a string").
 */
type Operation = { method: string; path: string; spec: Record<string, any> };

const document = openApiDocument(await loadApp()) as Record<string, any>;

function resolve(schema: any): any {
  if (!schema?.$ref) return schema;
  return resolve(document.components.schemas[String(schema.$ref).split("/").pop()!]);
}

/** Operations whose body is a JSON object (an upload that may be a JSON file is a file, not a body). */
const withJsonBodies: Operation[] = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([method, spec]) => ["post", "put", "patch"].includes(method) && spec.requestBody)
      .map(([method, spec]) => ({ method: method.toUpperCase(), path, spec }))
      .filter((op) => resolve(op.spec.requestBody.content?.["application/json"]?.schema)?.type === "object"),
);

const requiredOf = (op: Operation): string[] =>
  resolve(op.spec.requestBody.content["application/json"].schema).required ?? [];
const exampleOf = (op: Operation): Record<string, unknown> | undefined =>
  resolve(op.spec.requestBody.content["application/json"].schema).example;

/** Path ids that are well formed and name nothing: validation of the body answers before any lookup. */
function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "slug" ? "no-such-slug" : crypto.randomUUID()));
}

function credentials(path: string, user: TestUser, partner: string): string {
  if (path.startsWith("/api/v1/admin")) return env.ADMIN_TOKEN;
  if (path.startsWith("/api/v1/partner")) return partner;
  return user.accessToken;
}

describe("the wording of a field error, per kind of problem", () => {
  // Each schema fails one way; the message is what `details.fields[]` would carry.
  const cases: [string, z.ZodType, unknown, string][] = [
    ["a missing string", z.object({ a: z.string() }), {}, "is required"],
    ["a missing number", z.object({ a: z.number() }), {}, "is required"],
    ["a missing enum", z.object({ a: z.enum(["x", "y"]) }), {}, "is required"],
    ["a missing array", z.object({ a: z.array(z.string()) }), {}, "is required"],
    ["a missing e-mail", z.object({ a: z.email() }), {}, "is required"],
    ["null for a string", z.object({ a: z.string() }), { a: null }, "must be a string"],
    ["a number for a string", z.object({ a: z.string() }), { a: 5 }, "must be a string"],
    ["a string for a number", z.object({ a: z.number() }), { a: "5" }, "must be a number"],
    ["a fraction for an integer", z.object({ a: z.number().int() }), { a: 2.5 }, "must be an integer"],
    ["a string for a boolean", z.object({ a: z.boolean() }), { a: "yes" }, "must be a boolean"],
    ["an object for an array", z.object({ a: z.array(z.string()) }), { a: {} }, "must be an array"],
    ["an array for an object", z.object({ a: z.record(z.string(), z.unknown()) }), { a: [] }, "must be an object"],
    [
      "a long string",
      z.object({ a: z.string().max(2000) }),
      { a: "x".repeat(2001) },
      "must be at most 2000 characters",
    ],
    ["a short string", z.object({ a: z.string().min(10) }), { a: "short" }, "must be at least 10 characters"],
    ["an empty string", z.object({ a: z.string().min(1) }), { a: "" }, "must not be empty"],
    ["an empty list", z.object({ a: z.array(z.string()).min(1) }), { a: [] }, "must not be empty"],
    ["a long list", z.object({ a: z.array(z.string()).max(2) }), { a: ["x", "y", "z"] }, "must have at most 2 items"],
    ["a short list", z.object({ a: z.array(z.string()).min(2) }), { a: ["x"] }, "must have at least 2 items"],
    ["a string of the wrong length", z.object({ a: z.string().length(6) }), { a: "x" }, "must be exactly 6 characters"],
    ["a number too large", z.object({ a: z.number().max(500) }), { a: 501 }, "must be at most 500"],
    ["a number too small", z.object({ a: z.number().min(5) }), { a: 1 }, "must be at least 5"],
    ["a number not below a bound", z.object({ a: z.number().lt(5) }), { a: 5 }, "must be less than 5"],
    ["a number not above a bound", z.object({ a: z.number().gt(0) }), { a: 0 }, "must be more than 0"],
    ["a value off a step", z.object({ a: z.number().multipleOf(5) }), { a: 7 }, "must be a multiple of 5"],
    ["a value off the list", z.object({ a: z.enum(["a", "b"]) }), { a: "c" }, "must be one of: a, b"],
    ["a value not the literal", z.object({ a: z.literal("on") }), { a: "off" }, "must be on"],
    ["a bad e-mail", z.object({ a: z.email() }), { a: "nope" }, "must be an e-mail address"],
    ["a bad URL", z.object({ a: z.url() }), { a: "nope" }, "must be a URL"],
    ["a bad UUID", z.object({ a: z.uuid() }), { a: "nope" }, "must be a UUID"],
    ["a bad date-time", z.object({ a: z.iso.datetime() }), { a: "nope" }, "must be an ISO 8601 date-time"],
    ["a pattern with no words", z.object({ a: z.string().regex(/^x+$/) }), { a: "y" }, "must match the pattern /^x+$/"],
    ["a refinement with no words", z.object({ a: z.string().refine(() => false) }), { a: "y" }, "is invalid"],
    [
      "a missing discriminator",
      z.object({
        a: z.discriminatedUnion("kind", [z.object({ kind: z.literal("x") }), z.object({ kind: z.literal("y") })]),
      }),
      { a: {} },
      "is required",
    ],
    [
      "an unknown discriminator",
      z.object({
        a: z.discriminatedUnion("kind", [z.object({ kind: z.literal("x") }), z.object({ kind: z.literal("y") })]),
      }),
      { a: { kind: "z" } },
      "must be one of: x, y",
    ],
    [
      "a value of no accepted form",
      z.object({ a: z.union([z.string(), z.number()]) }),
      { a: true },
      "must match one of the accepted forms",
    ],
  ];

  it.each(cases)("%s", (_, schema, input, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual([{ field: expect.stringMatching(/^a(\.kind)?$/), message }]);
  });

  it("a schema's own message outranks the common wording", () => {
    const result = z.object({ a: z.string().regex(/^\d{6}$/, "must be 6 digits") }).safeParse({ a: "x" });
    expect(fieldErrors(result.error!)).toEqual([{ field: "a", message: "must be 6 digits" }]);
  });
});

describe("every required field of every JSON body, left out, is named in the same words", () => {
  let user: TestUser;
  let partner: string;
  beforeAll(async () => {
    user = await createUser({ plan: "business", entitlements: ["ai", "connectors"] });
    partner = await partnerKey();
  });

  it("the document has operations with required body fields", () => {
    expect(withJsonBodies.filter((op) => requiredOf(op).length > 0).length).toBeGreaterThan(30);
  });

  it("each operation: an empty body names every required field, and the example without one field names that field", async () => {
    // Every request of every operation at once (workerd answers them concurrently): the whole walk
    // takes about as long as its slowest request.
    const requests = withJsonBodies.flatMap((op) => {
      const required = requiredOf(op);
      if (!required.length) return [];
      const example = exampleOf(op);
      const bodies: { body: Record<string, unknown>; missing: string[] }[] = [{ body: {}, missing: required }];
      if (example) {
        for (const field of required) {
          const { [field]: _left, ...rest } = example;
          bodies.push({ body: rest, missing: [field] });
        }
      }
      return bodies.map(({ body, missing }) => ({ op, body, missing }));
    });

    const answers = await Promise.all(
      requests.map(async ({ op, body, missing }) => {
        const response = await call(op.method, concrete(op.path), {
          body,
          token: credentials(op.path, user, partner),
          ip: uniqueIp(),
        });
        return { what: `${op.method} ${op.path} ${JSON.stringify(body).slice(0, 80)}`, response, missing };
      }),
    );

    expect(answers.length).toBeGreaterThan(60);
    for (const { what, response, missing } of answers) {
      expectError(response, 400, "bad_request");
      const fields: { field: string; message: string }[] = response.body.error.details.fields;
      for (const field of missing) {
        expect(
          fields.filter((f) => f.field === field),
          `${what}: ${JSON.stringify(fields)}`,
        ).toEqual([{ field, message: "is required" }]);
      }
    }
  });
});

describe("the wording through the API", () => {
  it("a wrong type, a length and a choice read as the rule says", async () => {
    const response = await call("POST", "/auth/register", {
      body: { email: 5, password: "short", username: "a" },
      ip: uniqueIp(),
    });
    expectError(response, 400, "bad_request");
    expect(response.body.error.details.fields).toEqual([
      { field: "email", message: "must be a string" },
      { field: "password", message: "must be at least 10 characters" },
      { field: "username", message: "must be 3 to 30 letters, digits or underscores" },
    ]);
  });

  it("a path parameter too: a window off the list names the list", async () => {
    const response = await call("GET", "/status/uptime/2w", { ip: uniqueIp() });
    expectError(response, 400, "bad_request");
    expect(response.body.error.details.fields).toEqual([
      { field: "window", message: "must be one of: 24h, 7d, 30d, 90d, 1y" },
    ]);
  });
});
