import type { FieldError } from "../../../lib/errors";
import type { JsonSchema } from "../../../../shared/connectors/adapter-port";

/**
 * JSON Schema checks (draft 2020-12), answered by the JSON Schema Worker (workers/json-schema)
 * behind the service binding `JSON_SCHEMA`: the validator and its linear-time `pattern` engine
 * weigh more than half of what this Worker would otherwise parse at every cold start
 * (docs/performance.md). Two jobs: checking schemas before they are stored (a user's tool, an MCP
 * server's tools: refused are remote `$ref`s, same-value `$ref` cycles, more than 32 levels,
 * patterns RE2 cannot run) and validating a value against a stored schema (field errors naming
 * the path, never a crash). CONTRACT "Tools and execution".
 */
export type SchemaChecker = Env["JSON_SCHEMA"];

async function ask<T>(checker: SchemaChecker, path: string, body: string): Promise<T> {
  const response = await checker.fetch(`https://json-schema.internal${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  if (!response.ok) throw new Error(`The JSON Schema Worker answered ${response.status} to ${path}`);
  return response.json<T>();
}

/** Why each schema may not be stored, as field errors under its `field` (an empty list: it may). */
export async function schemaProblems(
  checker: SchemaChecker,
  schemas: Array<{ schema: unknown; field: string }>,
): Promise<FieldError[][]> {
  if (!schemas.length) return [];
  const { problems } = await ask<{ problems: FieldError[][] }>(
    checker,
    "/schema-problems",
    JSON.stringify({ schemas }),
  );
  return problems;
}

/** Field errors of `value` against a stored schema, under `field` (empty when valid). */
export async function schemaErrors(
  checker: SchemaChecker,
  schema: JsonSchema,
  value: unknown,
  field: string,
): Promise<FieldError[]> {
  let body: string;
  try {
    body = JSON.stringify({ schema, value, field });
  } catch (error) {
    // A value nested deeper than the stack cannot be sent, as it could not be validated.
    if (error instanceof RangeError)
      return [{ field, message: "cannot be checked: the schema or the value nests too deeply" }];
    throw error;
  }
  return (await ask<{ errors: FieldError[] }>(checker, "/value-errors", body)).errors;
}

/** Whether a tool's output honours its outputSchema (a call that does not is `degraded`). */
export const outputMatchesSchema = async (checker: SchemaChecker, schema: JsonSchema, output: unknown) =>
  (await schemaErrors(checker, schema, output, "output")).length === 0;
