import type { FieldError } from "../../../../lib/errors";
import type { WorkersAiBinding } from "../../providers/workers-ai";

/**
 * Image providers (CONTRACT "AI capabilities"), in table order: OpenAI Images shares the chat
 * provider's `OPENAI_API_KEY`/`OPENAI_BASE_URL` but is enabled only when `IMAGE_PROVIDER` names it
 * (an OpenAI-compatible chat server often has no images endpoint); Workers AI is the `AI` binding.
 */
interface ImageConfig {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  IMAGE_PROVIDER?: string;
  AI?: WorkersAiBinding;
}
const configOf = (env: Env) => env as unknown as ImageConfig;

export type ImageProviderKey = "openai" | "workers-ai";

/** OpenAI's API base when `OPENAI_BASE_URL` is unset. */
const OPENAI_DEFAULT_BASE = "https://api.openai.com/v1";

export function openAiImagesConfig(env: Env): { apiKey: string; baseUrl: string } | null {
  const config = configOf(env);
  const apiKey = config.OPENAI_API_KEY?.trim();
  if (!apiKey || config.IMAGE_PROVIDER?.trim() !== "openai") return null;
  return { apiKey, baseUrl: config.OPENAI_BASE_URL?.trim() || OPENAI_DEFAULT_BASE };
}

export const workersAiBinding = (env: Env): WorkersAiBinding | null => configOf(env).AI ?? null;

/** The configured image providers, in the contract's table order. */
export function imageProviderKeys(env: Env): ImageProviderKey[] {
  const keys: ImageProviderKey[] = [];
  if (openAiImagesConfig(env)) keys.push("openai");
  if (workersAiBinding(env)) keys.push("workers-ai");
  return keys;
}

/** OpenAI's image models this API maps parameters for: sizes and qualities as each documents them. */
const OPENAI_IMAGE_MODELS = {
  "dall-e-3": {
    sizes: ["1024x1024", "1792x1024", "1024x1792"],
    qualities: { standard: "standard", hd: "hd", auto: null } as Record<string, string | null>,
    style: true,
    edits: false,
  },
  "gpt-image-1": {
    sizes: ["1024x1024"],
    // gpt-image-1 names its qualities low/medium/high/auto: the spec's standard and hd are medium and high.
    qualities: { standard: "medium", hd: "high", auto: "auto" } as Record<string, string | null>,
    style: false,
    edits: true,
  },
} as const;
export type OpenAiImageModel = keyof typeof OPENAI_IMAGE_MODELS;
const OPENAI_GENERATE_MODEL: OpenAiImageModel = "dall-e-3";
const OPENAI_EDIT_MODEL: OpenAiImageModel = "gpt-image-1";

export const FLUX_MODEL = "@cf/black-forest-labs/flux-1-schnell";
export const SDXL_MODEL = "@cf/stabilityai/stable-diffusion-xl-base-1.0";

/** Aspect ratios OpenAI's sizes have, as the size that has it. */
const OPENAI_RATIOS: Record<string, string> = { "1:1": "1024x1024", "7:4": "1792x1024", "4:7": "1024x1792" };

export const PROVIDER_NAMES: Record<ImageProviderKey, string> = { openai: "OpenAI Images", "workers-ai": "Workers AI" };

/** What a request asks for, normalized (the spec's aliases resolved). */
export interface ImageRequest {
  prompt: string;
  count: number;
  size?: string;
  quality?: string;
  style?: string;
  seed?: number;
  negativePrompt?: string;
  activeImageId?: string;
  model?: string;
  /** Workers AI: the model's own name; OpenAI: its image model. */
  providerModel: string;
  width?: number;
  height?: number;
}

const refuse = (field: string, provider: ImageProviderKey, what: string): FieldError => ({
  field,
  message: `${PROVIDER_NAMES[provider]} ${what}`,
});

/** `W:H` as the width and height of an image whose longer side is 1024 (SDXL wants multiples of 8). */
function ratioDimensions(ratio: string): { width: number; height: number } {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const scale = 1024 / Math.max(w, h);
  const side = (value: number) => Math.max(256, Math.round((value * scale) / 8) * 8);
  return { width: side(w), height: side(h) };
}

/**
 * The request as the provider runs it, or the field errors of what it cannot honour (checked at
 * send, before any allowance is spent; CONTRACT: the message names the provider).
 */
