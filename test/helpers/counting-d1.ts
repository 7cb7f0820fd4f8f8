import { env } from "cloudflare:workers";
import { loadApp } from "../../src/app";

/**
 * A D1 binding that counts round trips to the database: each executed statement (`all`, `raw`,
 * `run`, `first`) and each `batch` is one; and statements, each of a batch counted. Statements
 * handed to `batch()` are unwrapped, because the binding accepts only its own objects.
 */
export function countingD1(d1: D1Database) {
  const counter = { trips: 0, statements: 0 };
  const originals = new WeakMap<object, D1PreparedStatement>();
  const EXECUTES = new Set(["all", "raw", "run", "first"]);
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property === "bind") return (...args: unknown[]) => wrap(value.apply(target, args));
        if (typeof property === "string" && EXECUTES.has(property)) {
          return (...args: unknown[]) => {
            counter.trips++;
            counter.statements++;
            return value.apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  const db = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          counter.statements += statements.length;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, counter };
}

/** `request` answered by the whole app over a counting D1 binding: the answer and the round trips it took. */
export async function fetchCountingD1(request: Request) {
  const { db, counter } = countingD1(env.DB);
  const res = await (await loadApp()).fetch(request, { ...env, DB: db } as never);
  return { res, counter };
}
