import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

type Database = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Drizzle builds its relational config (every table of the schema) on each `drizzle()` call; the
 * binding is the same object for the isolate's life, so the handle is built once per binding
 * rather than on every request.
 */
const handles = new WeakMap<D1Database, Database>();

/**
 * The handle of `d1`, built on its first use rather than here: `requestContext` hands every
 * request one, and a cold request that never queries (the public status JSON, a refused call)
 * would otherwise pay for the relational config of every table (docs/performance.md "A cold
 * request"). Drizzle's methods read the handle's fields through `this`, which this forwards.
 */
export function createDb(d1: D1Database): Database {
  let db = handles.get(d1);
  if (!db) {
    let built: Database | undefined;
    const handle = () => (built ??= drizzle(d1, { schema }));
    db = new Proxy({} as Database, {
      get: (_, key) => Reflect.get(handle(), key),
      has: (_, key) => Reflect.has(handle(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(handle()),
    });
    handles.set(d1, db);
  }
  return db;
}

export type Db = Database;
