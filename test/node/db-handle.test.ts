import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { users } from "../../src/db/schema";

/** A D1 binding no statement reaches: these tests only build queries. */
const binding = () => ({}) as D1Database;

describe("createDb (the database handle a domain takes from the binding when it queries)", () => {
  it("is drizzle's query builder without a relational schema, one per binding", () => {
    const d1 = binding();
    const db = createDb(d1);
    expect(createDb(d1)).toBe(db);
    expect(createDb(binding())).not.toBe(db);
    const query = db.select({ id: users.id }).from(users).where(eq(users.email, "a@example.com")).toSQL();
    expect(query).toEqual({ sql: 'select "id" from "users" where "users"."email" = ?', params: ["a@example.com"] });
    // No schema: building the handle builds no relational config, and nothing queries through one.
    expect(db._.schema).toBeUndefined();
  });
});
