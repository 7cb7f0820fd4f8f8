import { AdapterError, outboundFetch, parseAllowList } from "../../../connectors";
import { CapabilityError } from "../types";
import type { InputImage } from "./port";

/** Largest input image read (providers take a few MiB at most; the bytes travel base64 in a JSON body). */
const INPUT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const INPUT_TIMEOUT_MS = 15_000;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

const base64Of = (bytes: Uint8Array) => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/**
 * Reads an image a user named (`inputImageUrl`, `referenceImages[]`) through the connectors'
 * SSRF-guarded fetch (every redirect hop checked), at most `INPUT_IMAGE_MAX_BYTES`, PNG, JPEG or
 * WebP. Providers get the bytes, never the URL, so no provider fetches a user's URL on our behalf.
 * Any failure fails the step and the run with the reason (`field`: which parameter).
 */
export async function readInputImage(env: Env, url: string, field: string, signal: AbortSignal): Promise<InputImage> {
  const guarded = outboundFetch({ allowList: parseAllowList(env.ALLOW_PRIVATE_HOSTS) });
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(INPUT_TIMEOUT_MS)]);
  const fail = (reason: string) => new CapabilityError(`${field}: ${reason}`, "fatal");
  try {
    const response = await guarded(url, { headers: { Accept: "image/png,image/jpeg,image/webp" }, signal: timeout });
    const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!response.ok || !IMAGE_TYPES.has(type)) {
      await response.body?.cancel();
      throw fail(
        response.ok
          ? `not a PNG, JPEG or WebP image (${type || "no content type"})`
          : `the image URL answered ${response.status}`,
      );
    }
    if (Number(response.headers.get("Content-Length") ?? "0") > INPUT_IMAGE_MAX_BYTES) {
      await response.body?.cancel();
      throw fail(`the image is larger than ${INPUT_IMAGE_MAX_BYTES} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > INPUT_IMAGE_MAX_BYTES) {
        await reader.cancel();
        throw fail(`the image is larger than ${INPUT_IMAGE_MAX_BYTES} bytes`);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) bytes.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
    return { mimeType: type, base64: base64Of(bytes) };
  } catch (error) {
    if (signal.aborted || error instanceof CapabilityError) throw error;
    if (error instanceof AdapterError) throw fail(error.message);
    throw fail(timeout.aborted ? "the image URL did not answer in time" : "the image could not be read");
  }
}
