import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { newId } from "../lib/ids";

/** A caller-supplied id is kept when it is short and printable, so traces can be joined up. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * First middleware: request id and start time. The database handle is not built here: a domain
 * takes it from the binding when it queries (`createDb`, one per binding), so a request that reads
 * no table (the public status JSON) loads no drizzle (docs/performance.md "A cold request").
 */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const requestId = incoming && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : newId();
  c.set("requestId", requestId);
  c.set("startedAt", Date.now());
  await next();
  c.res.headers.set("X-Request-Id", requestId);
};
