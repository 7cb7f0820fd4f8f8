import type { FieldError } from "../../../../lib/errors";

/**
 * What a video provider can honour of the spec's `ai.video.generate` parameters, from its API
 * reference (each provider's file declares its own). A parameter outside a provider's list is
 * refused at send time with a field error naming the provider (CONTRACT), so nothing is silently
 * dropped. `styleTokens` works everywhere: no provider has a field for it, so it joins the prompt.
 */
export interface VideoLimits {
  /** Clip lengths the provider makes, in seconds (and the one it makes when none is asked). */
  durations: number[];
  defaultDuration: number;
  aspectRatios: string[];
  resolutions: string[];
  sizes: string[];
  /** Whether its clips carry sound (`generateAudio` must match: neither can switch it). */
  audio: boolean;
  /** Reference images it takes beside the first frame (0: none). */
  maxReferenceImages: number;
  /** Optional parameters it has a field for (beyond the lists above). */
  fields: string[];
}

/**
 * Per parameter with a list above, the values the provider accepts (`GET /ai/capabilities` shows
 * them beside the spec's range); an empty list means the provider does not take it.
 */
export const videoValues = (limits: VideoLimits) => ({
  duration: limits.durations,
  aspectRatio: limits.aspectRatios,
  resolution: limits.resolutions,
  size: limits.sizes,
});

/** Parameters every provider takes (checked against the lists above, or joined to the prompt). */
const LISTED = new Set(["duration", "aspectRatio", "resolution", "size", "generateAudio", "styleTokens", "provider"]);

/** The field errors for parameters `provider` cannot honour (empty: it honours them all). */
export function videoParameterErrors(
  provider: { key: string; name: string; limits: VideoLimits },
  parameters: Record<string, unknown>,
) {
  const { limits } = provider;
  const errors: (FieldError & { capabilityKey: string })[] = [];
  const refuse = (field: string, why: string) =>
    errors.push({ field, message: `${provider.name} (${provider.key}) ${why}`, capabilityKey: "ai.video.generate" });
  const oneOf = (field: string, allowed: (string | number)[], value: unknown, unit = "") => {
    if (value === undefined || allowed.includes(value as never)) return;
    if (!allowed.length) return refuse(field, `does not support ${field}`);
    refuse(field, `supports ${field} ${allowed.map((a) => `${a}${unit}`).join(", ")} only`);
  };
  oneOf(
    "duration",
    limits.durations,
    parameters.duration === undefined ? undefined : Number(parameters.duration),
    " s",
  );
  oneOf("aspectRatio", limits.aspectRatios, parameters.aspectRatio);
  oneOf("resolution", limits.resolutions, parameters.resolution);
  oneOf("size", limits.sizes, parameters.size);
  if (parameters.generateAudio !== undefined && parameters.generateAudio !== limits.audio) {
    refuse("generateAudio", limits.audio ? "always generates audio" : "does not generate audio");
  }
  const references = Array.isArray(parameters.referenceImages) ? parameters.referenceImages.length : 0;
  if (references > limits.maxReferenceImages && limits.maxReferenceImages > 0) {
    refuse("referenceImages", `takes at most ${limits.maxReferenceImages} reference images`);
  }
  for (const name of Object.keys(parameters)) {
    if (LISTED.has(name) || limits.fields.includes(name) || parameters[name] === undefined) continue;
    refuse(name, `does not support ${name}`);
  }
  return errors;
}
