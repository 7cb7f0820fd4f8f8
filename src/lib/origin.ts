import type { Context } from "hono";
import type { AppEnv } from "../env";

/** Where the API lives under the origin. */
export const BASE_PATH = "/api/v1";

/** The issuer is `ISSUER` when configured, otherwise the origin the request reached. */
export function issuerOf(c: Context<AppEnv>): string {
  return c.env.ISSUER || new URL(c.req.url).origin;
}
