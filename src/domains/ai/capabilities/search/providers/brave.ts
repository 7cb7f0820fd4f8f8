import { callProvider, okJson } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { badAnswer, searchResults } from "../port";

/**
 * Brave Search API, web search: `GET /res/v1/web/search?q=&count=` with the key in
 * `X-Subscription-Token`; results under `web.results[]` (`title`, `url`, `description`,
 * `page_age`); errors as `{ type: "ErrorResponse", error: { code, detail, status } }`.
 */
const NAME = "Brave Search";
/** Brave's own maximum for `count`. */
const MAX_COUNT = 20;

export const brave = defineCapabilityProvider({
  key: "brave",
  capability: "search",
  name: NAME,
  config: {
    secrets: ["BRAVE_API_KEY"],
    baseUrl: { default: "https://api.search.brave.com", var: "BRAVE_BASE_URL" },
  },
  // Per query: $5 per 1,000 requests.
  prices: { "search.brave": 0.005 },
  unit: "search.brave",
  async search({ query, maxResults }, call) {
    const url = call.url("/res/v1/web/search");
    url.searchParams.set("q", query);
    url.searchParams.set("count", String(Math.min(maxResults, MAX_COUNT)));
    const response = await callProvider(NAME, call, url, {
      headers: { Accept: "application/json", "X-Subscription-Token": call.secrets.BRAVE_API_KEY },
    });
    const body = (await okJson(NAME, response, (body) => body?.error?.detail ?? body?.error?.code)) as {
      web?: { results?: unknown };
    } | null;
    if (!body || typeof body !== "object") throw badAnswer(NAME);
    // A query with no web results has no `web` section at all.
    return searchResults(NAME, body.web?.results ?? [], maxResults, (r) => ({
      title: r.title,
      url: r.url,
      snippet: r.description,
      publishedAt: r.page_age,
    }));
  },
});
