import type { OpenedCredentials } from "../adapters/types";

/**
 * Provider text that quotes a stored secret (an MCP server echoing the `Authorization` header, a
 * driver quoting its connection string) is redacted before it is returned or recorded (CONTRACT
 * "Outbound safety"). One place on the execution path, for every adapter: each stored value of the
 * instance's credentials and the forms it travels in (its base64, Basic's `user:password`, a
 * connection string's password).
 */
const REDACTED = "[redacted]";
/** Shorter values (a port, a user name like "app") would blank ordinary words out of messages. */
const MIN_SECRET_LENGTH = 6;

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

/** The texts to redact, longest first (so a value inside another is not half-replaced). */
export function secretsOf(credentials: OpenedCredentials): string[] {
  const forms = new Set<string>();
  for (const value of Object.values(credentials.values)) {
    if (typeof value !== "string" || !value) continue;
    forms.add(value).add(base64(value));
    const password = passwordOf(value);
    if (password) forms.add(password).add(encodeURIComponent(password));
  }
  const { username, password } = credentials.values;
  if (credentials.credType === "basic_auth" && username !== undefined && password !== undefined)
    forms.add(base64(`${username}:${password}`));
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
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
