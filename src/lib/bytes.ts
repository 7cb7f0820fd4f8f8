/**
 * Reads a stream whole, refusing it (`tooLarge()`, the stream cancelled) once it passes
 * `maxBytes`, so an oversized answer is never held beyond the cap.
 */
export async function readBytesCapped(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A response's body, refused (`tooLarge()`) when its declared length or the bytes it sends pass
 * `maxBytes`; an answer without a body is empty.
 */
export async function readResponseCapped(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (Number(response.headers.get("Content-Length") ?? "0") > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  return response.body ? readBytesCapped(response.body, maxBytes, tooLarge) : new Uint8Array();
}

/** Base64 text as bytes. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes per `String.fromCharCode` call: it takes its bytes as arguments, and argument lists are bounded. */
const CHAR_CODE_SLICE = 0x8000;

/** Bytes as base64 text. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHAR_CODE_SLICE)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHAR_CODE_SLICE));
  return btoa(binary);
}