export function imageRequestFor(
  provider: ImageProviderKey,
  parameters: Record<string, unknown>,
  prompt: string,
): { request: ImageRequest; errors: FieldError[] } {
  const p = parameters as Record<string, any>;
  const errors: FieldError[] = [];
  const count = (p.numImages ?? p.numberOfImages ?? 1) as number;
  const base = {
    prompt,
    count,
    seed: p.seed,
    negativePrompt: p.negativePrompt,
    activeImageId: p.activeImageId,
    model: p.model,
  };
  if (p.resolution !== undefined)
    errors.push(refuse("resolution", provider, "takes no resolution; use size or aspectRatio"));

  if (provider === "openai") {
    const model = (p.model ?? (p.activeImageId ? OPENAI_EDIT_MODEL : OPENAI_GENERATE_MODEL)) as string;
    const spec = OPENAI_IMAGE_MODELS[model as OpenAiImageModel];
    if (!spec) {
      errors.push(
        refuse(
          "model",
          provider,
          `has no image model "${model}" here (one of ${Object.keys(OPENAI_IMAGE_MODELS).join(", ")})`,
        ),
      );
      return { request: { ...base, providerModel: model }, errors };
    }
    if (p.seed !== undefined) errors.push(refuse("seed", provider, "takes no seed"));
    if (p.negativePrompt !== undefined) errors.push(refuse("negativePrompt", provider, "takes no negative prompt"));
    if (p.activeImageId !== undefined && !spec.edits)
      errors.push(refuse("activeImageId", provider, `cannot edit images with ${model}`));
    if (p.style !== undefined && !spec.style)
      errors.push(refuse("style", provider, `takes a style only with dall-e-3, not ${model}`));
    let size = p.size as string | undefined;
    if (p.aspectRatio !== undefined) {
      const bySize = OPENAI_RATIOS[p.aspectRatio as string];
      if (!bySize)
        errors.push(
          refuse("aspectRatio", provider, `has no size with aspect ratio ${p.aspectRatio} (1:1, 7:4 or 4:7)`),
        );
      else if (size && size !== bySize) errors.push({ field: "aspectRatio", message: `disagrees with size ${size}` });
      else size = bySize;
    }
    if (size && !(spec.sizes as readonly string[]).includes(size))
      errors.push(refuse("size", provider, `${model} has no size ${size} (one of ${spec.sizes.join(", ")})`));
    const quality = p.quality === undefined ? undefined : spec.qualities[p.quality as string];
    if (p.quality !== undefined && quality === undefined)
      errors.push(refuse("quality", provider, `${model} has no quality ${p.quality}`));
    const [width, height] = (size ?? "1024x1024").split("x").map(Number);
    return {
      request: {
        ...base,
        size: size ?? "1024x1024",
        quality: quality ?? undefined,
        style: p.style,
        providerModel: model,
        width,
        height,
      },
      errors,
    };
  }

  // Workers AI: FLUX for speed; SDXL where something only it takes is asked for.
  if (p.quality !== undefined) errors.push(refuse("quality", provider, "takes no quality"));
  if (p.style !== undefined) errors.push(refuse("style", provider, "takes no style"));
  const needsSdxl = [p.negativePrompt, p.seed, p.size, p.aspectRatio, p.activeImageId].some((v) => v !== undefined);
  const named = p.model as string | undefined;
  const model = named ?? (needsSdxl ? SDXL_MODEL : FLUX_MODEL);
  if (named !== undefined && named !== FLUX_MODEL && named !== SDXL_MODEL) {
    errors.push(refuse("model", provider, `has no image model "${named}" here (${FLUX_MODEL} or ${SDXL_MODEL})`));
  } else if (model === FLUX_MODEL && needsSdxl) {
    errors.push(
      refuse(
        "model",
        provider,
        `${FLUX_MODEL} takes no negativePrompt, seed, size, aspectRatio or activeImageId; ${SDXL_MODEL} does`,
      ),
    );
  }
  let dimensions: { width?: number; height?: number } = {};
  if (p.size !== undefined) {
    const [width, height] = (p.size as string).split("x").map(Number) as [number, number];
    dimensions = { width, height };
    if (p.aspectRatio !== undefined) errors.push({ field: "aspectRatio", message: "give either size or aspectRatio" });
  } else if (p.aspectRatio !== undefined) {
    dimensions = ratioDimensions(p.aspectRatio as string);
  }
  return { request: { ...base, providerModel: model, ...dimensions }, errors };
}

/** Send-time check: the field errors of parameters the chosen provider cannot honour. */
export const imageParameterErrors = (provider: string, parameters: Record<string, unknown>): FieldError[] =>
  provider === "openai" || provider === "workers-ai" ? imageRequestFor(provider, parameters, "").errors : [];
