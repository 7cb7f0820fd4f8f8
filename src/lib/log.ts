/**
 * Structured error logs. Log lines leave the Worker (Workers Logs, Logpush, `wrangler tail`) and are
 * read by people, so a line never carries a secret: the values of the secret bindings, bearer or
 * basic credentials and JWT-shaped strings are masked before anything is written, whatever an
 * error message happens to quote.
 */

/** Bindings whose values are secrets (see README, "Configuration"). */
const SECRET_BINDINGS = [
  "JWT_SECRET",
  "ADMIN_TOKEN",
  "CREDENTIALS_KEY",
  "OPENAI_API_KEY",
  "RESEND_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  // Built-in connector OAuth apps (CONTRACT "Catalogue": CONNECTOR_<K>_CLIENT_SECRET).
  "CONNECTOR_SLACK_CLIENT_SECRET",
  "CONNECTOR_GMAIL_CLIENT_SECRET",
  "CONNECTOR_GOOGLE_DRIVE_CLIENT_SECRET",
  "CONNECTOR_GOOGLE_CALENDAR_CLIENT_SECRET",
  "CONNECTOR_NOTION_CLIENT_SECRET",
  "CONNECTOR_FIGMA_CLIENT_SECRET",
] as const;

type SecretSource = Partial<Record<(typeof SECRET_BINDINGS)[number], string>>;

const REDACTED = "[redacted]";
const CREDENTIAL_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
];

/** Masks secret values and credential-shaped substrings in `text`. */
export function redact(text: string, secrets: SecretSource = {}): string {
  let out = text;
  for (const name of SECRET_BINDINGS) {
    const value = secrets[name];
    // Very short values would mask ordinary words; real secrets are long.
    if (value && value.length >= 8) out = out.split(value).join(REDACTED);
  }
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
