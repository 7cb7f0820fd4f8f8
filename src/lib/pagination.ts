import { base64url, fromBase64url } from "./crypto";
import { badRequest, type FieldError } from "./errors";

// Pages of a list: offsets and cursors, and the cursor query read by hand. No zod here (the query
// schemas are pagination-schemas.ts): a list's router group that validates without zod, like the
// sessions list, loads none (docs/performance.md "A cold request").

export const offsetPage = (limit: number, offset: number, total: number) => ({
  limit,
  offset,
  total,
  hasNextPage: offset + limit < total,
});

/** The cursor strategy's `limit`: at most 100, 25 when not given. */
export const CURSOR_LIMIT = { max: 100, default: 25 } as const;

/**
 * The cursor strategy's query (`limit`, `cursor`) as `cursorQuery()` reads it, without zod: the
 * same values and the same field errors for every input (test/platform/pagination.test.ts holds
 * the two side by side). `query` is as Hono's validator gives it: a repeated key is an array.
 */
export function readCursorQuery(query: Record<string, string | string[]>): { limit: number; cursor?: string } {
  const fields: FieldError[] = [];
  const problem = (field: string) => (message: string) => fields.push({ field, message });
  const limit = query.limit === undefined ? CURSOR_LIMIT.default : Number(query.limit);
  const limitProblem = problem("limit");
  if (!Number.isFinite(limit)) limitProblem("must be a number");
  else if (!Number.isInteger(limit)) limitProblem("must be an integer");
  else {
    // zod's integers are safe integers, checked before the schema's own bounds.
    if (limit > Number.MAX_SAFE_INTEGER) limitProblem(`must be at most ${Number.MAX_SAFE_INTEGER}`);
    if (limit < Number.MIN_SAFE_INTEGER) limitProblem(`must be at least ${Number.MIN_SAFE_INTEGER}`);
    if (limit < 1) limitProblem("must be at least 1");
    if (limit > CURSOR_LIMIT.max) limitProblem(`must be at most ${CURSOR_LIMIT.max}`);
  }
  const { cursor } = query;
  if (Array.isArray(cursor)) problem("cursor")("must be a string");
  else if (cursor === "") problem("cursor")("must not be empty");
  if (fields.length) throw badRequest(fields);
  return cursor === undefined ? { limit } : { limit, cursor: cursor as string };
}

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
