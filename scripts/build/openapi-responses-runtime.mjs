// Stands in for src/http/openapi-responses.ts in the Worker bundle (wrangler.toml `[alias]`, which
// says why): a route's `responses` feed the OpenAPI document only, which the Worker never builds (it
// serves the committed clients/openapi.json), and @hono/zod-openapi reads nothing of them to route
// or validate. So no envelope or error schema is built here: each helper keeps the shape a route
// declaration spreads (a description per status) without the schemas. Tests and
// `npm run client:generate` resolve the real module.

/** The data schema itself: no envelope object is built around it. */
export const envelope = (data) => data;
export const pagedEnvelope = (data) => data;
/** A response's description without its content (a schema given as a thunk is never built). */
export const json = (_schema, description) => ({ description });
/** No error responses are described. */
export const errors = () => ({});
