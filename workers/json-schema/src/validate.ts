import { format, Validator, type OutputUnit } from "@cfworker/json-schema";
import { patternMatches, patternProblem, UnusablePattern } from "./schema-patterns";

type JsonSchema = Record<string, unknown>;

/**
 * One problem, in the shape the API's error envelope lists it (its `FieldError`): this Worker's
 * answer on the wire. Declared here because a private Worker imports nothing from src/ (it is a
 * separate Worker behind a service binding; the architecture test checks it).
 */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * JSON Schema (draft 2020-12) with `@cfworker/json-schema`, which runs on workerd without code
 * generation. Two jobs: checking a schema before it is stored (a user's tool, an MCP server's
 * tool), and validating a value against a stored one. CONTRACT "Tools and execution": schemas
 * from users or MCP servers have no remote `$ref` and bounded depth, and validation never takes
 * time that grows exponentially with the input, `pattern` included.
 */

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords whose value is one subschema, an array of them, or a map of them (draft 2020-12 and 7). */
const SINGLE = [
  "additionalItems",
  "unevaluatedItems",
  "items",
  "contains",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
];
const ARRAY = ["prefixItems", "items", "allOf", "anyOf", "oneOf"];
const MAP = ["$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies"];
/** Applicators that apply to the same value: a `$ref` cycle through only these never ends. */
const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies"]);

/** The immediate subschemas of a schema, with the path segments that lead to each. */
function children(schema: Schema): Array<{ path: string[]; schema: unknown; inPlace: boolean }> {
  const found: Array<{ path: string[]; schema: unknown; inPlace: boolean }> = [];
  for (const keyword of SINGLE)
    if (keyword in schema && !Array.isArray(schema[keyword]))
      found.push({ path: [keyword], schema: schema[keyword], inPlace: IN_PLACE.has(keyword) });
  for (const keyword of ARRAY) {
    const value = schema[keyword];
    if (Array.isArray(value))
      value.forEach((item, index) =>
        found.push({ path: [keyword, String(index)], schema: item, inPlace: IN_PLACE.has(keyword) }),
      );
  }
  for (const keyword of MAP) {
    const value = schema[keyword];
    if (!isObject(value)) continue;
    for (const [key, item] of Object.entries(value)) {
      // `dependencies` mixes schemas with arrays of property names (draft 7).
      if (keyword === "dependencies" && Array.isArray(item)) continue;
      found.push({ path: [keyword, key], schema: item, inPlace: IN_PLACE.has(keyword) });
    }
  }
  return found;
}

/** Subschemas nested deeper than this are refused: validation recurses once per level. */
const MAX_SCHEMA_DEPTH = 32;
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const pointerOf = (path: string[]) =>
  path.map((part) => `/${part.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
const fieldOf = (root: string, path: string[]) => [root, ...path].join(".");

/** A local `$ref` as the JSON pointer of its target (`#/$defs/a` → `/$defs/a`), or null when not one. */
function localPointer(ref: string): string | null {
  if (ref !== "#" && !ref.startsWith("#/")) return null;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return null;
  }
}

/**
 * Why a schema may not be stored, as field errors naming the schema path (`inputSchema.properties.
 * name.pattern`); empty when it may. Refused: anything but an object at the root; subschemas that
 * are not objects or booleans; `type` naming other than JSON types; a `$ref` that is not a JSON
 * pointer into the same document (no fetching, no `$id` rebasing, no dynamic references); a `$ref`
 * cycle that applies to the same value (`{"$ref":"#"}` recursed until the stack overflowed);
 * more than 32 levels of subschemas; a `pattern` or `patternProperties` key that RE2 cannot run.
 */
