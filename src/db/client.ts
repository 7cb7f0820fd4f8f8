import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

/**
 * The request's database handle: drizzle's query builder over D1, without the relational API
 * (`db.query.*`), so the handle needs no schema. The tables' module then loads with the domains
 * that query them, not with every request: `requestContext` hands each request a handle, and a cold
 * `GET /api/v1/status` reads KV only (docs/performance.md "A cold request").
 */
export type Db = DrizzleD1Database & { $client: D1Database };

/** One handle per binding: the binding is the same object for the isolate's life. */
const handles = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) handles.set(d1, (db = drizzle(d1)));
  return db;
}
