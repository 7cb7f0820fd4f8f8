import { DEMO_PROVIDER } from "../../models";
import { providerFor } from "../../providers";
import type { ChatMessage } from "../../providers/types";
import { MAX_QUERY_CHARS } from "../search";
import type { CapabilityContext } from "../types";

const DEMO_ANGLES = [
  "",
  "overview",
  "evidence",
  "latest developments",
  "criticism",
  "history",
  "examples",
  "statistics",
  "experts",
  "comparison",
  "future",
  "open questions",
];

/** The demo model's plan: the question, then the question from fixed angles (deterministic). */
function demoPlan(prompt: string, round: number, count: number): string[] {
  const base = prompt
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, MAX_QUERY_CHARS - 24);
  return Array.from({ length: count }, (_, i) =>
    `${base} ${DEMO_ANGLES[(round * count + i) % DEMO_ANGLES.length]}`.trim(),
  );
}

/** The first JSON array of strings in a model's answer. */
function parseQueries(text: string, count: number): string[] | null {
  const match = /\[[\s\S]*\]/.exec(text);
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[0]);
    if (!Array.isArray(parsed)) return null;
    const queries = parsed
      .filter((q): q is string => typeof q === "string" && q.trim().length > 0)
      .map((q) => q.trim().slice(0, MAX_QUERY_CHARS));
    return queries.length ? [...new Set(queries)].slice(0, count) : null;
  } catch {
    return null;
  }
}

/**
 * The sub-queries of one research round, planned by the session's chat model from the question
 * and (after the first round) the titles of the pages read so far; the demo model plans
 * deterministically. A plan the model botches falls back to the deterministic one.
 */
export async function planQueries(
  context: CapabilityContext,
  round: number,
  count: number,
  learned: string[],
): Promise<string[]> {
  const { spec, env, signal } = context;
  if (spec.model.providerKey === DEMO_PROVIDER) return demoPlan(spec.prompt, round, count);
  const provider = providerFor(spec.model.providerKey, env);
  const task =
    round === 0
      ? `Plan ${count} web search queries that together research the user's question.`
      : `Plan ${count} further web search queries that fill the gaps left by the pages already read:\n${learned.map((t) => `- ${t}`).join("\n")}`;
  const messages: ChatMessage[] = [
    {
      role: "system",
      content: [context.instructions, `${task} Answer with a JSON array of ${count} strings and nothing else.`]
        .filter(Boolean)
        .join("\n\n"),
    },
    { role: "user", content: spec.prompt },
  ];
  let text = "";
  for await (const event of provider.stream({ model: spec.model.providerModel, messages, tools: [], signal })) {
    if (event.type === "delta") text += event.text;
    else if (event.type === "usage")
      context.tokens({ inputTokens: event.inputTokens, outputTokens: event.outputTokens });
  }
  return parseQueries(text, count) ?? demoPlan(spec.prompt, round, count);
}
