import type { WorkersAiBinding } from "../../../providers/workers-ai";
import { fromBase64, readBytesCapped, toBase64 } from "../../../../../lib/bytes";
import { base64Length, formatBytes } from "../../media-caps";
import { defineCapabilityProvider } from "../../providers/define";
import { CapabilityError } from "../../types";
import { commonRequest, ratioDimensions, refusal } from "../request";

/**
 * Workers AI through the `AI` binding: FLUX.1 [schnell] (`{ prompt, steps, seed? }` → `{ image }`,
 * base64 JPEG) for speed, Stable Diffusion XL (`prompt`, `negative_prompt`, `width`, `height`,
 * `seed`, `image_b64` + `strength` to edit → PNG bytes as a stream) where only it can honour the
 * request. The binding throws on failure; its message carries the status (`3040: Capacity
 * temporarily exceeded` and 5xx are worth a retry, anything else is not).
 */
const NAME = "Workers AI";
export const FLUX_MODEL = "@cf/black-forest-labs/flux-1-schnell";
export const SDXL_MODEL = "@cf/stabilityai/stable-diffusion-xl-base-1.0";
/** FLUX.1 [schnell]'s step count (its documented default; at most 8). */
const FLUX_STEPS = 4;
/** How far SDXL may move away from the image it edits (0 keeps it, 1 ignores it). */
const EDIT_STRENGTH = 0.6;
const refuse = refusal(NAME);

export const workersAiImages = defineCapabilityProvider({
  key: "workers-ai",
  capability: "image",
  name: NAME,
  config: { secrets: [], binding: "AI" },
  // FLUX schnell: 4 tiles of 512x512 ($0.000053 each) and 4 steps ($0.00011 each) per 1024x1024
  // image. Workers AI lists no price for SDXL base, so it has none here.
  prices: { "image.workers-ai.flux-1-schnell": 0.000652 },
  unit: (request) => `image.workers-ai.${request.providerModel.split("/").at(-1)}`,
  // FLUX for speed; SDXL where something only it takes is asked for.
  request(parameters, prompt) {
    const p = parameters as Record<string, any>;
    const { base, errors } = commonRequest(NAME, p, prompt);
    if (p.quality !== undefined) errors.push(refuse("quality", "takes no quality"));
    if (p.style !== undefined) errors.push(refuse("style", "takes no style"));
    const needsSdxl = [p.negativePrompt, p.seed, p.size, p.aspectRatio, p.activeImageId].some((v) => v !== undefined);
    const named = p.model as string | undefined;
    const model = named ?? (needsSdxl ? SDXL_MODEL : FLUX_MODEL);
    if (named !== undefined && named !== FLUX_MODEL && named !== SDXL_MODEL) {
      errors.push(refuse("model", `has no image model "${named}" here (${FLUX_MODEL} or ${SDXL_MODEL})`));
    } else if (model === FLUX_MODEL && needsSdxl) {
      errors.push(
        refuse(
          "model",
          `${FLUX_MODEL} takes no negativePrompt, seed, size, aspectRatio or activeImageId; ${SDXL_MODEL} does`,
        ),
      );
    }
    let dimensions: { width?: number; height?: number } = {};
    if (p.size !== undefined) {
      const [width, height] = (p.size as string).split("x").map(Number) as [number, number];
      dimensions = { width, height };
      if (p.aspectRatio !== undefined)
        errors.push({ field: "aspectRatio", message: "give either size or aspectRatio" });
    } else if (p.aspectRatio !== undefined) {
      dimensions = ratioDimensions(p.aspectRatio as string);
    }
    return { request: { ...base, providerModel: model, ...dimensions }, errors };
  },
  async generate({ request, source, maxBytes }, call) {
    // The binding the definition names (`config.binding`), present: the provider is configured.
    const ai = call.binding as WorkersAiBinding;
    const flux = request.providerModel === FLUX_MODEL;
    const inputs: Record<string, unknown> = flux
      ? { prompt: request.prompt, steps: FLUX_STEPS }
      : {
          prompt: request.prompt,
          ...(request.negativePrompt !== undefined ? { negative_prompt: request.negativePrompt } : {}),
          ...(request.width ? { width: request.width, height: request.height } : {}),
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
          ...(source ? { image_b64: toBase64(source.bytes), strength: EDIT_STRENGTH } : {}),
        };
    let result: unknown;
    try {
      result = await ai.run(request.providerModel, inputs, {
        signal: call.signal,
        ...(call.workersAiGateway ? { gateway: call.workersAiGateway } : {}),
      });
    } catch (error) {
      if (call.signal.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const retryable = /\b(429|5\d\d|3040)\b|capacity|rate limit/i.test(message);
      throw new CapabilityError(`${NAME} failed: ${message.slice(0, 300)}`, "fatal", retryable);
    }
    const tooLarge = () => new CapabilityError(`${NAME} sent an image larger than the ${formatBytes(maxBytes)} limit`);
    if (flux) {
      const image = (result as { image?: unknown } | null)?.image;
      if (typeof image !== "string") throw new CapabilityError(`${NAME} answered without an image`);
      if (image.length > base64Length(maxBytes)) throw tooLarge();
      return { bytes: fromBase64(image) };
    }
    if (result instanceof ReadableStream) return { bytes: await readBytesCapped(result, maxBytes, tooLarge) };
    if (result instanceof Uint8Array) {
      if (result.byteLength > maxBytes) throw tooLarge();
      return { bytes: result };
    }
    throw new CapabilityError(`${NAME} answered without an image`);
  },
});
