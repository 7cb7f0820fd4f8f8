import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

// drizzle() itself, watched: each call builds the relational config of every table.
vi.mock("drizzle-orm/d1", async (importOriginal) => {
  const original = await importOriginal<typeof import("drizzle-orm/d1")>();
  return { ...original, drizzle: vi.fn(original.drizzle) };
});

const { drizzle } = await import("drizzle-orm/d1");
const { createDb } = await import("../../src/db/client");
const { users } = await import("../../src/db/schema");

/** A D1 binding no statement reaches: these tests only build queries. */
const binding = () => ({}) as D1Database;

describe("createDb (the database handle requestContext gives every request)", () => {
  it("builds drizzle's handle on the first use, once per binding, not when handed out", () => {
    vi.mocked(drizzle).mockClear();
    const d1 = binding();
    const db = createDb(d1);
    // A cold request that never queries (the public status JSON) builds nothing.
    expect(drizzle).not.toHaveBeenCalled();
    expect(createDb(d1)).toBe(db);

    const query = db.select({ id: users.id }).from(users).where(eq(users.email, "a@example.com")).toSQL();
    expect(query).toEqual({ sql: 'select "id" from "users" where "users"."email" = ?', params: ["a@example.com"] });
    expect(drizzle).toHaveBeenCalledTimes(1);
    // The relational API and the rest of the handle answer as drizzle's own do.
    expect(db.query.users.findFirst({ where: eq(users.id, "x") }).toSQL().params).toEqual(["x", 1]);
    expect(typeof db.batch).toBe("function");
    createDb(d1).select().from(users).toSQL();
    expect(drizzle).toHaveBeenCalledTimes(1);
    // Another binding is another handle.
    createDb(binding()).select().from(users).toSQL();
    expect(drizzle).toHaveBeenCalledTimes(2);
  });
});
