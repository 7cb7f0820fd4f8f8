import { callProvider, okJson } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { badAnswer, searchResults } from "../port";

/**
 * Tavily Search: `POST /search` with the key as a Bearer token and a JSON body (`query`,
 * `max_results`, `search_depth`, `topic`); results under `results[]` (`title`, `url`, `content`,
 * `published_date`); errors as `{ detail: { error } }`.
 */
const NAME = "Tavily";
const MAX_RESULTS = 20;

export const tavily = defineCapabilityProvider({
  key: "tavily",
  capability: "search",
  name: NAME,
  config: {
    secrets: ["TAVILY_API_KEY"],
    baseUrl: { default: "https://api.tavily.com", var: "TAVILY_BASE_URL" },
  },
  // A basic search is 1 credit ($0.008 per credit pay-as-you-go).
  prices: { "search.tavily": 0.008 },
  unit: "search.tavily",
  async search({ query, maxResults }, call) {
    const response = await callProvider(NAME, call, call.url("/search"), {
      method: "POST",
      headers: {
        Authorization: `Bearer ${call.secrets.TAVILY_API_KEY}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({
        query,
        max_results: Math.min(maxResults, MAX_RESULTS),
        search_depth: "basic",
        topic: "general",
      }),
    });
    const reasonOf = (body: any) => body?.detail?.error ?? body?.detail ?? body?.error;
    const body = (await okJson(NAME, response, reasonOf)) as { results?: unknown } | null;
    if (!body) throw badAnswer(NAME);
    return searchResults(NAME, body.results, maxResults, (r) => ({
      title: r.title,
      url: r.url,
      snippet: r.content,
      publishedAt: r.published_date,
    }));
  },
});
