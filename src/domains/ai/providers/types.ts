/**
 * The one interface every model provider implements: a streaming chat completion that yields
 * text deltas, completed tool calls and a usage report, and fails loudly on a broken stream.
 */
export interface ChatToolCall {
  id: string;
  name: string;
  /** JSON text exactly as the model produced it. */
  arguments: string;
}

/**
 * An image a user attached, for a vision model: loaded from R2 when the run starts, as the `data:`
 * URL OpenAI-compatible providers take (encoded once; the run holds no other copy of its bytes).
 */
export interface ChatImage {
  mimeType: string;
  dataUrl: string;
}

export type ChatMessage =
  | { role: "system"; content: string }
  /** `images`: attached images; `attached`: what was attached, named (the demo says what it received). */
  | { role: "user"; content: string; images?: ChatImage[]; attached?: string[] }
  | { role: "assistant"; content: string | null; toolCalls?: ChatToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

/** Function names must match ^[a-zA-Z0-9_-]{1,64}$ in the OpenAI protocol; tool keys may hold dots. */
export const toWireName = (key: string) => key.replace(/[^a-zA-Z0-9_-]/g, "__").slice(0, 64);

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  /** The provider's own model name. */
  model: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ProviderEvent =
  | { type: "delta"; text: string }
  | { type: "tool_call"; call: ChatToolCall }
  | ({ type: "usage" } & TokenUsage);

export interface ModelProvider {
  readonly key: string;
  stream(request: ChatRequest): AsyncIterable<ProviderEvent>;
  /**
   * For providers that count tokens by estimate rather than report them: what a call has used
   * after streaming `streamed`, so a round cut short (stop, failure) is still counted. Providers
   * that report usage only at the end of a call leave it out; an unfinished call then counts nothing.
   */
  estimateUsage?(messages: ChatMessage[], streamed: string): TokenUsage;
}

/** A provider failure the run reports as `run.error` (never with secrets in the message). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code = "provider_error",
  ) {
    super(message);
  }
}
