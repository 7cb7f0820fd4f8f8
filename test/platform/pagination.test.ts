import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/lib/errors";
import { fieldErrors } from "../../src/http/router";
import { cursorPage, decodeCursor, encodeCursor, offsetPage, readCursorQuery } from "../../src/lib/pagination";
import { cursorMeta, cursorQuery, offsetMeta, offsetQuery } from "../../src/lib/pagination-schemas";

describe("offset pagination", () => {
  const query = offsetQuery();

  it("defaults to limit 20, offset 0 and coerces query strings", () => {
    expect(query.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(query.parse({ limit: "50", offset: "10" })).toEqual({ limit: 50, offset: 10 });
  });

  it.each([{ limit: "0" }, { limit: "51" }, { limit: "2.5" }, { offset: "-1" }, { limit: "ten" }])(
    "refuses %j",
    (input) => {
      expect(query.safeParse(input).success).toBe(false);
    },
  );

  it("honours endpoint-specific maxima", () => {
    expect(offsetQuery(100).parse({ limit: "100" }).limit).toBe(100);
    expect(offsetQuery(100).safeParse({ limit: "101" }).success).toBe(false);
  });

  it("computes hasNextPage", () => {
    expect(offsetPage(20, 0, 45)).toEqual({ limit: 20, offset: 0, total: 45, hasNextPage: true });
    expect(offsetPage(20, 40, 45).hasNextPage).toBe(false);
    expect(offsetPage(20, 20, 40).hasNextPage).toBe(false);
  });
});

describe("cursor pagination", () => {
  it("defaults to 25 and round-trips an opaque cursor", () => {
    expect(cursorQuery().parse({})).toEqual({ limit: 25 });
    const cursor = encodeCursor({ key: "2026-11-21T00:00:00.000Z", id: "abc" });
    expect(cursor).not.toContain("2026");
    expect(decodeCursor(cursor)).toEqual({ key: "2026-11-21T00:00:00.000Z", id: "abc" });
  });

  it.each(["garbage!", "e30", encodeCursor({ key: "a", id: "b" }).slice(0, 5)])(
    "refuses the foreign cursor %j with a field error",
    (cursor) => {
      try {
        decodeCursor(cursor);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).details).toEqual({ fields: [{ field: "cursor", message: expect.any(String) }] });
      }
    },
  );

  it("fetches one extra row to know whether another page exists", () => {
    const rows = [1, 2, 3].map((n) => ({ id: String(n), at: `t${n}` }));
    const { page, meta } = cursorPage(rows, 2, (r) => ({ key: r.at, id: r.id }));
    expect(page).toHaveLength(2);
    expect(meta.hasNextPage).toBe(true);
    expect(decodeCursor(meta.nextCursor!)).toEqual({ key: "t2", id: "2" });
    expect(cursorPage(rows, 3, (r) => ({ key: r.at, id: r.id })).meta).toEqual({
      limit: 3,
      hasNextPage: false,
      nextCursor: null,
    });
  });
});

describe("the pages' meta schemas", () => {
  // Response-only schemas: a lazy schema is built on its first use, not when a router group imports
  // this module (docs/performance.md "A cold request"); it still checks a page's meta.
  it("are built on first use and check a page's meta", () => {
    const page = { limit: 20, requestId: "r", durationMs: 1 };
    for (const [schema, meta] of [
      [offsetMeta, { ...page, offset: 0, total: 45, hasNextPage: true }],
      [cursorMeta, { ...page, hasNextPage: false, nextCursor: null }],
    ] as const) {
      expect(schema.def.type).toBe("lazy");
      expect(schema.parse(meta)).toEqual(meta);
      expect(schema.safeParse({ ...meta, hasNextPage: "yes" }).success).toBe(false);
    }
  });
});

describe("the cursor query read by hand (`readCursorQuery`, for router groups without zod)", () => {
  /** What `cursorQuery()` makes of `query` under the routers' validation: its value, or its field errors. */
  const bySchema = (query: Record<string, string | string[]>) => {
    const parsed = cursorQuery().safeParse(query);
    return parsed.success ? { value: parsed.data } : { fields: fieldErrors(parsed.error) };
  };
  const byHand = (query: Record<string, string | string[]>) => {
    try {
      return { value: readCursorQuery(query) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { fields: (error.details as { fields: unknown }).fields };
    }
  };

  // Hono's validator gives a repeated key as an array.
  it.each<Record<string, string | string[]>>([
    {},
    { limit: "5" },
    { limit: "100" },
    { limit: "1e2" },
    { limit: " 7 " },
    { limit: "0x10" },
    { limit: "" },
    { limit: "0" },
    { limit: "-1" },
    { limit: "101" },
    { limit: "0.5" },
    { limit: "200.5" },
    { limit: "abc" },
    { limit: "Infinity" },
    { limit: "1e400" },
    { limit: "9007199254740993" },
    { limit: "-9007199254740993" },
    { limit: ["1", "2"] },
    { cursor: "abc" },
    { cursor: "" },
    { cursor: ["a", "b"] },
    { limit: "abc", cursor: "" },
    { limit: "3", cursor: "abc", other: "ignored" },
  ])("gives what the schema gives for %j", (query) => {
    expect(byHand(query)).toEqual(bySchema(query));
  });

  it("has cases of each kind: defaults, values and errors", () => {
    expect(byHand({})).toEqual({ value: { limit: 25 } });
    expect(byHand({ limit: "101", cursor: "" })).toEqual({
      fields: [
        { field: "limit", message: "must be at most 100" },
        { field: "cursor", message: "must not be empty" },
      ],
    });
  });
});
