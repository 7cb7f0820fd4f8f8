import { sseData } from "../../../lib/sse";
import { type ChatRequest, type ModelProvider, ProviderError, type ProviderEvent } from "./types";

/** The part of the Workers AI binding this provider uses (so tests can hand in a local fake). */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

interface WorkersAiChunk {
  response?: string;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/**
 * Cloudflare Workers AI through the `AI` binding, streaming (`stream: true` answers SSE of
 * `{ response }` chunks and a final `usage`). Tool calling is not offered here: streamed tool calls
 * are not part of the binding's stable contract, so runs on these models answer in text.
 */
export class WorkersAiProvider implements ModelProvider {
  readonly key = "workers-ai";
  constructor(
    private readonly ai: WorkersAiBinding,
    /** The AI Gateway it runs through (`AI_GATEWAY_ID`), or none. */
    private readonly gateway?: { id: string },
  ) {}

  async *stream(request: ChatRequest): AsyncGenerator<ProviderEvent> {
    const messages = request.messages.flatMap((message) => {
      if (message.role === "tool") return [{ role: "user", content: `Tool result: ${message.content}` }];
      return message.content === null ? [] : [{ role: message.role, content: message.content }];
    });
    let result: unknown;
    try {
      result = await this.ai.run(
        request.model,
        { messages, stream: true },
        this.gateway ? { gateway: this.gateway } : undefined,
      );
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw new ProviderError(`Workers AI failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!(result instanceof ReadableStream)) throw new ProviderError("Workers AI did not answer with a stream");
    const stream = result as ReadableStream<Uint8Array>;
    const abort = () => void stream.cancel().catch(() => {});
    request.signal.addEventListener("abort", abort, { once: true });
    let done = false;
    try {
      for await (const data of sseData(stream)) {
        if (data === "[DONE]") {
          done = true;
          break;
        }
        const chunk = JSON.parse(data) as WorkersAiChunk;
        if (chunk.response) yield { type: "delta", text: chunk.response };
        if (chunk.usage) {
          yield {
            type: "usage",
            inputTokens: chunk.usage.prompt_tokens ?? 0,
            outputTokens: chunk.usage.completion_tokens ?? 0,
          };
        }
      }
    } finally {
      request.signal.removeEventListener("abort", abort);
    }
    if (!done && !request.signal.aborted)
      throw new ProviderError("Workers AI's stream ended before it was complete", "provider_stream_truncated");
  }
}
