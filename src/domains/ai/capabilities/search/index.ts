import { writeAnswer } from "../answer";
import { CAPABILITY_PROVIDERS } from "../providers/registry";
import { retriedInStep } from "../retry";
import type { Capability, CapabilityContext, StepResult } from "../types";
import type { SearchResult } from "./port";

export type { SearchResult } from "./port";

/** `maxResults` when the request names none. */
const DEFAULT_MAX_RESULTS = 5;

/** The `web.search` tool call's output (CONTRACT). */
export interface SearchOutput {
  query: string;
  results: SearchResult[];
}

/**
 * One `web.search` step with the run's provider: 429, 5xx and an unreachable API are retried
 * with backoff (the card says so), any other failure ends the step and the run with the
 * provider's reason. Counts one search query as a cost unit per request that reached the provider.
 */
export function searchStep(
  context: CapabilityContext,
  id: string,
  query: string,
  maxResults: number,
): Promise<StepResult<SearchOutput>> {
  const subject = CAPABILITY_PROVIDERS.find("search", context.provider)?.name ?? context.provider;
  const activity = { title: `Searching the web for "${query}"`, status: "searching", subject };
  return context.steps.run<SearchOutput>(
    {
      id,
      toolKey: "web.search",
      input: { query, maxResults },
      activity,
    },
    async (step) => {
      const { provider, access } = CAPABILITY_PROVIDERS.open(context.env, "search", context.provider);
      const call = { ...access, signal: step.signal, fetch: context.fetch };
      const results = await retriedInStep(context, step, activity, async () => {
        const found = await provider.search({ query, maxResults }, call);
        // Providers bill the searches they answer.
        context.unit(provider.unit, 1);
        return found;
      });
      const output = { query, results };
      return { output, data: output };
    },
  );
}

/** Longest query sent to a provider (Brave refuses more than 400 characters). */
export const MAX_QUERY_CHARS = 400;

/** `ai.search.web`: one search, then the chat model answers citing the results as `[n]`. */
export const webSearch: Capability = {
  key: "ai.search.web",
  async run(context) {
    const maxResults =
      typeof context.parameters.maxResults === "number" ? context.parameters.maxResults : DEFAULT_MAX_RESULTS;
    const found = await searchStep(
      context,
      "search-1",
      context.spec.prompt.trim().slice(0, MAX_QUERY_CHARS),
      maxResults,
    );
    const results = found.data?.results ?? [];
    await writeAnswer(context, {
      kind: "answer",
      sources: results.map((r) => ({ title: r.title, url: r.url, text: r.snippet })),
    });
  },
};
