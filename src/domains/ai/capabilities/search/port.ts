import { CapabilityError } from "../types";
export { callProvider, providerError, providerUrl } from "../provider-http";

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
