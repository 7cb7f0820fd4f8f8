import { ownResources } from "../../lib/origin";

/**
 * RFC 8707 resource indicators. A token names one audience, so a request names at most one
 * `resource`, and only one of this server's own: the API base `{base_url}` or the MCP gateway
 * `{base_url}/mcp`. Anything else (another server, a malformed or relative URI, a fragment,
 * several values) is `invalid_target`.
 */
export type ResourceRequest =
  /** No `resource`: the default audience, valid at the API and at the gateway. */
  | { ok: true; resource: null }
  /** One of ours, as this server spells it (what the token's `aud` will say). */
  | { ok: true; resource: string }
  | { ok: false; description: string };

/**
 * Scheme and host compare case-insensitively and an empty path is `/` (URL parsing does both); a
 * trailing slash is dropped, since MCP clients send the server's URL with or without one.
 */
function canonical(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.search || url.username || url.password) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

export function requestedResource(issuer: string, value: string | string[] | undefined): ResourceRequest {
  if (value === undefined) return { ok: true, resource: null };
  if (Array.isArray(value))
    return { ok: false, description: "Only one resource may be requested: a token names one audience" };
  // RFC 8707 §2: an absolute URI without a fragment. Descriptions never echo the value.
  if (value.includes("#") || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value))
    return { ok: false, description: "resource must be an absolute URI without a fragment" };
  const wanted = canonical(value);
  const own = Object.values(ownResources(issuer)).find(
    (resource) => wanted !== undefined && canonical(resource) === wanted,
  );
  return own ? { ok: true, resource: own } : { ok: false, description: "resource is not a resource of this server" };
}

/**
 * A token request's resource against the grant's (RFC 8707 §2.2): a grant for one resource issues
 * tokens for it alone; a grant without one (the default audience covers both) may narrow a token to
 * either. Returns the token's resource, or undefined when the request asks for another.
 */
export function resourceWithinGrant(granted: string | null, requested: string | null): string | null | undefined {
  if (requested === null) return granted;
  if (granted === null || granted === requested) return requested;
  return undefined;
}
