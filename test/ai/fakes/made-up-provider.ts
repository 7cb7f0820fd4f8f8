import { callProvider, okJson } from "../../../src/domains/ai/capabilities/provider-http";
import { defineCapabilityProvider } from "../../../src/domains/ai/capabilities/providers/define";
import { searchResults } from "../../../src/domains/ai/capabilities/search/port";

/**
 * A made-up search provider, written as a real one would be (its file is all a new provider is,
 * beside one registry line): its secret is named outside the secret-name patterns on purpose, so
 * that it is masked only because its definition declares it.
 */
export const acmeSearch = defineCapabilityProvider({
  key: "acme",
  capability: "search",
  name: "Acme Search",
  config: {
    secrets: ["ACME_SEARCH_PASSPHRASE"],
    baseUrl: { default: "https://api.acme-search.test", var: "ACME_SEARCH_BASE_URL" },
  },
  // Made up: a tenth of a cent a query.
  prices: { "search.acme": 0.001 },
  unit: "search.acme",
  async search({ query, maxResults }, call) {
    const url = call.url("/v2/find");
    url.searchParams.set("q", query);
    const response = await callProvider("Acme Search", call, url, {
      headers: { "X-Acme-Passphrase": call.secrets.ACME_SEARCH_PASSPHRASE },
    });
    const body = (await okJson("Acme Search", response, (b) => b?.message)) as { hits?: unknown } | null;
    return searchResults("Acme Search", body?.hits, maxResults, (hit) => ({
      title: hit.name,
      url: hit.link,
      snippet: hit.summary,
    }));
  },
});
