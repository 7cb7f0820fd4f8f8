import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { timingSafeEqual } from "../lib/crypto";
import { unauthorized } from "../lib/errors";

/** The operator API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const presented = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  const expected = c.env.ADMIN_TOKEN;
  if (!presented || !expected || !(await timingSafeEqual(presented, expected))) {
    throw unauthorized("Invalid operator token");
  }
  await next();
});
