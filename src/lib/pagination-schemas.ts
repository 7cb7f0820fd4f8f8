import { z } from "zod";
import { CURSOR_LIMIT } from "./pagination";

/** Offset strategy: `limit` 1..max (default 20), `offset` >= 0. */
export const offsetQuery = (maxLimit = 50, defaultLimit = 20) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });

/**
 * The pages' `meta` schemas describe responses only (the Worker validates none; the OpenAPI
 * document and tests read them), so each is a `z.lazy`: built on first use (zod keeps it), not by
 * every router group that imports this module for its query schemas or cursors
 * (docs/performance.md "A cold request"). The document is the same as with the object itself.
 */
export const offsetMeta = z.lazy(() =>
  z.object({
    limit: z.number(),
    offset: z.number(),
    total: z.number(),
    hasNextPage: z.boolean(),
    requestId: z.string(),
    durationMs: z.number(),
  }),
);

/**
 * Cursor strategy: `limit` (`CURSOR_LIMIT`) and an opaque `cursor` from the previous page. Read
 * without zod by `readCursorQuery` (pagination.ts) where a router group loads none.
 */
export const cursorQuery = () =>
  z.object({
    limit: z.coerce.number().int().min(1).max(CURSOR_LIMIT.max).default(CURSOR_LIMIT.default),
    cursor: z.string().min(1).optional(),
  });

export const cursorMeta = z.lazy(() =>
  z.object({
    limit: z.number(),
    hasNextPage: z.boolean(),
    nextCursor: z.string().nullable(),
    requestId: z.string(),
    durationMs: z.number(),
  }),
);
