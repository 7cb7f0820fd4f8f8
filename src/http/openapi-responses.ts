import { z } from "@hono/zod-openapi";
import { ERROR_STATUS } from "../lib/errors";

// The helpers that describe a route's responses. `responses` of a route is read by the OpenAPI
// document's generator only (request validation reads `request`), so the Worker's bundle swaps this
// module for scripts/build/openapi-responses-runtime.mjs (wrangler.toml `[alias]`), which builds no
// schema: a cold request does not pay for the envelopes of every route of its group. Tests and
// `npm run client:generate` use this module, so the document is unchanged.

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const pagedEnvelope = <T extends z.ZodType, M extends z.ZodType>(data: T, meta: M) => z.object({ data, meta });

const errorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    meta: z.object({ requestId: z.string(), durationMs: z.number().optional() }),
  })
  .openapi("Error");

/**
 * A JSON response of `schema`, or of what `schema()` builds: a thunk lets a domain build its
 * response schemas only where the document is generated (here, at once), never in the Worker,
 * whose stand-in does not call it (`builtOnce` in ./openapi.ts).
 */
export const json = <T extends z.ZodType>(schema: T | (() => T), description: string) => ({
  content: { "application/json": { schema: typeof schema === "function" ? schema() : schema } },
  description,
});

/** Error responses a route can give, by status, all with the error envelope. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, json(errorEnvelope, `Error ${status}`)]));
