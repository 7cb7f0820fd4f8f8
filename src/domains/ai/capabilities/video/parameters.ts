import type { FieldError } from "../../../../lib/errors";

/**
 * What a video provider can honour of the spec's `ai.video.generate` parameters, from its API
 * reference (each provider's file declares its own `values` and `limits`). A parameter outside a provider's list is
 * refused at send time with a field error naming the provider (CONTRACT), so nothing is silently
 * dropped. `styleTokens` works everywhere: no provider has a field for it, so it joins the prompt.
 */
export interface VideoLimits {
  /** The clip length it makes when none is asked, in seconds (one of its `values.duration`). */
  defaultDuration: number;
  /** Whether its clips carry sound (`generateAudio` must match: neither can switch it). */
  audio: boolean;
  /** Reference images it takes beside the first frame (0: none). */
  maxReferenceImages: number;
  /** Optional parameters it has a field for (beyond those of `VideoValues`). */
  fields: string[];
}

/** The values it accepts of the parameters every provider narrows (an empty list: it takes none). */
export interface VideoValues {
  /** Clip lengths it makes, in seconds. */
  duration: number[];
  aspectRatio: string[];
  resolution: string[];
  size: string[];
}

/** Parameters every provider takes (checked against its `VideoValues`, or joined to the prompt). */
const LISTED = new Set(["duration", "aspectRatio", "resolution", "size", "generateAudio", "styleTokens", "provider"]);

/** The field errors for parameters `provider` cannot honour (empty: it honours them all). */
export function videoParameterErrors(
  provider: { key: string; name: string; limits: VideoLimits; values: VideoValues },
  parameters: Record<string, unknown>,
) {
  const { limits, values } = provider;
  const errors: (FieldError & { capabilityKey: string })[] = [];
  const refuse = (field: string, why: string) =>
    errors.push({ field, message: `${provider.name} (${provider.key}) ${why}`, capabilityKey: "ai.video.generate" });
  const oneOf = (field: string, allowed: (string | number)[], value: unknown, unit = "") => {
    if (value === undefined || allowed.includes(value as never)) return;
    if (!allowed.length) return refuse(field, `does not support ${field}`);
    refuse(field, `supports ${field} ${allowed.map((a) => `${a}${unit}`).join(", ")} only`);
  };
  const duration = parameters.duration === undefined ? undefined : Number(parameters.duration);
  oneOf("duration", values.duration, duration, " s");
  oneOf("aspectRatio", values.aspectRatio, parameters.aspectRatio);
  oneOf("resolution", values.resolution, parameters.resolution);
  oneOf("size", values.size, parameters.size);
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
