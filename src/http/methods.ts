import type { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/** The order `Allow` lists methods in (RFC 9110's method table, HEAD beside GET). */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The methods some route of `app` declares, once its routers are mounted. `app.use` and `app.all`
 * register "ALL" (middleware), never counted.
 */
export const declaredMethods = (app: Hono<AppEnv>) =>
  new Set(app.routes.map((route) => route.method).filter((method) => method !== "ALL"));

/**
 * The methods the routes of `app` answer on `path` (the routing path, `c.req.path`): those of
 * `declared` some route declared for it. HEAD is answered wherever GET is (Hono runs HEAD as GET).
 */
export function allowedMethods(app: Hono<AppEnv>, declared: Set<string>, path: string): string[] {
  const allowed = [...declared].filter((method) =>
    app.router.match(method, path)[0].some(([[, route]]) => route.method === method),
  );
  if (allowed.includes("GET")) allowed.push("HEAD");
  const rank = (method: string) => (METHOD_ORDER.includes(method) ? METHOD_ORDER.indexOf(method) : METHOD_ORDER.length);
  return allowed.sort((a, b) => rank(a) - rank(b));
}

/** 405 `method_not_allowed` with `Allow` (RFC 9110 §15.5.6: a 405 carries the methods the target supports). */
export function methodNotAllowed(method: string, path: string, allowed: string[]): ApiError {
  const allow = allowed.join(", ");
  return new ApiError("method_not_allowed", `${method} is not allowed on ${path}; allowed: ${allow}`, undefined, {
    Allow: allow,
  });
}
