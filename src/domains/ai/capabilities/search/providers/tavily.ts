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
 * Tavily Search: `POST /search` with the key as a Bearer token and a JSON body (`query`,
 * `max_results`, `search_depth`, `topic`); results under `results[]` (`title`, `url`, `content`,
 * `published_date`); errors as `{ detail: { error } }`.
 */
const ORIGIN = "https://api.tavily.com";
const MAX_RESULTS = 20;

export const tavily: SearchProvider = {
  key: "tavily",
  name: "Tavily",
  async search(request) {
    const url = providerUrl(ORIGIN, "/search", request.baseUrl);
    const response = await callProvider(this.name, request, url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${request.apiKey}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({
        query: request.query,
        max_results: Math.min(request.maxResults, MAX_RESULTS),
        search_depth: "basic",
        topic: "general",
      }),
    });
    if (!response.ok)
      throw await providerError(this.name, response, (body) => body?.detail?.error ?? body?.detail ?? body?.error);
    const body = (await answerJson(this.name, response)) as { results?: unknown } | null;
    if (!body || !Array.isArray(body.results)) throw badAnswer(this.name);
    return (body.results as any[])
      .map((r) =>
        r && typeof r === "object"
          ? searchResult({ title: r.title, url: r.url, snippet: r.content, publishedAt: r.published_date })
          : null,
      )
      .filter((r): r is SearchResult => r !== null)
      .slice(0, request.maxResults);
  },
};
