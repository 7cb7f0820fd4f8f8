import { CapabilityError } from "./types";

/**
 * Calls a media provider's API (operator configuration: not subject to the SSRF rules). A network
 * failure is retryable, as 429 and 5xx are (CONTRACT "Provider failures"); a stop passes through.
 */
export async function callMediaProvider(
  name: string,
  call: { fetch: typeof fetch; signal: AbortSignal },
  url: URL | string,
  init: RequestInit,
): Promise<Response> {
  try {
    return await call.fetch(url.toString(), { ...init, signal: call.signal });
  } catch (error) {
    if (call.signal.aborted) throw error;
    throw new CapabilityError(`${name} could not be reached`, "fatal", true);
  }
}

/** `base` (an API base such as `https://api.openai.com/v1`) joined with `path`. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

/** Base64 text as bytes. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes as base64 text (in slices: String.fromCharCode takes its bytes as arguments). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
