// Stands in for src/domains/oauth/endpoint-docs.ts in the Worker bundle (wrangler.toml `[alias]`,
// which says why): the OAuth endpoints' OpenAPI description feeds the document only, which the
// Worker never builds (it serves the committed clients/openapi.json).
export const oauthEndpointDocs = [];
