import type { FieldError } from "../../../../lib/errors";
import type { ImageRequest } from "./port";

// What every image provider reads of a request alike (providers/*.ts read the rest).

/** A refusal naming the provider (CONTRACT: a parameter it cannot honour is a field error naming it). */
export const refusal =
  (name: string) =>
  (field: string, what: string): FieldError => ({ field, message: `${name} ${what}` });

/**
 * The parameters every provider reads the same way (the spec's aliases resolved), with the
 * refusal of `resolution`, which no image provider takes. `p` is the request's parameters.
 */
export function commonRequest(name: string, p: Record<string, any>, prompt: string) {
  const errors: FieldError[] = [];
  const base: Omit<ImageRequest, "providerModel"> = {
    prompt,
    count: (p.numImages ?? p.numberOfImages ?? 1) as number,
    seed: p.seed,
    negativePrompt: p.negativePrompt,
    activeImageId: p.activeImageId,
    model: p.model,
  };
  if (p.resolution !== undefined)
    errors.push(refusal(name)("resolution", "takes no resolution; use size or aspectRatio"));
  return { base, errors };
}

/** `W:H` as the width and height of an image whose longer side is 1024 (SDXL wants multiples of 8). */
export function ratioDimensions(ratio: string): { width: number; height: number } {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const scale = 1024 / Math.max(w, h);
  const side = (value: number) => Math.max(256, Math.round((value * scale) / 8) * 8);
  return { width: side(w), height: side(h) };
}
