import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/lib/errors";
import {
  cursorMeta,
  cursorPage,
  cursorQuery,
  decodeCursor,
  encodeCursor,
  offsetMeta,
  offsetPage,
  offsetQuery,
} from "../../src/lib/pagination";

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
