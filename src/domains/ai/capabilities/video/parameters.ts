/**
 * What each video provider can honour of the spec's `ai.video.generate` parameters, from its API
 * reference (Sora: OpenAI `POST /videos`; Veo: Gemini API `predictLongRunning`; Kling: its
 * text2video/image2video tasks). A parameter outside a provider's list is refused at send time
 * with a field error naming the provider (CONTRACT), so nothing is silently dropped.
 * `styleTokens` works everywhere: no provider has a field for it, so it joins the prompt.
 */
interface VideoProviderLimits {
  name: string;
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

export const VIDEO_LIMITS: Record<string, VideoProviderLimits> = {
  sora: {
    name: "Sora",
    durations: [4, 8, 12],
    defaultDuration: 4,
    aspectRatios: ["16:9", "9:16"],
    resolutions: ["720p"],
    sizes: ["720x1280", "1280x720", "1024x1792", "1792x1024"],
    audio: true,
    maxReferenceImages: 0,
    fields: ["inputImageUrl", "model"],
  },
  veo: {
    name: "Veo",
    durations: [4, 6, 8],
    defaultDuration: 8,
    aspectRatios: ["16:9", "9:16"],
    resolutions: ["720p", "1080p", "4k"],
    sizes: [],
    audio: true,
    maxReferenceImages: 3,
    fields: ["inputImageUrl", "negativePrompt", "referenceImages", "model"],
  },
  kling: {
    name: "Kling",
    durations: [5, 10],
    defaultDuration: 5,
    aspectRatios: ["16:9", "9:16", "1:1"],
    // Kling's `mode`: std renders 720p, pro 1080p.
    resolutions: ["720p", "1080p"],
    sizes: [],
    audio: false,
    maxReferenceImages: 0,
    fields: ["inputImageUrl", "negativePrompt", "model"],
  },
};

/**
 * Per parameter with a list above, the values each of `providers` accepts (`GET /ai/capabilities`
 * shows them beside the spec's range); an empty list means the provider does not take it.
 */
export function videoProviderValues(providers: string[]): Record<string, Record<string, (string | number)[]>> {
  const lists = {
    duration: "durations",
    aspectRatio: "aspectRatios",
    resolution: "resolutions",
    size: "sizes",
  } as const;
  return Object.fromEntries(
    Object.entries(lists).map(([parameter, list]) => [
      parameter,
      Object.fromEntries(providers.flatMap((key) => (VIDEO_LIMITS[key] ? [[key, VIDEO_LIMITS[key][list]]] : []))),
    ]),
  );
}

/** Parameters every provider takes (checked against the lists above, or joined to the prompt). */
const LISTED = new Set(["duration", "aspectRatio", "resolution", "size", "generateAudio", "styleTokens", "provider"]);

/** The field errors for parameters `provider` cannot honour (empty: it honours them all). */
export function videoParameterErrors(provider: string, parameters: Record<string, unknown>) {
  const limits = VIDEO_LIMITS[provider];
  if (!limits) return [];
  const errors: { field: string; message: string; capabilityKey: string }[] = [];
  const refuse = (field: string, why: string) =>
    errors.push({ field, message: `${limits.name} (${provider}) ${why}`, capabilityKey: "ai.video.generate" });
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
