import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, openApiDocument } from "../../src/app";
import { createUser, type TestUser, uniqueIp } from "../helpers/api";
import { partnerKey } from "../helpers/oauth";

/**
 * Every operation of the generated OpenAPI document, fed malformed path parameters, queries and
 * bodies: nothing may answer 5xx, and every error speaks a documented shape (the API envelope, the
 * OAuth error JSON, or an HTML page for the browser-facing OAuth routes). A route added tomorrow is
 * covered the day it appears in the document. Authenticated routes get valid credentials, so the
 * malformed input reaches validation rather than stopping at 401.
 */
type Operation = { method: string; path: string; spec: Record<string, any> };

const document = openApiDocument(await loadApp()) as Record<string, any>;
const operations: Operation[] = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
);

/** Strings that broke or could break parsers, headers, SQL, keys and redirects (issue 10's registration shapes among them). */
const BAD_STRINGS = [
  "",
  " ",
  "https://a.example/cb\r\nX: y",
  "https://a.example/cb\u0000",
  "https://a.example/c\tb",
  "https://a.example/cb\u007f",
  "https://app.example/callback/日本",
  "' OR 1=1 --",
  "../../etc/passwd",
  "x".repeat(5_000),
  "\ud800",
];
const BAD_PATH_PARAMS = [
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "%00",
  "x".repeat(600),
  "%E6%97%A5",
  "..%2F..%2Fadmin",
  "'",
];
const BAD_QUERIES = [
  "limit=-1&offset=abc",
  "limit=100000&offset=-5",
  "cursor=%ZZ&limit=1.5",
  "status=everything&category[]=x",
  "locale=" + "x".repeat(300),
  "lastEventId=-1",
];
const BAD_BODIES: (string | unknown)[] = [
  "not json",
  "[]",
  "null",
  "{",
  '{"__proto__":{"admin":true}}',
  {},
  { unexpected: true },
  JSON.parse("[".repeat(200) + "]".repeat(200)),
];

function resolve(schema: any): any {
  if (!schema?.$ref) return schema;
  return resolve(document.components.schemas[String(schema.$ref).split("/").pop()!]);
}

/** One wrong value per property: bad strings for strings and arrays of strings, wrong types for the rest. */
function propertyMutants(schema: any): Record<string, unknown>[] {
  const properties = resolve(schema)?.properties ?? {};
  return Object.entries(properties).flatMap(([name, property]: [string, any]) => {
    const type = resolve(property)?.type;
    const values: unknown[] =
      type === "array"
        ? [BAD_STRINGS.slice(2, 7), [null], "not an array"]
        : type === "string"
          ? BAD_STRINGS.slice(0, 8)
          : [["wrong"], "wrong", -1e309];
    return values.map((value) => ({ [name]: value }));
  });
}

function credentials(path: string, user: TestUser, partner: string): Record<string, string> {
  if (path.startsWith("/api/v1/admin")) return { Authorization: `Bearer ${env.ADMIN_TOKEN}` };
  if (path.startsWith("/api/v1/partner")) return { Authorization: `Bearer ${partner}` };
  return { Authorization: `Bearer ${user.accessToken}` };
}

async function expectDocumentedAnswer(response: Response, what: string) {
  const text = await response.text();
  expect(response.status, `${what} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (response.status < 400) return;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html")) return;
  const body = JSON.parse(text);
  const envelope =
    typeof body.error === "object" && typeof body.error.code === "string" && typeof body.meta?.requestId === "string";
  const oauth = typeof body.error === "string" && typeof body.error_description === "string";
  // The MCP gateway answers in JSON-RPC's own error shape.
  const jsonRpc =
    body.jsonrpc === "2.0" && typeof body.error?.code === "number" && typeof body.error.message === "string";
  expect(envelope || oauth || jsonRpc, `${what}: ${text.slice(0, 300)}`).toBe(true);
}

describe("malformed input never gives a 5xx, on every operation of the OpenAPI document", () => {
  let user: TestUser;
  let partner: string;
  beforeAll(async () => {
    user = await createUser({ plan: "business", entitlements: ["ai", "connectors"] });
    partner = await partnerKey();
  });

  it("the document lists the operations", () => expect(operations.length).toBeGreaterThan(50));

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", async (_, op) => {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const withParams = (value: string) => op.path.replace(/\{\w+\}/g, value);
    const urls = params.length ? BAD_PATH_PARAMS.map(withParams) : [op.path];
    const requests: { url: string; body?: string; type?: string }[] = urls.map((url) => ({ url }));
    const base = withParams(BAD_PATH_PARAMS[1]!);
    for (const query of BAD_QUERIES) requests.push({ url: `${base}?${query}` });

    const content = op.spec.requestBody?.content ?? {};
    if (content["application/json"]) {
      for (const body of [...BAD_BODIES, ...propertyMutants(content["application/json"].schema)]) {
        requests.push({
          url: base,
          body: typeof body === "string" ? body : JSON.stringify(body),
          type: "application/json",
        });
      }
    }
    if (content["application/x-www-form-urlencoded"]) {
      for (const form of ["grant_type=%ZZ", "code=&code=", "token=" + "x".repeat(5_000), "\u0000=\u0000"]) {
        requests.push({ url: base, body: form, type: "application/x-www-form-urlencoded" });
      }
    }

    for (const request of requests) {
      const headers: Record<string, string> = {
        "CF-Connecting-IP": uniqueIp(),
        ...credentials(op.path, user, partner),
      };
      if (request.type) headers["Content-Type"] = request.type;
      const response = await exports.default.fetch(
        new Request(`http://localhost${request.url}`, {
          method: op.method,
          headers,
          body: request.body,
          redirect: "manual",
        }),
      );
      await expectDocumentedAnswer(
        response,
        `${op.method} ${request.url.slice(0, 120)} ${request.body?.slice(0, 80) ?? ""}`,
      );
    }
  });
});

describe("every documented request body example passes validation", () => {
  let user: TestUser;
  let partner: string;
  beforeAll(async () => {
    user = await createUser({ plan: "business", entitlements: ["ai", "connectors"] });
    partner = await partnerKey();
  });
  const withExamples = operations.flatMap((op) => {
    const media = op.spec.requestBody?.content?.["application/json"];
    const example = resolve(media?.schema)?.example;
    return example ? [[`${op.method} ${op.path}`, op, example] as const] : [];
  });

  it.each(withExamples)("%s", async (_, op, example) => {
    const url = op.path.replace(/\{\w+\}/g, BAD_PATH_PARAMS[1]!);
    const response = await exports.default.fetch(
      new Request(`http://localhost${url}`, {
        method: op.method,
        headers: {
          "CF-Connecting-IP": uniqueIp(),
          "Content-Type": "application/json",
          ...credentials(op.path, user, partner),
        },
        body: JSON.stringify(example),
      }),
    );
    const text = await response.text();
    // Refused for what it names (an unknown id or token, a taken address...), never for its shape;
    // an outside service (payments) that no fake answers here may be unreachable (502).
    expect(JSON.parse(text || "{}").error?.code, text.slice(0, 300)).not.toBe("bad_request");
    expect([500, 501, 503, 504], text.slice(0, 300)).not.toContain(response.status);
  });
});
