import { readResponseCapped, toBase64 } from "../../../../lib/bytes";
import { AdapterError, outboundFetch, parseAllowList } from "../../../connectors";
import { CapabilityError } from "../types";
import type { InputImage } from "./port";

/** Largest input image read (providers take a few MiB at most; the bytes travel base64 in a JSON body). */
const INPUT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const INPUT_TIMEOUT_MS = 15_000;
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

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
    const tooLarge = () => fail(`the image is larger than ${INPUT_IMAGE_MAX_BYTES} bytes`);
    const bytes = await readResponseCapped(response, INPUT_IMAGE_MAX_BYTES, tooLarge);
    return { mimeType: type, base64: toBase64(bytes) };
  } catch (error) {
    if (signal.aborted || error instanceof CapabilityError) throw error;
    if (error instanceof AdapterError) throw fail(error.message);
    throw fail(timeout.aborted ? "the image URL did not answer in time" : "the image could not be read");
  }
}
