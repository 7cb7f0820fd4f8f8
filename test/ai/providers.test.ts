import { describe, expect, it } from "vitest";
import { activeModels, selectModel } from "../../src/domains/ai/models";
import { sseData } from "../../src/lib/sse";
import { WorkersAiProvider } from "../../src/domains/ai/providers/workers-ai";
import { SuggestionSplitter } from "../../src/domains/ai/suggestions";

const streamOf = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

const collect = async <T>(iterable: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
};

describe("SSE parsing of provider streams", () => {
  it("handles chunk boundaries anywhere, CRLF and CR line ends, comments, multi-line data; drops an unterminated event", async () => {
    const data = await collect(
      sseData(streamOf('data: {"a"', ":1}\r\n\r", "\n: comment\n\ndata: x\ndata: y\r\rdata:z\n\ndata: never ends")),
    );
    expect(data).toEqual(['{"a":1}', "x\ny", "z"]);
  });
});

describe("Workers AI provider", () => {
  it("streams response deltas and usage from the binding, and flags a stream without [DONE]", async () => {
    const seen: unknown[] = [];
    const binding = {
      async run(model: string, inputs: Record<string, unknown>) {
        seen.push({ model, inputs });
        return streamOf(
          'data: {"response":"Hi"}\n\n',
          'data: {"response":" there"}\n\n',
          'data: {"response":"","usage":{"prompt_tokens":7,"completion_tokens":2}}\n\n',
          "data: [DONE]\n\n",
        );
      },
    };
    const provider = new WorkersAiProvider(binding);
    const events = await collect(
      provider.stream({
        model: "@cf/x",
        messages: [{ role: "user", content: "hello" }],
        tools: [],
        signal: new AbortController().signal,
      }),
    );
    expect(events).toEqual([
      { type: "delta", text: "Hi" },
      { type: "delta", text: " there" },
      { type: "usage", inputTokens: 7, outputTokens: 2 },
    ]);
    expect(seen).toEqual([
      { model: "@cf/x", inputs: { messages: [{ role: "user", content: "hello" }], stream: true } },
    ]);

    const cut = new WorkersAiProvider({ run: async () => streamOf('data: {"response":"Hi"}\n\n') });
    await expect(
      collect(cut.stream({ model: "m", messages: [], tools: [], signal: new AbortController().signal })),
    ).rejects.toThrow(/ended before/);
  });
});

describe("suggestions splitter", () => {
  it("never lets any part of the marker through, whatever the chunking", () => {
    const reply = 'Answer text.\n<suggestions>[{"suggestion":"More?","priority":1}]</suggestions>';
    for (let size = 1; size <= reply.length; size++) {
      const splitter = new SuggestionSplitter();
      let shown = "";
      for (let i = 0; i < reply.length; i += size) shown += splitter.push(reply.slice(i, i + size));
      shown += splitter.flush();
      expect(shown).toBe("Answer text.");
      expect(splitter.suggestions()).toEqual([{ suggestion: "More?", priority: 1 }]);
    }
  });

  it("keeps a lone '<' that is no marker, and yields no suggestions without a block or with bad JSON", () => {
    const splitter = new SuggestionSplitter();
    expect(splitter.push("a <") + splitter.push("b") + splitter.flush()).toBe("a <b");
    expect(splitter.suggestions()).toEqual([]);
    const bad = new SuggestionSplitter();
    bad.push("x<suggestions>not json</suggestions>");
    expect(bad.suggestions()).toEqual([]);
  });
});

describe("model selection", () => {
  const bare = { DB: undefined } as unknown as Env;
  it("with nothing configured, only the demo model is active and it is the default", async () => {
    const models = await activeModels(bare);
    expect(models.map((m) => m.key)).toEqual(["demo"]);
    expect(selectModel(models, { effortMode: "pro" }, "free", ["ai"]).key).toBe("demo");
  });

  it("Workers AI models are active when the AI binding exists, and lead the default", async () => {
    const models = await activeModels({ AI: { run: async () => null } } as unknown as Env);
    // A real model is configured and AI_DEMO_MODEL is not "on": the demo model is not listed.
    expect(models.map((m) => m.key)).toEqual(["llama-3.1-8b", "llama-3.3-70b"]);
    expect(selectModel(models, { effortMode: "pro" }, "free", ["ai"]).key).toBe("llama-3.3-70b");
    expect(selectModel(models, { effortMode: "thinking" }, "free", ["ai"]).key).toBe("llama-3.1-8b");
  });
});
