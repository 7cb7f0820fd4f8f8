// Stands in for @asteasolutions/zod-to-openapi in the Worker bundle (wrangler.toml `[alias]`, which
// says why). @hono/zod-openapi needs its registry and zod's `.openapi()` extension to declare routes,
// but its document generators (two thirds of the package) only ever built `/api/v1/openapi.json`,
// which the Worker now serves from the committed document (clients/openapi.json). Tests and scripts
// resolve the real package, generators included (`openApiDocument` in src/app.ts).
export {
  OpenAPIRegistry,
  extendZodWithOpenApi,
  getOpenApiMetadata,
} from "../../node_modules/@asteasolutions/zod-to-openapi/dist/index.mjs";

class NoGenerator {
  constructor() {
    throw new Error("The Worker bundle has no OpenAPI generator: it serves clients/openapi.json (src/app.ts)");
  }
}
export class OpenApiGeneratorV3 extends NoGenerator {}
export class OpenApiGeneratorV31 extends NoGenerator {}
