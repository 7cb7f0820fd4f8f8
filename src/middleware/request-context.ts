import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { newId } from "../lib/ids";

/** A caller-supplied id is kept when it is short and printable, so traces can be joined up. */
const ACCEPTABLE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** First middleware: request id, start time and the database handle for everything after it. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("X-Request-Id");
  const requestId = incoming && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : newId();
  c.set("requestId", requestId);
  c.set("startedAt", Date.now());
  c.set("db", createDb(c.env.DB));
  await next();
  c.res.headers.set("X-Request-Id", requestId);
};