export function schemaProblems(schema: unknown, field: string): FieldError[] {
  if (!isObject(schema)) return [{ field, message: "must be a JSON Schema object" }];
  const problems: FieldError[] = [];
  const nodes = new Map<string, { schema: Schema; path: string[] }>();
  const edges = new Map<string, string[]>();
  const refs: Array<{ from: string; path: string[]; target: string }> = [];

  const visit = (node: unknown, path: string[], depth: number, parent: string | null, inPlace: boolean) => {
    const problem = (message: string, at: string[] = path) => problems.push({ field: fieldOf(field, at), message });
    if (typeof node === "boolean") return;
    if (!isObject(node)) return problem("must be a JSON Schema (an object or a boolean)");
    if (depth > MAX_SCHEMA_DEPTH) return problem(`nests subschemas more than ${MAX_SCHEMA_DEPTH} levels deep`);
    const pointer = pointerOf(path);
    nodes.set(pointer, { schema: node, path });
    if (parent !== null && inPlace) edges.get(parent)!.push(pointer);
    edges.set(pointer, []);
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    if (!types.every((t) => typeof t === "string" && TYPES.has(t))) problem("type must name JSON types");
    if (node.properties !== undefined && !isObject(node.properties))
      problem("must be an object", [...path, "properties"]);
    if (node.$id !== undefined && path.length)
      problem("a nested $id is not supported (it changes what $ref points to)", [...path, "$id"]);
    for (const keyword of ["$dynamicRef", "$recursiveRef"])
      if (node[keyword] !== undefined) problem("dynamic references are not supported", [...path, keyword]);
    if (node.$ref !== undefined) {
      const target = typeof node.$ref === "string" ? localPointer(node.$ref) : null;
      if (target === null)
        problem("must be a JSON pointer into this schema (#/...); remote references are not fetched", [
          ...path,
          "$ref",
        ]);
      else refs.push({ from: pointer, path: [...path, "$ref"], target });
    }
    if (node.pattern !== undefined) {
      const reason = patternProblem(node.pattern);
      if (reason) problem(reason, [...path, "pattern"]);
    }
    if (isObject(node.patternProperties)) {
      for (const key of Object.keys(node.patternProperties)) {
        const reason = patternProblem(key);
        if (reason) problem(reason, [...path, "patternProperties", key]);
      }
    }
    for (const child of children(node))
      visit(child.schema, [...path, ...child.path], depth + 1, pointer, child.inPlace);
  };
  visit(schema, [], 0, null, false);

  for (const ref of refs) {
    if (!nodes.has(ref.target))
      problems.push({ field: fieldOf(field, ref.path), message: "does not point to a subschema of this schema" });
    else edges.get(ref.from)!.push(ref.target);
  }
  const cycle = findCycle(edges);
  if (cycle !== null) {
    const at = nodes.get(cycle)!;
    problems.push({
      field: fieldOf(field, at.schema.$ref !== undefined ? [...at.path, "$ref"] : at.path),
      message: "loops back to itself without descending into the value",
    });
  }
  if (problems.length) return problems;
  try {
    new Validator(schema as never, "2020-12", false).validate({});
  } catch {
    return [{ field, message: "is not a valid JSON Schema" }];
  }
  return [];
}

/** A node on a cycle of same-value applicators and `$ref`s, or null. Iterative: schemas may be wide. */
function findCycle(edges: Map<string, string[]>): string | null {
  const state = new Map<string, "open" | "done">();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    state.set(start, "open");
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const targets = edges.get(top.node) ?? [];
      if (top.next >= targets.length) {
        state.set(top.node, "done");
        stack.pop();
        continue;
      }
      const target = targets[top.next++]!;
      if (state.get(target) === "open") return top.node;
      if (!state.has(target)) {
        state.set(target, "open");
        stack.push({ node: target, next: 0 });
      }
    }
  }
  return null;
}

/**
 * The validator evaluates `pattern` and `patternProperties` with JavaScript's backtracking RegExp,
 * and offers no hook for another engine. So each validation runs on a rewritten copy of the schema:
 * - `pattern: P` becomes `allOf: [{ format: <name> }]`, a format registered in the validator's
 *   (exported, mutable) format table for this one synchronous call, that matches P with RE2. The
 *   validator applies formats to strings only, exactly as it applies `pattern`.
 * - `patternProperties: { P: S }` becomes `{ ^(?:k1|k2)$: S }`: the value's own property names that
 *   RE2 finds P in, as an alternation of literals, which JavaScript matches in linear time.
 */
let formatPrefix: string | undefined;
/** A per-isolate random prefix, so no schema can name our formats; made on first use (no randomness at global scope in Workers). */
const FORMAT_PREFIX = () => (formatPrefix ??= `re2-pattern-${crypto.randomUUID()}-`);
const escapeLiteral = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

