import { bodyWithin, Deadline, secondsText } from "../../../lib/deadline";
import { sseData } from "../../../lib/sse";
import { GATEWAY_AUTHORIZATION } from "../gateway";
import { type ChatMessage, type ChatRequest, type ModelProvider, ProviderError, type ProviderEvent } from "./types";

interface OpenAiConfig {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  /** Secret. Sent only in the Authorization header, never logged or echoed. */
  apiKey: string;
  /** `cf-aig-authorization` when `baseUrl` is an AI Gateway's and its token is set (ai/gateway.ts). */
  gatewayAuthorization?: string;
  providerKey: string;
  /** The deadline on the stream's first byte, from the request (`CHAT_FIRST_BYTE_MS`). */
  firstByteMs: number;
  /** The longest silence after the first byte (`CHAT_IDLE_MS`). */
  idleMs: number;
}

interface ChunkToolCall {
  index: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  choices?: { delta?: { content?: string | null; tool_calls?: ChunkToolCall[] }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

function wireMessage(message: ChatMessage) {
  switch (message.role) {
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
    case "assistant":
      return {
        role: "assistant",
        content: message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: "function",
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    case "user":
      // Attached images go as image_url content parts with data URLs (OpenAI's vision input).
      return message.images?.length
        ? {
            role: "user",
            content: [
              { type: "text", text: message.content },
              ...message.images.map((image) => ({
                type: "image_url",
                image_url: { url: image.dataUrl },
              })),
            ],
          }
        : { role: "user", content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
}

/** Longest provider error text we pass on; provider bodies can be large HTML pages. */
const MAX_ERROR_TEXT = 300;

/**
 * Any server that speaks OpenAI's chat-completions protocol with `stream: true`. Tool-call
 * arguments arrive in pieces across chunks (keyed by `index`) and are joined here; a stream that
 * ends without `[DONE]` is a truncated reply and fails the run rather than passing as complete.
 */
export class OpenAiCompatibleProvider implements ModelProvider {
  readonly key: string;
  constructor(private readonly config: OpenAiConfig) {
    this.key = config.providerKey;
  }

  async *stream(request: ChatRequest): AsyncGenerator<ProviderEvent> {
    // CONTRACT "AI capabilities": a first byte within its deadline, then no silence longer than
    // the idle one; either passed fails the run as a 5xx would (a chat call is not retried).
    const { firstByteMs, idleMs } = this.config;
    const deadline = new Deadline(request.signal);
    deadline.arm(
      firstByteMs,
      () => new ProviderError(`The model provider sent nothing within ${secondsText(firstByteMs)}`),
    );
    try {
      yield* this.streamWithin(request, deadline, {
        ms: idleMs,
        error: () => new ProviderError(`The model provider's stream stalled: nothing for ${secondsText(idleMs)}`),
      });
    } catch (error) {
      if (deadline.passed && !request.signal.aborted) throw deadline.passed;
      throw error;
    } finally {
      deadline.clear();
    }
  }

  private async *streamWithin(
    request: ChatRequest,
    deadline: Deadline,
    idle: { ms: number; error: () => Error },
  ): AsyncGenerator<ProviderEvent> {
    const response = await deadline
      .race(
        fetch(`${this.config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "text/event-stream",
            Authorization: `Bearer ${this.config.apiKey}`,
            ...(this.config.gatewayAuthorization ? { [GATEWAY_AUTHORIZATION]: this.config.gatewayAuthorization } : {}),
          },
          body: JSON.stringify({
            model: request.model,
            messages: request.messages.map(wireMessage),
            stream: true,
            stream_options: { include_usage: true },
            ...(request.tools.length
              ? { tools: request.tools.map((tool) => ({ type: "function", function: tool })) }
              : {}),
          }),
          signal: deadline.signal,
        }),
      )
      .catch((error: unknown) => {
        if (request.signal.aborted || deadline.passed) throw error;
        throw new ProviderError("The model provider could not be reached", "provider_unreachable");
      });
    if (!response.ok || !response.body) {
      const text = (await deadline.race(response.text()).catch(() => "")).slice(0, MAX_ERROR_TEXT);
      let detail = text;
      try {
        detail = (JSON.parse(text) as Chunk).error?.message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new ProviderError(`The model provider answered ${response.status}${detail ? `: ${detail}` : ""}`);
    }

    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let done = false;
    for await (const data of sseData(bodyWithin(response.body, deadline, idle))) {
      if (data === "[DONE]") {
        done = true;
        break;
      }
      let chunk: Chunk;
      try {
        chunk = JSON.parse(data) as Chunk;
      } catch {
        throw new ProviderError("The model provider sent a malformed stream chunk");
      }
      if (chunk.error) throw new ProviderError(`The model provider failed: ${chunk.error.message ?? "unknown error"}`);
      for (const choice of chunk.choices ?? []) {
        const delta = choice.delta;
        if (delta?.content) yield { type: "delta", text: delta.content };
        for (const piece of delta?.tool_calls ?? []) {
          const call = calls.get(piece.index) ?? { id: "", name: "", arguments: "" };
          if (piece.id) call.id = piece.id;
          if (piece.function?.name) call.name += piece.function.name;
          if (piece.function?.arguments) call.arguments += piece.function.arguments;
          calls.set(piece.index, call);
        }
      }
      if (chunk.usage) {
        yield {
          type: "usage",
          inputTokens: chunk.usage.prompt_tokens ?? 0,
          outputTokens: chunk.usage.completion_tokens ?? 0,
        };
      }
    }
    if (!done)
      throw new ProviderError("The model provider's stream ended before it was complete", "provider_stream_truncated");
    for (const [index, call] of [...calls].sort(([a], [b]) => a - b)) {
      yield {
        type: "tool_call",
        call: { id: call.id || `call_${index}`, name: call.name, arguments: call.arguments || "{}" },
      };
    }
  }
}
