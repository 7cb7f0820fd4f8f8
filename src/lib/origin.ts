import type { Context } from "hono";
import type { AppEnv } from "../env";

/** Where the API lives under the origin. */
export const BASE_PATH = "/api/v1";

/**
 * `{status_url}`, the public status JSON's address: `STATUS_URL` when configured (a separate host,
 * with its own version prefix), otherwise `{base_url}`.
 */
export function statusUrlOf(configured: string | undefined, origin: string): string {
  return configured ? configured.replace(/\/+$/, "") : `${origin}${BASE_PATH}`;
}

/** The issuer is `ISSUER` when configured, otherwise the origin the request reached. */
export function issuerOf(c: Context<AppEnv>): string {
  return c.env.ISSUER || new URL(c.req.url).origin;
}
