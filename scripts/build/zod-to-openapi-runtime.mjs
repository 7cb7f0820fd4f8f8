// Stands in for @asteasolutions/zod-to-openapi in the Worker bundle (wrangler.toml `[alias]`, which
// says why). Its only use in the Worker is @hono/zod-openapi's: a registry every router records its
// routes in, zod's `.openapi()` extension that attaches metadata to schemas, and the document
// generators. All three serve the OpenAPI document, which the Worker never builds: it serves the
// committed one (clients/openapi.json). So here the registry records nothing, `.openapi()` returns
// its schema unchanged (the real one builds a copy of the schema, wraps ten of its methods and
// writes a registry entry, for every call: most of a router group's cold cost, docs/performance.md
// "A cold request"), and the generators throw. Validation never reads that metadata, so every
// request is answered alike. Tests and scripts resolve the real package (`openApiDocument` in
// src/app.ts generates the document from it, test/node/openapi-document.test.ts checks the file).

/** The registry of a router: every route and schema it would have recorded is dropped. */
export class OpenAPIRegistry {
  /** Always empty, so `OpenAPIHono.route()` copies nothing from a child router. */
  get definitions() {
    return [];
  }
  register(_refId, schema) {
    return schema;
  }
  registerParameter(_refId, schema) {
    return schema;
  }
  registerPath() {}
  registerWebhook() {}
  registerComponent(type, name) {
    return { name, ref: { $ref: `#/components/${type}/${name}` } };
  }
}

/** `.openapi(metadata)` (or `.openapi(refId, metadata)`) is the schema itself: metadata only feeds the document. */
export function extendZodWithOpenApi(zod) {
  if (typeof zod.ZodType.prototype.openapi !== "undefined") return;
  zod.ZodType.prototype.openapi = function openapi() {
    return this;
  };
}

/** No schema carries OpenAPI metadata in the Worker. */
export const getOpenApiMetadata = () => ({});

class NoGenerator {
  constructor() {
    throw new Error("The Worker bundle has no OpenAPI generator: it serves clients/openapi.json (src/app.ts)");
  }
}
export class OpenApiGeneratorV3 extends NoGenerator {}
export class OpenApiGeneratorV31 extends NoGenerator {}
