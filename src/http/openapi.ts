import { z } from "@hono/zod-openapi";

/** Helpers that keep route declarations short; every route's shapes come from zod schemas. */
export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  content: { "application/json": { schema } },
  required: true,
  description,
});

export { envelope, errors, json, pagedEnvelope } from "./openapi-responses";

export const bearerAuth = [{ bearerAuth: [] }];
export const adminAuth = [{ adminToken: [] }];

export const uuidParam = (name: string) =>
  z.uuid({ message: "must be a UUID" }).openapi({ param: { name, in: "path" } });

export const isoDate = () => z.string().openapi({ format: "date-time" });

/**
 * `build`, run on the first call and kept: for a domain's response schemas, which only the OpenAPI
 * document needs (`json(() => ...)`), so the Worker never builds them (docs/performance.md "A cold
 * request").
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
