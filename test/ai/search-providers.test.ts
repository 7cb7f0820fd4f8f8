import { describe, expect, it } from "vitest";
import { withRetries } from "../../src/domains/ai/capabilities/retry";
import { brave } from "../../src/domains/ai/capabilities/search/providers/brave";
import { tavily } from "../../src/domains/ai/capabilities/search/providers/tavily";
import { CapabilityError } from "../../src/domains/ai/capabilities/types";
import type { ProviderOf } from "../../src/domains/ai/capabilities/providers/define";
import { providerCall } from "./provider-call";
import { BRAVE, braveRequests, installFakeSearch, TAVILY, tavilyRequests } from "./fakes/search";

installFakeSearch();

const search = (provider: ProviderOf<"search">, query: string, apiKey: string, baseUrl: string, maxResults = 3) =>
  provider.search({ query, maxResults }, providerCall(provider, apiKey, baseUrl));
const fast = { signal: new AbortController().signal, sleep: () => Promise.resolve(), baseMs: 1 };

describe("Brave Search provider, against its fake", () => {
  it("maps query and maxResults to q and count with the key in X-Subscription-Token; results become title, url, snippet, publishedAt", async () => {
    const before = braveRequests.length;
    const results = await search(brave, "otters in rivers", "test-brave-key", BRAVE, 3);
    const sent = braveRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe("GET");
    expect(sent[0]!.url.pathname).toBe("/res/v1/web/search");
    expect(sent[0]!.url.searchParams.get("q")).toBe("otters in rivers");
    expect(sent[0]!.url.searchParams.get("count")).toBe("3");
    expect(sent[0]!.headers.get("X-Subscription-Token")).toBe("test-brave-key");
    expect(sent[0]!.headers.get("Accept")).toBe("application/json");
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({
      title: "Result 1 about otters in rivers",
      url: "https://pages.fake.test/page/otters-in-rivers/1",
      snippet: "Snippet 1 & more on otters-in-rivers",
      publishedAt: "2026-11-01T10:00:00",
    });
    expect(results[1]).not.toHaveProperty("publishedAt");
  });

  it("a 4xx is a non-retryable error carrying Brave's reason; a 429 is retryable", async () => {
    const bad = await search(brave, "q #422", "test-brave-key", BRAVE).catch((e) => e);
    expect(bad).toBeInstanceOf(CapabilityError);
    expect(bad).toMatchObject({
      kind: "fatal",
      retryable: false,
      message: "Brave Search answered 422: Unable to validate request parameter(s).",
    });
    const key = await search(brave, "q", "wrong-key", BRAVE).catch((e) => e);
    expect(key.message).toBe("Brave Search answered 401: The provided subscription token is invalid.");
    const limited = await search(brave, "q #429-always", "test-brave-key", BRAVE).catch((e) => e);
    expect(limited).toMatchObject({
      retryable: true,
      message: "Brave Search answered 429: Request rate limit exceeded for plan.",
    });
  });

  it("429 and 5xx are retried at most 3 times with backoff", async () => {
    const before = braveRequests.length;
    const results = await withRetries(() => search(brave, "retry me #429x2", "test-brave-key", BRAVE), fast);
    expect(results).toHaveLength(3);
    expect(braveRequests.length - before).toBe(3);

    const waits: number[] = [];
    const start = braveRequests.length;
    const error = await withRetries(() => search(brave, "down #503-always", "test-brave-key", BRAVE), {
      ...fast,
      baseMs: 10,
      sleep: async (ms) => void waits.push(ms),
    }).catch((e) => e);
    expect(braveRequests.length - start).toBe(4);
    expect(waits).toEqual([10, 20, 40]);
    expect(error.message).toBe("Brave Search answered 503: Request rate limit exceeded for plan. (after 3 retries)");
    expect(error.retryable).toBe(false);
  });
});

describe("Tavily provider, against its fake", () => {
  it("POSTs query and max_results as JSON with the key as a Bearer token; content becomes the snippet", async () => {
    const before = tavilyRequests.length;
    const results = await search(tavily, "sea otters", "test-tavily-key", TAVILY, 4);
    const sent = tavilyRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.url.pathname).toBe("/search");
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer test-tavily-key");
    expect(JSON.parse(sent[0]!.body)).toEqual({
      query: "sea otters",
      max_results: 4,
      search_depth: "basic",
      topic: "general",
    });
    expect(results).toHaveLength(4);
    expect(results[0]).toEqual({
      title: "Result 1 about sea otters",
      url: "https://pages.fake.test/page/sea-otters/1",
      snippet: "Snippet 1 & more on sea-otters",
      publishedAt: "Sat, 01 Nov 2026 10:00:00 GMT",
    });
  });

  it("errors carry Tavily's reason; 429 is retried", async () => {
    const bad = await search(tavily, "q #422", "test-tavily-key", TAVILY).catch((e) => e);
    expect(bad).toMatchObject({ retryable: false, message: "Tavily answered 400: Query is invalid." });
    const key = await search(tavily, "q", "nope", TAVILY).catch((e) => e);
    expect(key.message).toBe("Tavily answered 401: Unauthorized: missing or invalid API key.");
    const before = tavilyRequests.length;
    await expect(
      withRetries(() => search(tavily, "busy #429x1", "test-tavily-key", TAVILY), fast),
    ).resolves.toHaveLength(3);
    expect(tavilyRequests.length - before).toBe(2);
  });
});
