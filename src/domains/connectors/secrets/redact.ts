import { describeError } from "../../../lib/log";
import { AdapterError, type OpenedCredentials } from "../../../../shared/connectors/adapter-port";

/**
 * Provider text that quotes a stored secret (an MCP server echoing the `Authorization` header, a
 * driver quoting its connection string) is redacted before it is returned or recorded (CONTRACT
 * "Outbound safety"). One place for every adapter and every answer that carries a provider's words
 * (execution and its history, the test endpoint, sync-tools, the refresh cron's health message):
 * each stored value of the instance's credentials and the forms it travels in (its base64, Basic's
 * `user:password`, a connection string's password), and the OAuth client's secret where one was sent.
 */
const REDACTED = "[redacted]";
/** Shorter values (a port, a user name like "app") would blank ordinary words out of messages. */
const MIN_SECRET_LENGTH = 6;

const longestFirst = (a: string, b: string) => b.length - a.length;

const base64 = (text: string) =>
  btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""));

function passwordOf(value: string): string | null {
  try {
    const password = new URL(value).password;
    return password ? decodeURIComponent(password) : null;
  } catch {
    return null;
  }
}

/**
 * The texts to redact, longest first (so a value inside another is not half-replaced): the
 * credentials' values in their forms, and `others` (other secrets of the exchange) as given.
 */
export function secretsOf(credentials: OpenedCredentials | null, others: string[] = []): string[] {
  const forms = new Set<string>(others);
  if (!credentials) return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH).sort(longestFirst);
  for (const value of Object.values(credentials.values)) {
    if (typeof value !== "string" || !value) continue;
    forms.add(value).add(base64(value));
    const password = passwordOf(value);
    if (password) forms.add(password).add(encodeURIComponent(password));
  }
  const { username, password } = credentials.values;
  if (credentials.credType === "basic_auth" && username !== undefined && password !== undefined)
    forms.add(base64(`${username}:${password}`));
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH).sort(longestFirst);
}

export function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  return result;
}

/** A JSON value with every secret redacted from its strings (walked, so the structure stays intact). */
export function redactJson(value: unknown, secrets: string[]): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key, secrets), redactJson(item, secrets)]),
    );
  return value;
}

/** An adapter's failure with its message redacted (kind and status kept). */
export const redactFailure = (failure: AdapterError, secrets: string[]): AdapterError =>
  new AdapterError(failure.kind, redact(failure.message, secrets), failure.httpStatus);

/** A thrown value's loggable parts (lib/log `describeError`) with every secret redacted. */
export function describeRedacted(error: unknown, secrets: string[]): { error: string; stack?: string } {
  const { error: text, stack } = describeError(error);
  return { error: redact(text, secrets), ...(stack === undefined ? {} : { stack: redact(stack, secrets) }) };
}
