import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

type Database = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Drizzle builds its relational config (every table of the schema) on each `drizzle()` call; the
 * binding is the same object for the isolate's life, so the handle is built once per binding
 * rather than on every request.
 */
const handles = new WeakMap<D1Database, Database>();

export function createDb(d1: D1Database): Database {
  let db = handles.get(d1);
  if (!db) handles.set(d1, (db = drizzle(d1, { schema })));
  return db;
}

export type Db = Database;
