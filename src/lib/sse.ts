/**
 * Server-sent events (WHATWG HTML, "Server-sent events"), both ways, in one place: the frame
 * writer every SSE body we send uses (AI run streams today, MCP answers tomorrow) and the parser
 * for the streams we read (AI providers).
 */

/** One event as written on the wire. `data` may hold line breaks: each line becomes a `data:` field. */
export interface SseEvent {
  id?: string | number;
  event?: string;
  data: string;
}

/** `id:`, `event:`, then one `data:` line per line of `data`, closed by the blank line. */
export function sseFrame({ id, event, data }: SseEvent): string {
  let frame = "";
  if (id !== undefined) frame += `id: ${id}\n`;
  if (event !== undefined) frame += `event: ${event}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}

/** The reconnection delay a client should wait, in milliseconds. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

/** Keeps proxies from closing an idle stream (CONTRACT: a `: ping` comment every 15 s). */
export const HEARTBEAT_MS = 15_000;

/**
 * The heartbeat interval from the `SSE_HEARTBEAT_MS` var (tests set it small so a ping can be
 * observed); anything that is not a positive integer means the contract's 15 s.
 */
export function heartbeatMsOf(raw: string | undefined): number {
  const ms = Number(raw);
  return Number.isInteger(ms) && ms > 0 ? ms : HEARTBEAT_MS;
}

/** A comment line: ignored by clients, it keeps idle connections open through proxies. */
export const sseComment = (text: string) => `: ${text}\n\n`;

/**
 * Reads a `text/event-stream` body into its `data` payloads (one string per event), following the
 * WHATWG parsing rules that matter for providers: `\n`, `\r\n` or `\r` line ends, multi-line data,
 * comments ignored, an event ending at a blank line. Chunk boundaries may fall anywhere. An abort
 * of `signal` cancels the body and ends the events.
 */
export async function* sseData(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", cancel, { once: true });
  if (signal?.aborted) cancel();
  let buffer = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let match: RegExpExecArray | null;
      const lineEnd = /\r\n|\r|\n/g;
      let consumed = 0;
      while ((match = lineEnd.exec(buffer))) {
        // A lone `\r` at the very end may be the first half of `\r\n`: wait for more input.
        if (match[0] === "\r" && match.index === buffer.length - 1) break;
        const line = buffer.slice(consumed, match.index);
        consumed = match.index + match[0].length;
        if (line === "") {
          if (data.length) yield data.join("\n");
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line[5] === " " ? 6 : 5));
        }
      }
      buffer = buffer.slice(consumed);
    }
    // Per the standard, an event not closed by a blank line is discarded.
  } finally {
    signal?.removeEventListener("abort", cancel);
    reader.releaseLock();
  }
}
