import { describe, expect, it } from "vitest";
import { modelId } from "../../src/domains/ai/models";
import { maxRunCostMicros, OUTPUT_TOKENS_PER_CALL, STEP_CONTEXT_TOKENS } from "../../src/domains/ai/spend-cap";

// A run's maximum estimated cost (docs/wallet.md), the amount a capped account's admission holds.

const context = (prompt: string) => ({ instructions: "Be brief.", memories: ["likes otters"], history: [], prompt });
/** The context above at four characters a token: "Be brief.\nlikes otters\n" + the prompt. */
const contextTokens = (prompt: string) => Math.ceil(`Be brief.\nlikes otters\n${prompt}`.length / 4);
/** gpt-4o's list price, USD per million tokens. */
const GPT_4O = { input: 2.5, output: 10 };
const micros = (usd: number) => Math.round(usd * 1e6);

describe("a run's maximum estimated cost", () => {
  it("a chat run: one call reading the context and writing OUTPUT_TOKENS_PER_CALL; with tools, four rounds more", async () => {
    const model = { id: await modelId("gpt-4o") };
    const prompt = "tell me about otters";
    const input = contextTokens(prompt);
    const one = (input * GPT_4O.input + OUTPUT_TOKENS_PER_CALL * GPT_4O.output) / 1e6;
    expect(await maxRunCostMicros({ model, capability: null, context: context(prompt), tools: false })).toBe(
      micros(one),
    );
    const withTools = (5 * input + 4 * STEP_CONTEXT_TOKENS) * GPT_4O.input + 5 * OUTPUT_TOKENS_PER_CALL * GPT_4O.output;
    expect(await maxRunCostMicros({ model, capability: null, context: context(prompt), tools: true })).toBe(
      micros(withTools / 1e6),
    );
  });

  it("capability runs: the most units their runner bills, beside their model calls", async () => {
    const demo = { id: await modelId("demo") };
    const run = (key: string, parameters: Record<string, unknown>, provider: string) =>
      maxRunCostMicros({
        model: demo,
        capability: { key: key as never, parameters, provider },
        context: context("otters"),
        tools: false,
      });
    expect(await run("ai.search.web", {}, "brave")).toBe(micros(0.005));
    expect(await run("ai.research.deep", {}, "brave")).toBe(micros(4 * 0.005));
    expect(await run("ai.research.deep", { depth: "deep" }, "tavily")).toBe(micros(12 * 0.008));
    expect(await run("ai.image.generate", { numImages: 3, model: "dall-e-3", quality: "hd" }, "openai")).toBe(
      micros(3 * 0.08),
    );
    expect(await run("ai.video.generate", { duration: 8 }, "sora")).toBe(micros(8 * 0.1));
    expect(await run("ai.audio.generate", { durationSeconds: 30 }, "elevenlabs")).toBe(micros((30 * 0.8) / 60));
    expect(await run("ai.audio.generate", {}, "stable-audio")).toBe(micros(0.2));
    // The demo runner (no provider) bills nothing, and the demo model's tokens cost 0.
    expect(await run("ai.image.generate", { numImages: 4 }, null as never)).toBe(0);
  });

  it("null when a part has no price: an unpriced model, or a unit without one", async () => {
    const unpriced = { id: await modelId("fake-basic") };
    expect(
      await maxRunCostMicros({ model: unpriced, capability: null, context: context("hi"), tools: false }),
    ).toBeNull();
    const demo = { id: await modelId("demo") };
    // gpt-image-1 at quality "auto": OpenAI picks the quality and with it the price, so it has none.
    expect(
      await maxRunCostMicros({
        model: demo,
        capability: { key: "ai.image.generate", parameters: { model: "gpt-image-1" }, provider: "openai" },
        context: context("otters"),
        tools: false,
      }),
    ).toBeNull();
  });
});
