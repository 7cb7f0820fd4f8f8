import type { ProviderCall } from "../provider-http";
import { CapabilityError } from "../types";

/**
 * What a search provider's definition adds (providers/define.ts): plain values in (the query and
 * its parameters; its key, base URL, signal and fetch in `call`), plain results or a
 * `CapabilityError` out (`retryable` for 429, 5xx and an unreachable API).
 */
export interface SearchCalls<Secret extends string = string> {
  /** The cost unit of one search it answered (one of its `prices`). */
  unit: string;
  search(query: SearchQuery, call: ProviderCall<Secret>): Promise<SearchResult[]>;
}

export interface SearchQuery {
  query: string;
  maxResults: number;
}

/** One result as the `web.search` tool call's output carries it. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  publishedAt?: string;
}

/** Strips the markup some providers put in snippets (Brave bolds the query's words). */
const plainText = (value: unknown): string =>
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

/** CONTRACT "AI capabilities": a result's title at most this many characters, its snippet this many. */
export const MAX_TITLE_CHARS = 300;
export const MAX_SNIPPET_CHARS = 1_000;
/** `publishedAt` is a date: anything longer is not one. */
const MAX_DATE_CHARS = 64;

/** Line breaks (and other control characters) out, whitespace runs as one space, at most `max` code points. */
function oneLine(value: string, max: number): string {
  const flat = value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= max) return flat;
  return Array.from(flat).slice(0, max).join("").trimEnd();
}

/**
 * The start of a provider's text, enough for `max` characters once its markup is stripped (a bound
 * on the work: the markup pattern is slow on a huge run of `<` without `>`).
 */
const head = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max * MARKUP_ALLOWANCE) : value;
/** How much longer than its cap a field may be before its markup is stripped. */
const MARKUP_ALLOWANCE = 4;

/**
 * A provider's result as the tool call's output and the sources list carry it, or null when its
 * URL is not http(s) (`javascript:`, `file:`, `gopher:`, `data:` and the like are dropped): results
 * come from the open web, and the answer repeats them one per line (`[n] title - url`), so CR/LF is
 * removed from every field (a URL's own is removed by parsing it) and titles and snippets are capped.
 */
export function searchResult(raw: { title: unknown; url: unknown; snippet: unknown; publishedAt?: unknown }) {
  if (typeof raw.url !== "string") return null;
  let url: URL;
  try {
    url = new URL(raw.url.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const href = url.href;
  const published = typeof raw.publishedAt === "string" ? oneLine(raw.publishedAt, MAX_DATE_CHARS) : "";
  return {
    title: oneLine(plainText(head(raw.title, MAX_TITLE_CHARS)), MAX_TITLE_CHARS) || oneLine(href, MAX_TITLE_CHARS),
    url: href,
    snippet: oneLine(plainText(head(raw.snippet, MAX_SNIPPET_CHARS)), MAX_SNIPPET_CHARS),
    ...(published ? { publishedAt: published } : {}),
  } satisfies SearchResult;
}

/** A malformed success answer (not the provider's documented shape). */
export const badAnswer = (name: string) =>
  new CapabilityError(`${name} answered something that is not a search result list`, "fatal", false);

/** The raw fields of one result as a provider names them. */
type RawResult = Parameters<typeof searchResult>[0];

/**
 * A provider's result list (`list`, which must be an array) as the tool call's output: each item
 * read by `fields`, the unusable ones dropped (`searchResult`), at most `max`.
 */
export function searchResults(name: string, list: unknown, max: number, fields: (item: any) => RawResult) {
  if (!Array.isArray(list)) throw badAnswer(name);
  return list
    .map((item) => (item && typeof item === "object" ? searchResult(fields(item)) : null))
    .filter((result): result is SearchResult => result !== null)
    .slice(0, max);
}
