import { z } from "zod";
import { base64url, fromBase64url } from "./crypto";
import { badRequest } from "./errors";

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

export const offsetPage = (limit: number, offset: number, total: number) => ({
  limit,
  offset,
  total,
  hasNextPage: offset + limit < total,
});

/** Cursor strategy: `limit` (default 25) and an opaque `cursor` from the previous page. */
export const cursorQuery = (maxLimit = 100, defaultLimit = 25) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
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

/** A cursor names the last row seen by its sort key and id (ties broken by id). */
export interface CursorPosition {
  key: string;
  id: string;
}

export const encodeCursor = (position: CursorPosition) =>
  base64url(new TextEncoder().encode(JSON.stringify([position.key, position.id])));

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [key, id] = JSON.parse(new TextDecoder().decode(fromBase64url(cursor)));
    if (typeof key === "string" && typeof id === "string") return { key, id };
  } catch {
    // fall through: any undecodable cursor is the caller's error
  }
  throw badRequest([{ field: "cursor", message: "is not a cursor this API issued" }]);
}

/** Fetch `limit + 1` rows; the extra one only tells whether another page exists. */
export function cursorPage<T>(rows: T[], limit: number, positionOf: (row: T) => CursorPosition) {
  const page = rows.slice(0, limit);
  const hasNextPage = rows.length > limit;
  const last = page.at(-1);
  return {
    page,
    meta: { limit, hasNextPage, nextCursor: hasNextPage && last ? encodeCursor(positionOf(last)) : null },
  };
}
