import { readResponseCapped } from "../../../lib/bytes";
import { AdapterError, type OutboundFetch } from "../../../../shared/connectors/adapter-port";
import { checkDestination, parseAllowList } from "../../../../shared/connectors/outbound-rules";

/**
 * The one way connectors reach the outside (CONTRACT.md "Connectors"): the guarded fetch below
 * applies the SSRF rules of shared/connectors/outbound-rules.ts (shared with the SQL Worker, which
 * checks its PostgreSQL host with them) to the first URL and every redirect hop.
 */
export { checkDestination, parseAllowList };

/** Redirect hops followed before the call gives up (each one checked again). */
const MAX_REDIRECTS = 5;

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
