import { MAX_ANSWER_BYTES, readCapped } from "./outbound";
import { AdapterError, type AdapterContext, type ToolResult } from "../../../../shared/connectors/adapter-port";

/**
 * What every SaaS adapter does with an HTTP answer: read it (capped), parse JSON, and turn it into
 * either a body to map or a failed `ToolResult`. Provider-specific error shapes are read by the
 * `errorOf` function each adapter passes in (Slack's `ok:false`, Google's `error.status`, ...).
 */

/** A provider call either gave a body to map, or a failure that is already the tool's result. */
export type Outcome<T> = { ok: true; body: T } | { ok: false; result: ToolResult };

export interface ProviderAnswer {
  status: number;
  /** Parsed JSON, or null for an empty body (204, or a 429 without one). */
  body: unknown;
  /** `Retry-After` in seconds (delta or HTTP date), when the provider sent one. */
  retryAfterSeconds: number | null;
}

export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Reads a provider answer as JSON. A body that is not JSON is `bad_response` (502), except on a
 * 429, whose `Retry-After` header is readable whatever the body says.
 */
export async function providerJson(response: Response, provider: string): Promise<ProviderAnswer> {
  const text = await readCapped(response, MAX_ANSWER_BYTES);
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
  if (text.trim() === "") return { status: response.status, body: null, retryAfterSeconds: retryAfter };
  try {
    return { status: response.status, body: JSON.parse(text), retryAfterSeconds: retryAfter };
  } catch {
    if (response.status === 429) return { status: 429, body: null, retryAfterSeconds: retryAfter };
    throw new AdapterError(
      "bad_response",
      `${provider} answered HTTP ${response.status} with a body that is not JSON`,
      response.status,
    );
  }
}

/** The OAuth access token of the connection; its value never appears in a message. */
export function accessToken(context: AdapterContext): string {
  const token = context.credentials.values.access_token;
  if (!token) throw new AdapterError("invalid_input", "The connection has no OAuth access token; connect it again");
  return token;
}

export const succeeded = (output: Record<string, unknown>): ToolResult => ({
  success: true,
  output,
  error: null,
  httpStatus: 200,
});

export const failed = (httpStatus: number | null, error: string): ToolResult => ({
  success: false,
  output: {},
  error,
  httpStatus,
});

export function rateLimited(provider: string, retryAfter: number | null, detail?: string): ToolResult {
  const wait = retryAfter === null ? "" : `; retry after ${retryAfter} s`;
  return failed(429, `Rate limited by ${provider}${detail ? ` (${detail})` : ""}${wait}`);
}

/** Provider messages are shown to users and stored in history: one line, bounded. */
export function shortMessage(message: unknown, fallback: string): string {
  const text = typeof message === "string" && message.trim() ? message.trim() : fallback;
  const line = text.replace(/\s+/g, " ");
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * The common path of every REST provider (Google, Notion, Figma): 2xx JSON is the body, 429 a
 * rate-limit result, another status a failure with the provider's own error message.
 */
export async function restCall<T>(
  context: AdapterContext,
  provider: string,
  url: string,
  init: RequestInit,
  errorOf: (body: unknown, status: number) => string,
  /** Providers that also signal rate limits another way (Google's 403 `rateLimitExceeded`). */
  isRateLimit: (body: unknown, status: number) => boolean = () => false,
): Promise<Outcome<T>> {
  const response = await context.fetch(url, { ...init, signal: context.signal });
  const answer = await providerJson(response, provider);
  if (answer.status === 429 || isRateLimit(answer.body, answer.status))
    return {
      ok: false,
      result: rateLimited(
        provider,
        answer.retryAfterSeconds,
        answer.body === null ? undefined : errorOf(answer.body, 429),
      ),
    };
  if (answer.status < 200 || answer.status > 299)
    return { ok: false, result: failed(answer.status, `${provider}: ${errorOf(answer.body, answer.status)}`) };
  if (answer.body === null || typeof answer.body !== "object" || Array.isArray(answer.body)) {
    throw new AdapterError(
      "bad_response",
      `${provider} answered HTTP ${answer.status} without a JSON object`,
      answer.status,
    );
  }
  return { ok: true, body: answer.body as T };
}

/** Adds the defined values of `params` to `url`'s query (arrays joined with commas). */
export function withQuery(
  url: string,
  params: Record<string, string | number | boolean | string[] | undefined | null>,
): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    target.searchParams.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return target.toString();
}

/** Reads at most `maxBytes` of a text body and says whether more was there (file reads cut, not fail). */
export async function readTextPrefix(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength > room) {
      text += decoder.decode(value.subarray(0, room), { stream: true });
      truncated = true;
      await reader.cancel();
      break;
    }
    size += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  // A cut inside a multi-byte character leaves a replacement character at the end; drop it.
  return { text: truncated ? text.replace(/\uFFFD$/, "") : text, truncated };
}

/** Required string inputs were validated against the inputSchema already; this narrows the type. */
export const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
export const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);
