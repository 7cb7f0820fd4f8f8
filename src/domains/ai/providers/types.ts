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

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: ChatToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

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

export type ProviderEvent =
  | { type: "delta"; text: string }
  | { type: "tool_call"; call: ChatToolCall }
  | { type: "usage"; inputTokens: number; outputTokens: number };

export interface ModelProvider {
  readonly key: string;
  stream(request: ChatRequest): AsyncIterable<ProviderEvent>;
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
