import { CapabilityError } from "../types";

/**
 * The port every search provider implements: plain values in (the query, its parameters, the
 * provider's key and base URL, an AbortSignal and a fetch), plain results or a `CapabilityError`
 * out (`retryable` for 429, 5xx and an unreachable API).
 */
export interface SearchRequest {
  query: string;
  maxResults: number;
  apiKey: string;
  /** Replaces scheme and host of the provider's API (`<P>_BASE_URL`, local fakes). */
  baseUrl?: string;
  signal: AbortSignal;
  fetch: typeof fetch;
}

/** One result as the `web.search` tool call's output carries it. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  publishedAt?: string;
}

export interface SearchProvider {
  readonly key: string;
  /** How a person reads its name in messages. */
  readonly name: string;
  search(request: SearchRequest): Promise<SearchResult[]>;
}

/** The provider's own URL for `path`, on `baseUrl`'s scheme and host when one is set. */
export function providerUrl(defaultOrigin: string, path: string, baseUrl: string | undefined): URL {
  const url = new URL(path, defaultOrigin);
  if (baseUrl) {
    const base = new URL(baseUrl);
    url.protocol = base.protocol;
    url.host = base.host;
  }
  return url;
}

/** Calls the provider's API; a network failure is retryable (the run's retries cover it). */
export async function callProvider(
  name: string,
  request: SearchRequest,
  url: URL,
  init: RequestInit,
): Promise<Response> {
  try {
    return await request.fetch(url.toString(), { ...init, signal: request.signal });
  } catch (error) {
    if (request.signal.aborted) throw error;
    throw new CapabilityError(`${name} could not be reached`, "fatal", true);
  }
}

/**
 * A provider's error answer as a `CapabilityError` with its reason: 429 and 5xx are retryable,
 * any other 4xx is not (a bad query, a bad key). `reasonOf` picks the message out of its JSON.
 */
export async function providerError(
  name: string,
  response: Response,
  reasonOf: (body: any) => unknown,
): Promise<CapabilityError> {
  const text = await response.text().catch(() => "");
  let reason: unknown;
  try {
    reason = reasonOf(JSON.parse(text));
  } catch {
    reason = undefined;
  }
  const said = typeof reason === "string" && reason.trim() ? `: ${reason.trim().slice(0, 300)}` : "";
  const retryable = response.status === 429 || response.status >= 500;
  return new CapabilityError(`${name} answered ${response.status}${said}`, "fatal", retryable);
}

/** Strips the markup some providers put in snippets (Brave bolds the query's words). */
export const plainText = (value: unknown): string =>
  typeof value === "string"
    ? value
        .replace(/<[^>]*>/g, "")
        .replace(/&quot;/g, '"')
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
        .trim()
    : "";

/** A malformed success answer (not the provider's documented shape). */
export const badAnswer = (name: string) =>
  new CapabilityError(`${name} answered something that is not a search result list`, "fatal", false);
