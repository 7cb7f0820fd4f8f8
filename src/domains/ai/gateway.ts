/**
 * Cloudflare AI Gateway (CONTRACT "Capabilities over MCP", docs/ai.md "AI Gateway"): a provider's
 * `<P>_BASE_URL` may be a gateway's URL (`https://gateway.ai.cloudflare.com/v1/<account>/<gateway>/<provider>`),
 * kept as the prefix of every URL of that provider. An authenticated gateway wants the secret
 * `AI_GATEWAY_TOKEN` as `cf-aig-authorization: Bearer <token>`, and it goes only where it is meant:
 * to requests under a configured base URL whose host is a gateway's (`gateway.ai.cloudflare.com`,
 * or a host the var `AI_GATEWAY_HOSTS` lists), never to a provider's own host or a link its answer named.
 * Workers AI runs through a gateway by the binding's option, with the var `AI_GATEWAY_ID`.
 */

interface GatewayConfig {
  AI_GATEWAY_TOKEN?: string;
  AI_GATEWAY_HOSTS?: string;
  AI_GATEWAY_ID?: string;
}

export const GATEWAY_AUTHORIZATION = "cf-aig-authorization";
const CLOUDFLARE_GATEWAY_HOST = "gateway.ai.cloudflare.com";

const configOf = (env: object) => env as GatewayConfig;

function isGatewayHost(env: object, host: string): boolean {
  const extra = (configOf(env).AI_GATEWAY_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return host === CLOUDFLARE_GATEWAY_HOST || extra.includes(host);
}

/**
 * The `cf-aig-authorization` value for the requests of a provider whose base URL is `base`, or
 * undefined: no token, no base, or a base that is not a gateway's.
 */
export function gatewayAuthorization(env: object, base: string | undefined): string | undefined {
  const token = configOf(env).AI_GATEWAY_TOKEN?.trim();
  if (!token || !base) return undefined;
  let host: string;
  try {
    host = new URL(base).host.toLowerCase();
  } catch {
    return undefined;
  }
  return isGatewayHost(env, host) ? `Bearer ${token}` : undefined;
}

/**
 * `headers` with the gateway's token when `url` lies under the provider's gateway base (its
 * `gateway` as `gatewayAuthorization` gave it), else `headers` as given: the one place the token
 * is added to a request.
 */
export function withGatewayToken(
  gateway: { base: string; authorization: string } | undefined,
  url: string,
  headers: HeadersInit | undefined,
): HeadersInit | undefined {
  if (!gateway || !underBase(url, gateway.base)) return headers;
  const merged = new Headers(headers);
  merged.set(GATEWAY_AUTHORIZATION, gateway.authorization);
  return merged;
}

/** Whether `url` is `base` or below it (same origin, its path under the base's path). */
function underBase(url: string, base: string): boolean {
  try {
    const target = new URL(url);
    const root = new URL(base);
    const prefix = root.pathname.replace(/\/+$/, "");
    return (
      target.origin === root.origin &&
      (target.pathname === prefix || target.pathname.startsWith(`${prefix}/`) || prefix === "")
    );
  } catch {
    return false;
  }
}

/** The gateway Workers AI runs through (`AI_GATEWAY_ID`, the binding's `gateway` option), or none. */
export function workersAiGateway(env: object): { id: string } | undefined {
  const id = configOf(env).AI_GATEWAY_ID?.trim();
  return id ? { id } : undefined;
}
