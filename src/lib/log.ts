/**
 * Structured error logs. Log lines leave the Worker (Workers Logs, Logpush, `wrangler tail`) and are
 * read by people, so a line never carries a secret: the values of the secret bindings, bearer or
 * basic credentials and JWT-shaped strings are masked before anything is written, whatever an
 * error message happens to quote.
 */
import { secretValues } from "./secrets";

/** The bindings to mask: an `Env`, or part of one (only its secrets are read, see lib/secrets). */
type SecretSource = object;

const REDACTED = "[redacted]";
const MIN_SECRET_LENGTH = 8;
const CREDENTIAL_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
];

/** Masks secret values and credential-shaped substrings in `text`. */
export function redact(text: string, secrets: SecretSource = {}): string {
  let out = text;
  // Each value as written and as a JSON string holds it (a log line is JSON), longest first so a
  // secret inside another is not half-masked. Very short values would mask ordinary words.
  const forms = secretValues(secrets)
    .filter((value) => value.length >= MIN_SECRET_LENGTH)
    .flatMap((value) => [value, JSON.stringify(value).slice(1, -1)])
    .sort((a, b) => b.length - a.length);
  for (const form of new Set(forms)) out = out.split(form).join(REDACTED);
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** The loggable parts of a thrown value. */
export function describeError(error: unknown): { error: string; stack?: string } {
  return error instanceof Error ? { error: String(error), stack: error.stack } : { error: String(error) };
}

/** Writes one JSON line to the error log, redacted. */
export function logError(secrets: SecretSource, fields: Record<string, unknown>): void {
  console.error(redact(JSON.stringify(fields), secrets));
}
