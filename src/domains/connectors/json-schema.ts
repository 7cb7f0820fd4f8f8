import { Validator, type OutputUnit } from "@cfworker/json-schema";
import type { FieldError } from "../../lib/errors";
import type { JsonSchema } from "./adapters/types";

/**
 * JSON Schema (draft 2020-12) with `@cfworker/json-schema`, which runs on workerd without code
 * generation. Its error list nests: a wrapper entry (`properties`, `allOf`, ...) precedes each real
 * error, so only the leaves are reported (DESIGN.md "Connectors: what was tried").
 */
export function schemaErrors(schema: JsonSchema, value: unknown, field: string): FieldError[] {
  const result = new Validator(schema as never, "2020-12", false).validate(value);
  if (result.valid) return [];
  const leaves = result.errors.filter(
    (error: OutputUnit) => !result.errors.some((other) => other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`)),
  );
  return leaves.map((error) => {
    // A missing property is reported on its object; name the property itself, as other field errors do.
    const missing = error.keyword === "required" ? /property "([^"]+)"/.exec(error.error)?.[1] : undefined;
    const path = fieldPath(field, error.instanceLocation);
    return { field: missing ? `${path}.${missing}` : path, message: missing ? "is required" : error.error };
  });
}

const fieldPath = (root: string, pointer: string) =>
  [root, ...pointer.replace(/^#\/?/, "").split("/").filter(Boolean).map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))].join(".");

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/**
 * Whether a document is a usable JSON Schema: an object whose `type` (if any) names JSON types, and
 * that the validator accepts without throwing. Returns the reason when it is not.
 */
export function invalidSchemaReason(schema: unknown): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "must be a JSON Schema object";
  const type = (schema as Record<string, unknown>).type;
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (!types.every((t) => typeof t === "string" && TYPES.has(t))) return "type must name JSON types";
  const properties = (schema as Record<string, unknown>).properties;
  if (properties !== undefined && (typeof properties !== "object" || properties === null || Array.isArray(properties))) return "properties must be an object";
  try {
    new Validator(schema as never, "2020-12", false).validate({});
  } catch {
    return "is not a valid JSON Schema";
  }
  return null;
}

/** Whether a tool's output honours its outputSchema (a call that does not is `degraded`). */
export const outputMatchesSchema = (schema: JsonSchema, output: unknown) => schemaErrors(schema, output, "output").length === 0;
