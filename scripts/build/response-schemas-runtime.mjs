// Stands in for a domain's response schemas module (`./response-schemas`, imported by that domain's
// router only) in the Worker bundle (wrangler.toml `[alias]`, which says why). A router gives its
// response schemas as thunks, `json(() => envelope(responseSchemas().x))`, and the Worker's `json`
// (scripts/build/openapi-responses-runtime.mjs) never calls a thunk: the schemas feed the OpenAPI
// document only, which the Worker serves as a file. So index.js carries none of them. Tests and
// `npm run client:generate` resolve the real module.

/** Never called in the Worker; a call would mean a response schema is needed at run time. */
export const responseSchemas = () => {
  throw new Error(
    "Response schemas feed the OpenAPI document only: the Worker bundle has none (wrangler.toml [alias])",
  );
};
