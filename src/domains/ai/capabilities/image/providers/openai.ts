import { fromBase64, readResponseCapped } from "../../../../../lib/bytes";
import { base64Length, formatBytes } from "../../media-caps";
import { callProvider, providerError } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { CapabilityError } from "../../types";
import { commonRequest, refusal } from "../request";

/**
 * OpenAI Images: `POST /images/generations` (JSON: `model`, `prompt`, `n`, `size`, `quality`,
 * `style`, `response_format: b64_json`) and, to edit an earlier image, `POST /images/edits`
 * (multipart: `image`, `prompt`, `model`, `n`, `size`, `quality`; gpt-image-1 always answers
 * base64). Both answer `{ data: [{ b64_json }] }`; errors `{ error: { message, code } }`
 * (a content-policy refusal is a 400 with code `content_policy_violation`).
 */
const NAME = "OpenAI Images";
/** Room for the JSON around the base64 image (`created`, a `revised_prompt` of a long prompt, usage). */
const ENVELOPE_BYTES = 256 * 1024;

/** OpenAI's image models this API maps parameters for: sizes and qualities as each documents them. */
const MODELS = {
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
type Model = keyof typeof MODELS;
const GENERATE_MODEL: Model = "dall-e-3";
const EDIT_MODEL: Model = "gpt-image-1";
/** Aspect ratios OpenAI's sizes have, as the size that has it. */
const RATIOS: Record<string, string> = { "1:1": "1024x1024", "7:4": "1792x1024", "4:7": "1024x1792" };
const refuse = refusal(NAME);

export const openAiImages = defineCapabilityProvider({
  key: "openai",
  capability: "image",
  name: NAME,
  config: {
    secrets: ["OPENAI_API_KEY"],
    baseUrl: { default: "https://api.openai.com/v1", var: "OPENAI_BASE_URL" },
    onlyWhenPicked: true,
  },
  // Per image by model, size and quality (OpenAI's list prices; gpt-image-1 at "auto" has none:
  // OpenAI picks the quality, and with it the price).
  prices: {
    "image.openai.dall-e-3.1024x1024.standard": 0.04,
    "image.openai.dall-e-3.1792x1024.standard": 0.08,
    "image.openai.dall-e-3.1024x1792.standard": 0.08,
    "image.openai.dall-e-3.1024x1024.hd": 0.08,
    "image.openai.dall-e-3.1792x1024.hd": 0.12,
    "image.openai.dall-e-3.1024x1792.hd": 0.12,
    "image.openai.gpt-image-1.1024x1024.medium": 0.042,
    "image.openai.gpt-image-1.1024x1024.high": 0.167,
  },
  unit(request) {
    const quality = request.quality ?? (request.providerModel === "dall-e-3" ? "standard" : "auto");
    return `image.openai.${request.providerModel}.${request.size ?? "1024x1024"}.${quality}`;
  },
  request(parameters, prompt) {
    const p = parameters as Record<string, any>;
    const { base, errors } = commonRequest(NAME, p, prompt);
    const model = (p.model ?? (p.activeImageId ? EDIT_MODEL : GENERATE_MODEL)) as string;
    const spec = MODELS[model as Model];
    if (!spec) {
      errors.push(refuse("model", `has no image model "${model}" here (one of ${Object.keys(MODELS).join(", ")})`));
      return { request: { ...base, providerModel: model }, errors };
    }
    if (p.seed !== undefined) errors.push(refuse("seed", "takes no seed"));
    if (p.negativePrompt !== undefined) errors.push(refuse("negativePrompt", "takes no negative prompt"));
    if (p.activeImageId !== undefined && !spec.edits)
      errors.push(refuse("activeImageId", `cannot edit images with ${model}`));
    if (p.style !== undefined && !spec.style)
      errors.push(refuse("style", `takes a style only with dall-e-3, not ${model}`));
    let size = p.size as string | undefined;
    if (p.aspectRatio !== undefined) {
      const bySize = RATIOS[p.aspectRatio as string];
      if (!bySize)
        errors.push(refuse("aspectRatio", `has no size with aspect ratio ${p.aspectRatio} (1:1, 7:4 or 4:7)`));
      else if (size && size !== bySize) errors.push({ field: "aspectRatio", message: `disagrees with size ${size}` });
      else size = bySize;
    }
    if (size && !(spec.sizes as readonly string[]).includes(size))
      errors.push(refuse("size", `${model} has no size ${size} (one of ${spec.sizes.join(", ")})`));
    const quality = p.quality === undefined ? undefined : spec.qualities[p.quality as string];
    if (p.quality !== undefined && quality === undefined)
      errors.push(refuse("quality", `${model} has no quality ${p.quality}`));
    const [width, height] = (size ?? "1024x1024").split("x").map(Number);
    const request = {
      ...base,
      size: size ?? "1024x1024",
      quality: quality ?? undefined,
      style: p.style,
      providerModel: model,
      width,
      height,
    };
    return { request, errors };
  },
  async generate({ request, source, maxBytes }, call) {
    const headers = { Authorization: `Bearer ${call.secrets.OPENAI_API_KEY}`, Accept: "application/json" };
    let response: Response;
    if (source) {
      const form = new FormData();
      form.append(
        "image",
        new File([source.bytes], `image.${source.mimeType.split("/")[1] ?? "png"}`, { type: source.mimeType }),
      );
      form.append("prompt", request.prompt);
      form.append("model", request.providerModel);
      form.append("n", "1");
      if (request.size) form.append("size", request.size);
      if (request.quality) form.append("quality", request.quality);
      response = await callProvider(NAME, call, call.url("/images/edits"), { method: "POST", headers, body: form });
    } else {
      const body = {
        model: request.providerModel,
        prompt: request.prompt,
        n: 1,
        ...(request.size ? { size: request.size } : {}),
        ...(request.quality ? { quality: request.quality } : {}),
        ...(request.style ? { style: request.style } : {}),
        // gpt-image-1 always answers base64 and refuses the field; dall-e models answer URLs unless asked.
        ...(request.providerModel.startsWith("dall-e") ? { response_format: "b64_json" } : {}),
      };
      response = await callProvider(NAME, call, call.url("/images/generations"), {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    }
    if (!response.ok) throw await providerError(NAME, response, (body) => body?.error?.message);
    // The image comes as base64 inside JSON: the answer is read up to what a capped image takes
    // encoded (plus the envelope), never whole whatever its size, and the cap counts decoded bytes.
    const tooLarge = () => new CapabilityError(`${NAME} sent an image larger than the ${formatBytes(maxBytes)} limit`);
    const limit = base64Length(maxBytes) + ENVELOPE_BYTES;
    const text = new TextDecoder().decode(await readResponseCapped(response, limit, tooLarge));
    let answer: { data?: { b64_json?: unknown }[] } | null = null;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = null;
    }
    const encoded = answer?.data?.[0]?.b64_json;
    if (typeof encoded !== "string") throw new CapabilityError(`${NAME} answered without an image`);
    if (encoded.length > base64Length(maxBytes)) throw tooLarge();
    const bytes = fromBase64(encoded);
    if (bytes.byteLength > maxBytes) throw tooLarge();
    return { bytes };
  },
});
