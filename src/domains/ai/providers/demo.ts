import { SUGGESTIONS_CLOSE, SUGGESTIONS_OPEN } from "../suggestions";
import {
  toWireName,
  type ChatMessage,
  type ChatRequest,
  type ChatToolCall,
  type ModelProvider,
  type ProviderEvent,
  type TokenUsage,
  type ToolSpec,
} from "./types";

/** How many words of the request the demo repeats back as its gist. */
const GIST_WORDS = 16;

/**
 * Token estimate for the demo provider, which has no tokenizer: one token per 4 characters,
 * rounded up (the usual rule of thumb for English text with BPE tokenizers).
 */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

const gistOf = (text: string) => {
  const words = text.trim().split(/\s+/);
  return words.slice(0, GIST_WORDS).join(" ") + (words.length > GIST_WORDS ? " …" : "");
};

/** The deterministic reply to a conversation: what the demo would say, word for word. */
export function demoReply(messages: ChatMessage[], withSuggestions: boolean): string {
  const last = [...messages].reverse().find((m) => m.role === "user");
  const lastUser = last?.content ?? "";
  const attached =
    last?.role === "user" && last.attached?.length
      ? `It received ${last.attached.length} attachment${last.attached.length === 1 ? "" : "s"}: ${last.attached.join("; ")}. `
      : "";
  const reply =
    `This is the demo model, offline and deterministic, not a real AI. You asked: "${gistOf(lastUser)}". ${attached}` +
    "A configured model would answer that here. The demo repeats the gist of your request instead, so that " +
    "streaming, stopping, retries, versions and history can all be tried without any provider. Each word " +
    "arrives as its own delta, a short pause apart, which leaves time to stop the run, reload the page, or " +
    "open the conversation in a second tab and watch the same reply continue.";
  if (!withSuggestions) return reply;
  const suggestions = [
    { suggestion: "Configure a real model provider", priority: 1 },
    { suggestion: `Ask a follow-up about "${gistOf(lastUser).slice(0, 40)}"`, priority: 2 },
  ];
  return `${reply}\n${SUGGESTIONS_OPEN}${JSON.stringify(suggestions)}${SUGGESTIONS_CLOSE}`;
}

/**
 * The demo's deterministic way to call a tool (so connector tools work offline): a user message
 * with a line `/tool <toolKey> <JSON input>` calls that tool, if the run offers it, once; the
 * reply after its result says what the tool answered.
 */
const TOOL_LINE = /^\/tool\s+(\S+)\s*(.*)$/m;
const DEMO_CALL_ID = "demo-call-1";

function demoToolCall(content: string, tools: ToolSpec[]): ChatToolCall | null {
  const match = TOOL_LINE.exec(content);
  if (!match) return null;
  const name = toWireName(match[1]!);
  if (!tools.some((tool) => tool.name === name)) return null;
  return { id: DEMO_CALL_ID, name, arguments: match[2]!.trim() || "{}" };
}

const toolReply = (result: string) => `The demo model called the tool, which answered: ${gistOf(result)}`;

/**
 * The built-in `demo` provider: streams `demoReply` a word at a time with `delayMs` between words
 * and reports estimated usage (also for a stream cut short, via `estimateUsage`). It asks for
 * suggestions the way a real model is asked (the system prompt), so they travel the same parsing path.
 */
export class DemoProvider implements ModelProvider {
  readonly key = "demo";
  constructor(private readonly delayMs: number) {}

  async *stream(request: ChatRequest): AsyncGenerator<ProviderEvent> {
    const last = request.messages.at(-1);
    const call = last?.role === "user" ? demoToolCall(last.content, request.tools) : null;
    if (call) {
      yield { type: "tool_call", call };
      yield { type: "usage", ...this.estimateUsage(request.messages, call.arguments) };
      return;
    }
    const wantsSuggestions = request.messages.some((m) => m.role === "system" && m.content.includes(SUGGESTIONS_OPEN));
    const reply = last?.role === "tool" ? toolReply(last.content) : demoReply(request.messages, wantsSuggestions);
    const pieces = reply.match(/\S+\s*/g) ?? [];
    for (const [index, piece] of pieces.entries()) {
      if (index > 0 && this.delayMs > 0) await sleep(this.delayMs, request.signal);
      yield { type: "delta", text: piece };
    }
    yield { type: "usage", ...this.estimateUsage(request.messages, reply) };
  }

  /** The documented estimate: every prompt message in, everything streamed (reply, suggestions) out. */
  estimateUsage(messages: ChatMessage[], streamed: string): TokenUsage {
    const inputTokens = messages.reduce((sum, m) => sum + estimateTokens(m.content ?? ""), 0);
    return { inputTokens, outputTokens: estimateTokens(streamed) };
  }
}
