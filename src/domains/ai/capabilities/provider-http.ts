import { CapabilityError } from "./types";

// The HTTP kit every capability provider shares (search, images, video, music).

/** The provider's own URL for `path`, on `baseUrl`'s scheme and host when one is set (fakes). */
export function providerUrl(defaultOrigin: string, path: string, baseUrl: string | undefined): URL {
  const url = new URL(path, defaultOrigin);
  if (baseUrl) {
    const base = new URL(baseUrl);
    url.protocol = base.protocol;
    url.host = base.host;
  }
  return url;
}

/**
 * Calls a provider's API (operator configuration: not subject to the SSRF rules). A network
 * failure is retryable, as 429 and 5xx are (CONTRACT "Provider failures"); a stop passes through.
 */
export async function callProvider(
  name: string,
  call: { fetch: typeof fetch; signal: AbortSignal },
  url: URL | string,
  init: RequestInit = {},
): Promise<Response> {
  try {
    return await call.fetch(url.toString(), { ...init, signal: call.signal });
  } catch (error) {
    if (call.signal.aborted) throw error;
    throw new CapabilityError(`${name} could not be reached`, "fatal", true);
  }
}

/**
 * A provider's error answer as a `CapabilityError` with its reason: 429 and 5xx are retryable,
 * any other 4xx is not (a bad query or prompt, a bad key). `reasonOf` picks the message out of its JSON.
 */
export async function providerError(
  name: string,
  response: Response,
  reasonOf: (body: any) => unknown,
): Promise<CapabilityError> {
  const text = await response.text().catch(() => "");
  let reason: unknown;
  try {
    reason = reasonOf(JSON.parse(text));
  } catch {
    reason = undefined;
  }
  const said = typeof reason === "string" && reason.trim() ? `: ${reason.trim().slice(0, 300)}` : "";
  return new CapabilityError(
    `${name} answered ${response.status}${said}`,
    "fatal",
    response.status === 429 || response.status >= 500,
  );
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
