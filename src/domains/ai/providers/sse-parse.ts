/**
 * Reads a `text/event-stream` body into its `data` payloads (one string per event), following the
 * WHATWG parsing rules that matter for providers: `\n`, `\r\n` or `\r` line ends, multi-line data,
 * comments ignored, an event ending at a blank line. Chunk boundaries may fall anywhere.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
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
    reader.releaseLock();
  }
}
