// Stands in for a domain's route-docs.ts in the Worker bundle (wrangler.toml `[alias]`, which says
// why): the OpenAPI description of routes that validate without zod feeds the document only, which
// the Worker never builds (it serves the committed clients/openapi.json).
export const routeDocs = [];
