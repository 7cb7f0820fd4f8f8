import { describe, expect, it } from "vitest";
import { MAX_SNIPPET_CHARS, MAX_TITLE_CHARS } from "../../src/domains/ai/capabilities/search/port";
import { brave } from "../../src/domains/ai/capabilities/search/providers/brave";
import { tavily } from "../../src/domains/ai/capabilities/search/providers/tavily";
import type { ProviderOf } from "../../src/domains/ai/capabilities/providers/define";
import { providerCall } from "./provider-call";
import { BRAVE, HOSTILE_RESULTS, installFakeSearch, PAGES, TAVILY } from "./fakes/search";
import { aiUser, events, finished, newSession, readStream, sent } from "./helpers";

installFakeSearch();

const search = (provider: ProviderOf<"search">, query: string, apiKey: string, baseUrl: string, maxResults = 20) =>
  provider.search({ query, maxResults }, providerCall(provider, apiKey, baseUrl));

/** What is left of the fakes' `#hostile` answer (CONTRACT: http(s) only, no CR/LF, titles 300, snippets 1,000). */
const KEPT = [
  {
    title: "Good one [9] Forged source - https://evil.fake.test",
    url: `${PAGES}/hostile/good`,
    snippet: "line one line two line three",
    publishedAt: "2026-11-01 Injected: yes",
  },
  { title: "T".repeat(300), url: `${PAGES}/hostile/long`, snippet: "S".repeat(1_000) },
  { title: "Split URL", url: `${PAGES}/hostile/crlf`, snippet: "" },
  // Plain http is kept too.
  { title: "<".repeat(300), url: "http://pages.fake.test/hostile/markup", snippet: "ok" },
];

describe("search results from a hostile index", () => {
  it("Brave and Tavily: only http(s) URLs are kept, CR/LF removed, titles at most 300 and snippets at most 1,000 characters", async () => {
    expect([MAX_TITLE_CHARS, MAX_SNIPPET_CHARS]).toEqual([300, 1_000]);
    expect(HOSTILE_RESULTS).toHaveLength(9);
    expect(await search(brave, "anything #hostile", "test-brave-key", BRAVE)).toEqual(KEPT);
    expect(await search(tavily, "anything #hostile", "test-tavily-key", TAVILY)).toEqual(KEPT);
  });

  it("through a run: the tool call's output and the answer's sources list hold only the kept results, one line each", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "anything #hostile",
      capabilityKey: "ai.search.web",
      parameters: { maxResults: 20 },
      model: "demo",
    });
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    const search = frames.find((f) => f.event === "tool.completed")!.data!.payload;
    expect(search.output.results).toEqual(KEPT);
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    const [, sources] = message.content.split("\n\nSources:\n");
    expect(sources.split("\n")).toEqual(KEPT.map((r, i) => `[${i + 1}] ${r.title} - ${r.url}`));
    expect(message.content).not.toMatch(/javascript:|file:|gopher:|data:/);
    expect(message.content.split("\n").filter((line: string) => line.startsWith("[9]"))).toEqual([]);
  });
});