function rewrite(schema: unknown, names: () => string[], formats: Map<string, string>): unknown {
  if (!isObject(schema)) return schema;
  const copy: Schema = { ...schema };
  const sub = (item: unknown) => rewrite(item, names, formats);
  for (const keyword of SINGLE) if (isObject(schema[keyword])) copy[keyword] = sub(schema[keyword]);
  for (const keyword of ARRAY)
    if (Array.isArray(schema[keyword])) copy[keyword] = (schema[keyword] as unknown[]).map(sub);
  for (const keyword of MAP) {
    const map = schema[keyword];
    if (isObject(map))
      copy[keyword] = Object.fromEntries(
        Object.entries(map).map(([key, item]) => [key, Array.isArray(item) ? item : sub(item)]),
      );
  }
  if (typeof schema.pattern === "string") {
    const name = `${FORMAT_PREFIX()}${formats.size}`;
    formats.set(name, schema.pattern);
    delete copy.pattern;
    copy.allOf = [...((copy.allOf as unknown[]) ?? []), { format: name }];
  }
  if (isObject(copy.patternProperties)) {
    const entries = Object.entries(copy.patternProperties).map(([pattern, sub], index) => {
      const matching = names()
        .filter((key) => patternMatches(pattern, key))
        .map(escapeLiteral);
      // The empty groups keep two patterns that match the same names from becoming one key.
      return [`^(?:${matching.length ? matching.join("|") : "[^\\s\\S]"})$${"(?:)".repeat(index)}`, sub];
    });
    copy.patternProperties = Object.fromEntries(entries);
  }
  return copy;
}

/** Every property name anywhere in a value (iteratively: a value may nest deeper than the stack). */
function propertyNames(value: unknown): string[] {
  const names = new Set<string>();
  const stack = [value];
  while (stack.length) {
    const item = stack.pop();
    if (Array.isArray(item))
      for (const child of item) stack.push(child); // no spread: arrays may be longer than an argument list
    else if (isObject(item)) for (const [key, child] of Object.entries(item)) names.add(key), stack.push(child);
  }
  return [...names];
}

/**
 * Field errors of `value` against a stored schema (empty when valid). Its nested error list has a
 * wrapper entry (`properties`, `allOf`, ...) before each real error, so only the leaves are reported
 * (DESIGN.md "Connectors: what was tried"). A schema that cannot be evaluated (stored before the
 * checks above, or a value nested deeper than the stack) is a field error, never a crash.
 */
export function schemaErrors(schema: JsonSchema, value: unknown, field: string): FieldError[] {
  const formats = new Map<string, string>();
  let result: ReturnType<Validator["validate"]>;
  try {
    let names: string[] | undefined;
    const prepared = rewrite(schema, () => (names ??= propertyNames(value)), formats);
    for (const [name, pattern] of formats) format[name] = (text: string) => patternMatches(pattern, text);
    try {
      result = new Validator(prepared as never, "2020-12", false).validate(value);
    } finally {
      for (const name of formats.keys()) delete format[name];
    }
  } catch (error) {
    if (error instanceof UnusablePattern) return [{ field, message: `cannot be checked: ${error.message}` }];
    if (error instanceof RangeError)
      return [{ field, message: "cannot be checked: the schema or the value nests too deeply" }];
    return [
      {
        field,
        message: `cannot be checked: the schema is not usable (${(error as Error)?.message ?? "unknown problem"})`,
      },
    ];
  }
  if (result.valid) return [];
  const leaves = result.errors.filter(
    (error: OutputUnit) =>
      !result.errors.some((other) => other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`)),
  );
  return leaves.map((error) => {
    // A missing property is reported on its object; name the property itself, as other field errors do.
    const missing = error.keyword === "required" ? /property "([^"]+)"/.exec(error.error)?.[1] : undefined;
    const path = fieldPath(field, error.instanceLocation);
    const message =
      error.keyword === "format" && formats.has(/format "([^"]+)"/.exec(error.error)?.[1] ?? "")
        ? "String does not match pattern."
        : error.error;
    return { field: missing ? `${path}.${missing}` : path, message: missing ? "is required" : message };
  });
}

const fieldPath = (root: string, pointer: string) =>
  [
    root,
    ...pointer
      .replace(/^#\/?/, "")
      .split("/")
      .filter(Boolean)
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~")),
  ].join(".");
