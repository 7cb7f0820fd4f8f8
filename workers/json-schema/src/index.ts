// The JSON Schema Worker: the validator (@cfworker/json-schema) and the linear-time regex engine
// for `pattern` (re2js, ~150 KiB of Unicode tables) live here rather than in the API's Worker,
// whose every cold start would otherwise parse them (docs/performance.md). The API reaches it only
// through its service binding `JSON_SCHEMA`; it has no route on the internet.
//
// Protocol (POST, JSON in and out):
// - `/schema-problems` `{ "schemas": [{ "schema": ..., "field": "inputSchema" }, ...] }`:
//   200 `{ "problems": [[FieldError, ...], ...] }`, one list per schema, in order (empty: storable).
//   A batch, so checking the tools an MCP server lists costs one call, not one per tool.
// - `/value-errors` `{ "schema": ..., "value": ..., "field": "input" }`: 200 `{ "errors": [...] }`.
// A body that is not one of these is 400; another path 404; another method 405.
import { schemaErrors, schemaProblems } from "./validate";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function answer(path: string, body: unknown): Response {
  if (!isObject(body)) return Response.json({ error: "bad_request" }, { status: 400 });
  if (path === "/schema-problems") {
    const { schemas } = body;
    if (!Array.isArray(schemas) || !schemas.every((item) => isObject(item) && typeof item.field === "string"))
      return Response.json({ error: "bad_request" }, { status: 400 });
    return Response.json({ problems: schemas.map((item) => schemaProblems(item.schema, item.field as string)) });
  }
  if (!isObject(body.schema) || typeof body.field !== "string")
    return Response.json({ error: "bad_request" }, { status: 400 });
  return Response.json({ errors: schemaErrors(body.schema, body.value, body.field) });
}

export async function handleJsonSchema(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname !== "/schema-problems" && pathname !== "/value-errors") return new Response(null, { status: 404 });
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ error: "bad_request" }, { status: 400 });
  }
  return answer(pathname, body);
}

export default { fetch: handleJsonSchema } satisfies ExportedHandler;
