import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { bearerCredential } from "../lib/bearer";
import { timingSafeEqual } from "../lib/crypto";
import { unauthorized } from "../lib/errors";

/** The operator API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const presented = bearerCredential(c.req.header("Authorization"));
  const expected = c.env.ADMIN_TOKEN;
  if (!presented || !expected || !(await timingSafeEqual(presented, expected))) {
    throw unauthorized("Invalid operator token");
  }
  await next();
});
