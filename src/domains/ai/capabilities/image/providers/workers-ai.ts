import type { WorkersAiBinding } from "../../../providers/workers-ai";
import { fromBase64, readBytesCapped, toBase64 } from "../../../../../lib/bytes";
import { base64Length, formatBytes } from "../../media-caps";
import { CapabilityError } from "../../types";
import { FLUX_MODEL } from "../config";
import type { ImageProvider } from "../port";

/** FLUX.1 [schnell]'s step count (its documented default; at most 8). */
const FLUX_STEPS = 4;
/** How far SDXL may move away from the image it edits (0 keeps it, 1 ignores it). */
const EDIT_STRENGTH = 0.6;

/**
 * Workers AI through the `AI` binding: FLUX.1 [schnell] (`{ prompt, steps, seed? }` → `{ image }`,
 * base64 JPEG) for speed, Stable Diffusion XL (`prompt`, `negative_prompt`, `width`, `height`,
 * `seed`, `image_b64` + `strength` to edit → PNG bytes as a stream) where only it can honour the
 * request. The binding throws on failure; its message carries the status (`3040: Capacity
 * temporarily exceeded` and 5xx are worth a retry, anything else is not).
 */
export function workersAiImages(ai: WorkersAiBinding): ImageProvider {
  const name = "Workers AI";
  return {
    name,
    async generate(call) {
      const { request } = call;
      const flux = request.providerModel === FLUX_MODEL;
      const inputs: Record<string, unknown> = flux
        ? { prompt: request.prompt, steps: FLUX_STEPS }
        : {
            prompt: request.prompt,
            ...(request.negativePrompt !== undefined ? { negative_prompt: request.negativePrompt } : {}),
            ...(request.width ? { width: request.width, height: request.height } : {}),
            ...(request.seed !== undefined ? { seed: request.seed } : {}),
            ...(call.source ? { image_b64: toBase64(call.source.bytes), strength: EDIT_STRENGTH } : {}),
          };
      let result: unknown;
      try {
        result = await ai.run(request.providerModel, inputs, { signal: call.signal });
      } catch (error) {
        if (call.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        const retryable = /\b(429|5\d\d|3040)\b|capacity|rate limit/i.test(message);
        throw new CapabilityError(`${name} failed: ${message.slice(0, 300)}`, "fatal", retryable);
      }
      const tooLarge = () =>
        new CapabilityError(`${name} sent an image larger than the ${formatBytes(call.maxBytes)} limit`);
      if (flux) {
        const image = (result as { image?: unknown } | null)?.image;
        if (typeof image !== "string") throw new CapabilityError(`${name} answered without an image`);
        if (image.length > base64Length(call.maxBytes)) throw tooLarge();
        return { bytes: fromBase64(image) };
      }
      if (result instanceof ReadableStream) return { bytes: await readBytesCapped(result, call.maxBytes, tooLarge) };
      if (result instanceof Uint8Array) {
        if (result.byteLength > call.maxBytes) throw tooLarge();
        return { bytes: result };
      }
      throw new CapabilityError(`${name} answered without an image`);
    },
  };
}
