// Stands in for zod's `z.fromJSONSchema` in the Worker bundle (wrangler.toml `[alias]`): nothing here
// builds zod schemas from JSON Schema (connector schemas are validated by @cfworker/json-schema).
export function fromJSONSchema() {
  throw new Error("z.fromJSONSchema is not available in this Worker");
}
