/** Where the API lives under the origin. */
export const BASE_PATH = "/api/v1";

/**
 * `{status_url}`, the public status JSON's address: `STATUS_URL` when configured (a separate host,
 * with its own version prefix), otherwise `{base_url}`.
 */
export function statusUrlOf(configured: string | undefined, origin: string): string {
  return configured ? configured.replace(/\/+$/, "") : `${origin}${BASE_PATH}`;
}

/** The issuer is `ISSUER` when configured, otherwise the origin of the URL the request reached. */
export function issuerFor(configured: string | undefined, requestUrl: string): string {
  return configured || new URL(requestUrl).origin;
}
