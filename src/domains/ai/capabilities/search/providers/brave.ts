import {
  answerJson,
  badAnswer,
  callProvider,
  providerError,
  providerUrl,
  searchResult,
  type SearchProvider,
  type SearchResult,
} from "../port";

/**
 * Brave Search API, web search: `GET /res/v1/web/search?q=&count=` with the key in
 * `X-Subscription-Token`; results under `web.results[]` (`title`, `url`, `description`,
 * `page_age`); errors as `{ type: "ErrorResponse", error: { code, detail, status } }`.
 */
const ORIGIN = "https://api.search.brave.com";
/** Brave's own maximum for `count`. */
const MAX_COUNT = 20;

export const brave: SearchProvider = {
  key: "brave",
  name: "Brave Search",
  async search(request) {
    const url = providerUrl(ORIGIN, "/res/v1/web/search", request.baseUrl);
    url.searchParams.set("q", request.query);
    url.searchParams.set("count", String(Math.min(request.maxResults, MAX_COUNT)));
    const response = await callProvider(this.name, request, url, {
      headers: { Accept: "application/json", "X-Subscription-Token": request.apiKey },
    });
    if (!response.ok)
      throw await providerError(this.name, response, (body) => body?.error?.detail ?? body?.error?.code);
    const body = (await answerJson(this.name, response)) as { web?: { results?: unknown } } | null;
    if (!body || typeof body !== "object") throw badAnswer(this.name);
    // A query with no web results has no `web` section at all.
    const results = body.web?.results ?? [];
    if (!Array.isArray(results)) throw badAnswer(this.name);
    return results
      .map((r) =>
        r && typeof r === "object"
          ? searchResult({ title: r.title, url: r.url, snippet: r.description, publishedAt: r.page_age })
          : null,
      )
      .filter((r): r is SearchResult => r !== null)
      .slice(0, request.maxResults);
  },
};
