/** Where the API lives under the origin. */
export const BASE_PATH = "/api/v1";

/**
 * The router group a path belongs to (app.ts loads each group's routers on its first request):
 * `/api/v1/<first segment>` in the API, `/<first segment>` elsewhere; `/api/v1` itself is the API's
 * `/api/v1/` (its index), not the site's `/api`.
 */
export function routerGroupOf(path: string): string {
  const own = OWN_GROUPS.find((group) => path === group || path.startsWith(`${group}/`));
  if (own) return own;
  const ownPath = OWN_PATHS.find((group) => path === group || path === `${group}/`);
  if (ownPath) return ownPath;
  const inApi = path === BASE_PATH || path.startsWith(`${BASE_PATH}/`);
  const first = `/${(inApi ? path.slice(BASE_PATH.length) : path).split("/")[1] ?? ""}`;
  return inApi ? `${BASE_PATH}${first}` : first;
}

/**
 * Paths that are a group of their own inside their first segment's: the OAuth endpoints clients
 * call (token, revocation, userinfo) load without the authorization flow's pages, since a cold
 * isolate at the edge often answers an OAuth client (issue 38).
 */
const OWN_GROUPS = [`${BASE_PATH}/oauth/token`, `${BASE_PATH}/oauth/revoke`, `${BASE_PATH}/oauth/userinfo`];

/**
 * Paths that are a group of their own, the path alone (what is under it stays in its first
 * segment's group): the sessions list, what an app asks first when it opens (issue 38).
 */
const OWN_PATHS = [`${BASE_PATH}/ai/sessions`];

/**
 * `{status_url}`, the public status JSON's address: `STATUS_URL` when configured (a separate host,
 * with its own version prefix), otherwise `{base_url}`.
 */
export function statusUrlOf(configured: string | undefined, origin: string): string {
  return configured ? configured.replace(/\/+$/, "") : `${origin}${BASE_PATH}`;
}

/** The MCP gateway's path under `{base_url}`. */
export const GATEWAY_PATH = "/mcp";

/**
 * This server's protected resources (RFC 8707 resource indicators, RFC 9728): the API base
 * `{base_url}` and the MCP gateway `{base_url}/mcp`. An access token may be issued for one of them.
 */
export function ownResources(issuer: string) {
  const api = `${issuer}${BASE_PATH}`;
  return { api, gateway: `${api}${GATEWAY_PATH}` };
}

export type OwnResource = keyof ReturnType<typeof ownResources>;

/** The issuer is `ISSUER` when configured, otherwise the origin of the URL the request reached. */
export function issuerFor(configured: string | undefined, requestUrl: string): string {
  return configured || new URL(requestUrl).origin;
}

/** Loopback hosts as the URL parser writes them: `localhost`, 127.0.0.0/8 and `[::1]`. */
const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/**
 * Whether a browser page of `origin` (an `Origin` header) may call this deployment's endpoints
 * that guard against DNS rebinding: only the deployment's own public origin, `ISSUER`'s. `Host`
 * proves nothing there (a rebinding name reaches us with its own `Host`). With no `ISSUER`
 * (development) only loopback origins, on any port, pass.
 */
export function isOwnBrowserOrigin(configuredIssuer: string | undefined, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // Browsers send the serialized origin (RFC 6454): anything else ("null", a path) is no origin of ours.
  if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
  if (configuredIssuer) return url.origin === new URL(configuredIssuer).origin;
  return LOOPBACK_HOST.test(url.hostname);
}
