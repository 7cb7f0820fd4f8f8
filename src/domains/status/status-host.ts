import { BASE_PATH } from "../../lib/origin";

/**
 * `{status_url}` may name a separate host and prefix for the public status JSON (CONTRACT.md:
 * "configurable for a separate host"), e.g. `https://status.example.com/v1`. That host is routed to
 * this Worker; a request under `{status_url}/status` is answered by the same routes as
 * `{base_url}/status`, so both addresses serve identical bodies from the one KV projection.
 */
export function routeStatusHost(request: Request, statusUrl: string | undefined): Request {
  if (!statusUrl) return request;
  const base = new URL(statusUrl);
  const url = new URL(request.url);
  if (url.host !== base.host) return request;
  const prefix = base.pathname.replace(/\/+$/, "");
  const rest = url.pathname.slice(prefix.length);
  if (!url.pathname.startsWith(prefix) || !(rest === "/status" || rest.startsWith("/status/"))) return request;
  url.pathname = BASE_PATH + rest;
  return new Request(url, request);
}
