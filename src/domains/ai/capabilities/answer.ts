import { DEMO_PROVIDER } from "../models";
import { estimateTokens } from "../providers/demo";
import { demoDelayMs, providerFor } from "../providers";
import type { ChatMessage } from "../providers/types";
import { abortableSleep } from "./retry";
import type { CapabilityContext } from "./types";

/** A numbered source the answer may cite as `[n]`: its title, URL and what the model reads of it. */
export interface Source {
  title: string;
  url: string;
  text: string;
}

/** What the model reads of each source at most, so the prompt stays within a small model's context. */
const SOURCE_CHARS = 6000;

const numbered = (sources: Source[]) =>
  sources.map((s, i) => `[${i + 1}] ${s.title}\n${s.url}\n${s.text.slice(0, SOURCE_CHARS)}`).join("\n\n");

/** The list that ends every answer: exactly the sources the model was given, in their numbering. */
const sourcesList = (sources: Source[]) =>
  sources.length ? `\n\nSources:\n${sources.map((s, i) => `[${i + 1}] ${s.title} - ${s.url}`).join("\n")}` : "";

const words = (text: string, count: number) => {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.slice(0, count).join(" ") + (all.length > count ? " …" : "");
};

interface AnswerRequest {
  /** What to write ("an answer to the question", "a research report on the question"). */
  kind: "answer" | "report";
  sources: Source[];
}

/**
 * The capability's final answer, written by the session's chat model from numbered sources and
 * streamed as the reply's content; the sources list is appended by the run, not the model, so it
 * names exactly the sources given (every one of them read or found). The demo model writes a
 * deterministic answer that still cites and lists them.
 */
export async function writeAnswer(context: CapabilityContext, request: AnswerRequest): Promise<void> {
  const { spec, signal } = context;
  if (spec.model.providerKey === DEMO_PROVIDER) {
    const cited = request.sources.map((s, i) => `[${i + 1}] ${s.title}: ${words(s.text, 20)}`).join(" ");
    const text =
      `Demo ${request.kind} (the demo model wrote this deterministically; a configured chat model writes a real one) ` +
      `for "${words(spec.prompt, 24)}", from ${request.sources.length} source${request.sources.length === 1 ? "" : "s"}. ${cited}` +
      sourcesList(request.sources);
    await streamDemoText(context, text, estimateTokens(spec.prompt) + estimateTokens(numbered(request.sources)));
    return;
  }

  const rules =
    `Write ${request.kind === "report" ? "a well-structured research report" : "a concise answer"} to the user's question ` +
    "using only the numbered sources below. Cite every claim with the source's number in square brackets, e.g. [1] or [2][3]; " +
    "cite no number that is not in the list. Do not write a list of sources at the end: it is added for you.";
  const messages: ChatMessage[] = [
    { role: "system", content: [context.instructions, rules].filter(Boolean).join("\n\n") },
    {
      role: "user",
      content: `${spec.prompt}\n\nSources:\n\n${numbered(request.sources) || "(no sources were found)"}`,
    },
  ];
  await streamModelText(context, messages);
  if (!signal.aborted) context.write(sourcesList(request.sources));
}

/** The demo model's deterministic text, streamed a word at a time with its token estimate. */
export async function streamDemoText(context: CapabilityContext, text: string, inputTokens: number): Promise<void> {
  const delay = demoDelayMs(context.env);
  let streamed = "";
  for (const [index, piece] of (text.match(/\S+\s*|\s+/g) ?? []).entries()) {
    if (index > 0 && delay > 0) await abortableSleep(delay, context.signal);
    context.write(piece);
    streamed += piece;
    context.tokens(null, { inputTokens, outputTokens: estimateTokens(streamed) });
  }
  context.tokens({ inputTokens, outputTokens: estimateTokens(streamed) });
}

/** The session's chat model answering `messages`, streamed with its usage (no tools). */
export async function streamModelText(context: CapabilityContext, messages: ChatMessage[]): Promise<void> {
  const { spec, env, signal } = context;
  const provider = providerFor(spec.model.providerKey, env);
  let streamed = "";
  for await (const event of provider.stream({ model: spec.model.providerModel, messages, tools: [], signal })) {
    if (signal.aborted) return;
    if (event.type === "delta") {
      context.write(event.text);
      streamed += event.text;
      if (provider.estimateUsage) context.tokens(null, provider.estimateUsage(messages, streamed));
    } else if (event.type === "usage") {
      context.tokens({ inputTokens: event.inputTokens, outputTokens: event.outputTokens });
    }
  }
}
