import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ERROR_STATUS } from "../lib/errors";

/** Helpers that keep route declarations short; every route's shapes come from zod schemas. */
export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  content: { "application/json": { schema } },
  required: true,
  description,
});

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

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** Error responses a route can give, by status, all with the error envelope. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, json(errorEnvelope, `Error ${status}`)]));

export const bearerAuth = [{ bearerAuth: [] }];
export const adminAuth = [{ adminToken: [] }];

export const uuidParam = (name: string) =>
  z.uuid({ message: "must be a UUID" }).openapi({ param: { name, in: "path" } });

export const isoDate = () => z.string().openapi({ format: "date-time" });

/**
 * The handler of `GET /openapi.json`: the document is generated on its first request and kept for
 * the isolate's life (routes cannot change after startup, and generating walks every schema), not
 * at startup, which every cold request pays. Only `servers` follows the request's origin.
 */
export const cachedOpenApiDocument = (generate: () => object) => {
  let document: object | undefined;
  return (c: Context) => {
    document ??= generate();
    return c.json({ ...document, servers: [{ url: new URL(c.req.url).origin }] });
  };
};
