import { readResponseCapped } from "../../../lib/bytes";
import { AdapterError, type OutboundFetch } from "./types";

/**
 * The one way connectors reach the outside (CONTRACT.md "Connectors"): https only; no IP literals
 * (so no private, loopback, link-local, metadata or IPv4-mapped addresses can be named directly);
 * no names that only resolve inside a network (`localhost`, `*.internal`, `*.local`, dotless
 * names); every redirect hop checked again, at most five. Hosts in `ALLOW_PRIVATE_HOSTS` (`host` or
 * `host:port`, empty in production) are exempt, so local fakes and servers can be reached in tests.
 *
 * Names are checked, not their DNS answers: a Worker cannot resolve names itself, and Cloudflare's
 * own fetch refuses private destinations in production (docs/connectors.md).
 */
const MAX_REDIRECTS = 5;

/** Names that only mean something inside a network, or are cloud metadata endpoints. */
const INTERNAL_SUFFIXES = [
  ".localhost",
  ".local",
  ".localdomain",
  ".internal",
  ".intranet",
  ".lan",
  ".home.arpa",
  ".corp",
];
const INTERNAL_NAMES = new Set(["localhost", "metadata", "metadata.google.internal", "instance-data"]);

export function parseAllowList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

const defaultPort = (url: URL) =>
  url.port || (url.protocol === "https:" ? "443" : url.protocol === "http:" ? "80" : "");

function isAllowed(url: URL, allowList: string[]): boolean {
  const host = url.hostname.toLowerCase();
  return allowList.includes(host) || allowList.includes(`${host}:${defaultPort(url)}`);
}

/** The URL parser already turns `0x7f.1`, `2130706433` and friends into dotted quads. */
const isIpLiteral = (hostname: string) => hostname.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

/** Throws `blocked_destination` for a URL the SSRF rules refuse; says why, never more. */
export function checkDestination(raw: string | URL, allowList: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AdapterError("blocked_destination", "The URL is not a valid absolute URL");
  }
  if (isAllowed(url, allowList)) return url;
  if (url.protocol !== "https:") throw new AdapterError("blocked_destination", "Only https:// URLs may be reached");
  if (url.username || url.password) throw new AdapterError("blocked_destination", "URLs may not carry credentials");
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isIpLiteral(host))
    throw new AdapterError("blocked_destination", "IP addresses may not be used as hosts; use a public DNS name");
  if (INTERNAL_NAMES.has(host) || !host.includes(".") || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    throw new AdapterError("blocked_destination", `The host "${host}" is not a public address`);
  }
  return url;
}

/** Replaces scheme and host (and port) of `url` with those of `baseUrl`, keeping path and query. */
export function rebase(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const target = new URL(url);
  const base = new URL(baseUrl);
  target.protocol = base.protocol;
  target.host = base.host;
  return target.toString();
}

export interface OutboundOptions {
  allowList: string[];
  /** `CONNECTOR_<K>_BASE_URL` of a built-in provider. */
  baseUrl?: string;
  /** Defaults to the global fetch (tests' fakes replace it for their own hosts). */
  fetch?: typeof fetch;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Headers that may follow a request to another origin. Everything else an adapter set is dropped on
 * a cross-origin hop: `Authorization`, `Cookie`, a custom api key header, a `custom` credential's
 * pairs, an MCP session id. An allow list, because only the adapter knows which of its headers
 * carry a secret, and a forgotten one must not leak.
 */
const CROSS_ORIGIN_HEADERS = new Set([
  "accept",
  "accept-language",
  "content-type",
  "content-language",
  "user-agent",
  "mcp-protocol-version",
]);

function withoutCredentials(headers: Headers): Headers {
  const kept = new Headers();
  for (const [name, value] of headers) if (CROSS_ORIGIN_HEADERS.has(name)) kept.set(name, value);
  return kept;
}

/**
 * The guarded fetch adapters receive: the rules above on the first URL and on every redirect hop.
 * A hop to another origin goes without credentials (CONTRACT "Outbound safety"): the headers are cut
 * to CROSS_ORIGIN_HEADERS and stay cut for the rest of the chain. A 307/308 re-sends the body, as
 * the Fetch standard does; the body is the request's input, never a credential (token requests,
 * whose bodies carry secrets, pass `redirect: "manual"` and are not followed at all).
 * `redirect: "manual"` answers the 3xx itself, unfollowed.
 */
export function outboundFetch(options: OutboundOptions): OutboundFetch {
  return async (url, init = {}) => {
    let target = checkDestination(rebase(url, options.baseUrl), options.allowList);
    const follow = init.redirect !== "manual";
    let headers = new Headers(init.headers);
    let { method, body } = init;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(target.toString(), {
          ...init,
          method,
          body,
          headers,
          redirect: "manual",
        });
      } catch (error) {
        if ((error as Error)?.name === "AbortError" || init.signal?.aborted)
          throw new AdapterError("unreachable", "The external service did not answer in time");
        throw new AdapterError("unreachable", `The external service at ${target.host} could not be reached`);
      }
      const location = response.headers.get("Location");
      if (!REDIRECTS.has(response.status) || !location || !follow) return response;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS)
        throw new AdapterError("unreachable", `Too many redirects (more than ${MAX_REDIRECTS})`);
      const next = checkDestination(new URL(location, target), options.allowList);
      if (next.origin !== target.origin) headers = withoutCredentials(headers);
      // As browsers do: 303 (and 301/302 after a POST) continue as a GET without a body.
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method && method !== "GET")
      ) {
        method = "GET";
        body = undefined;
        headers.delete("Content-Type");
      }
      target = next;
    }
  };
}

/** CONTRACT "Sizes": outputs up to 5 MiB are recorded; the most an adapter reads of one answer. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** Reads a response body up to `maxBytes`; a larger answer is `bad_response`, not a memory spike. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new AdapterError("bad_response", `The answer is too large (more than ${maxBytes} bytes)`, response.status);
  return new TextDecoder().decode(await readResponseCapped(response, maxBytes, tooLarge));
}
