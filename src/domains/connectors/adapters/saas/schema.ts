import type { JsonSchema } from "../../../../../shared/connectors/adapter-port";

/**
 * Small builders for the tools' JSON Schemas, so the rules every input schema follows are written
 * once: an input object is closed (`additionalProperties: false`) and its properties are required
 * unless marked `optional(...)`. The result is plain JSON Schema, identical to writing it by hand.
 */

/** A property the caller may leave out. */
class OptionalProperty {
  constructor(readonly schema: JsonSchema) {}
}

export const optional = (schema: JsonSchema) => new OptionalProperty(schema);

/**
 * `{type:"object", additionalProperties:false, required, properties, ...extra}` with `required`
 * listing, in order, every property not marked `optional` (left out when there is none).
 * `extra` takes further keywords (e.g. `oneOf` for "one of these two is required").
 */
export function closed(properties: Record<string, JsonSchema | OptionalProperty>, extra: JsonSchema = {}): JsonSchema {
  const required: string[] = [];
  const plain: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property instanceof OptionalProperty) plain[name] = property.schema;
    else {
      plain[name] = property;
      required.push(name);
    }
  }
  return {
    type: "object",
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
    properties: plain,
    ...extra,
  };
}

/** A string that may be null (an output field the provider does not always send). */
export const nullableString: JsonSchema = { type: ["string", "null"] };
