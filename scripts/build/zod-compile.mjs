// Stands in for zod's `z.compile` module in the Worker bundle (wrangler.toml `[alias]`, which says why).
// `compile` generates validators with `new Function`, which Workers refuse, so there it always hands
// the schema back on the runtime parser; so does this stand-in, without the 31 KiB generator.
export const INVALID = Symbol.for("zod.compile.invalid");
export class ZodCompileAsyncError extends Error {}
export class ZodCompileUnsupportedError extends Error {}
const unsupported = () => {
  throw new ZodCompileUnsupportedError("z.compile is not available in this Worker (no code generation)");
};
export function compile(schema, options) {
  if (options?.strict) unsupported();
  return schema;
}
export const withParser = unsupported;
export const compileFn = unsupported;
