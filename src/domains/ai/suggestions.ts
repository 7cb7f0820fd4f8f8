import type { SuggestionRecord } from "../../db/schema/ai";

/**
 * Suggestions come from the same model call as the reply: the model is asked to end its answer
 * with a marked block, which is cut out of the streamed text and never reaches `content`.
 */
export const SUGGESTIONS_OPEN = "<suggestions>";
export const SUGGESTIONS_CLOSE = "</suggestions>";
/** More cards than this is noise in a UI. */
const MAX_SUGGESTIONS = 5;
const MAX_SUGGESTION_CHARS = 200;

export const SUGGESTIONS_INSTRUCTION =
  `After your answer, on a new line, add up to ${MAX_SUGGESTIONS} short follow-up questions the user might ask next, ` +
  `as ${SUGGESTIONS_OPEN}[{"suggestion":"...","priority":1}]${SUGGESTIONS_CLOSE} (JSON, priority 1 is the most useful). ` +
  "Write nothing after that block.";

/**
 * Splits a streamed reply into visible text and the suggestions block. Text that could be the
 * start of the opening marker is held back until the next delta decides, so no part of the
 * marker ever reaches a listener.
 */
export class SuggestionSplitter {
  private pending = "";
  private block: string | null = null;

  /** Feeds a delta; returns the text that is safe to show now. */
  push(delta: string): string {
    if (this.block !== null) {
      this.block += delta;
      return "";
    }
    const text = this.pending + delta;
    const start = text.indexOf(SUGGESTIONS_OPEN);
    if (start >= 0) {
      this.block = text.slice(start + SUGGESTIONS_OPEN.length);
      this.pending = "";
      // The line break before the block belongs to the block, not to the reply.
      return text.slice(0, start).trimEnd();
    }
    // Trailing whitespace is held too: it is shown only if more reply text follows it.
    const markerPrefix = heldPrefixLength(text);
    const safe = text.slice(0, text.length - markerPrefix);
    const shown = safe.trimEnd();
    this.pending = text.slice(shown.length);
    return shown;
  }

  /** At the end of the reply: the held-back text (it was no marker after all), minus trailing whitespace. */
  flush(): string {
    const rest = this.pending.trimEnd();
    this.pending = "";
    return rest;
  }

  suggestions(): SuggestionRecord[] {
    if (this.block === null) return [];
    return parseSuggestions(this.block.split(SUGGESTIONS_CLOSE)[0] ?? "");
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of the opening marker. */
function heldPrefixLength(text: string): number {
  for (let length = Math.min(SUGGESTIONS_OPEN.length - 1, text.length); length > 0; length--) {
    if (SUGGESTIONS_OPEN.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/** Lenient about what a model writes, strict about what is stored: strings or objects, capped. */
function parseSuggestions(json: string): SuggestionRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.trim());
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const cards: SuggestionRecord[] = [];
  for (const [index, item] of parsed.entries()) {
    const text = typeof item === "string" ? item : typeof item?.suggestion === "string" ? item.suggestion : null;
    if (!text?.trim()) continue;
    const priority = typeof item?.priority === "number" && Number.isFinite(item.priority) ? item.priority : index + 1;
    cards.push({ suggestion: text.trim().slice(0, MAX_SUGGESTION_CHARS), priority });
  }
  return cards.slice(0, MAX_SUGGESTIONS);
}
