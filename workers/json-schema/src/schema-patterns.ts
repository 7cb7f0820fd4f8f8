import { RE2JS } from "re2js";

/**
 * JSON Schema `pattern`s on a linear-time engine: `re2js`, a pure-JS port of RE2, so matching time
 * grows with the input, never exponentially (`^(a+)+$` against `aaaa...!` took seconds per
 * character on the JavaScript engine). RE2 has no backreferences and no lookaround; a pattern using
 * them is refused when a schema is stored (`patternProblem`). JavaScript-only escapes (`\u0041`,
 * `\cA`, `/`) are translated first, as re2js recommends.
 */

/** Compiled patterns by source; schemas repeat theirs on every call. Bounded, since sources come from users. */
const compiled = new Map<string, RE2JS | Error>();
const CACHE_LIMIT = 500;

function compile(pattern: string): RE2JS | Error {
  let entry = compiled.get(pattern);
  if (entry) return entry;
  try {
    entry = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    entry = error instanceof Error ? error : new Error(String(error));
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, entry);
  return entry;
}

/** Why a pattern cannot run on the linear-time engine, or null when it can. */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== "string") return "must be a string";
  const entry = compile(pattern);
  return entry instanceof Error
    ? `cannot run on the linear-time regex engine (RE2: no backreferences or lookaround): ${entry.message}`
    : null;
}

/** A pattern the engine cannot run, met while validating (stored before the rule existed). */
export class UnusablePattern extends Error {}

/** JSON Schema semantics: the pattern matches anywhere in the string unless it anchors itself. */
export function patternMatches(pattern: string, text: string): boolean {
  const entry = compile(pattern);
  if (entry instanceof Error) throw new UnusablePattern(`the pattern "${pattern}" ${patternProblem(pattern)}`);
  return entry.matcher(text).find();
}
