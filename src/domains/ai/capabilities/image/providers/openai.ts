import { providerError } from "../../search/port";
import { callProvider, joinUrl } from "../../provider-http";
import { fromBase64, readResponseCapped } from "../../../../../lib/bytes";
import { base64Length, formatBytes } from "../../media-caps";
import { CapabilityError } from "../../types";
import type { ImageProvider } from "../port";

/**
 * OpenAI Images: `POST /images/generations` (JSON: `model`, `prompt`, `n`, `size`, `quality`,
 * `style`, `response_format: b64_json`) and, to edit an earlier image, `POST /images/edits`
 * (multipart: `image`, `prompt`, `model`, `n`, `size`, `quality`; gpt-image-1 always answers
 * base64). Both answer `{ data: [{ b64_json }] }`; errors `{ error: { message, code } }`
 * (a content-policy refusal is a 400 with code `content_policy_violation`).
 */
/** Room for the JSON around the base64 image (`created`, a `revised_prompt` of a long prompt, usage). */
const ENVELOPE_BYTES = 256 * 1024;

export function openAiImages(config: { apiKey: string; baseUrl: string }): ImageProvider {
  const name = "OpenAI Images";
  return {
    name,
    async generate(call) {
      const { request } = call;
      const headers = { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json" };
      let response: Response;
      if (call.source) {
        const form = new FormData();
        form.append(
          "image",
          new File([call.source.bytes], `image.${call.source.mimeType.split("/")[1] ?? "png"}`, {
            type: call.source.mimeType,
          }),
        );
        form.append("prompt", request.prompt);
        form.append("model", request.providerModel);
        form.append("n", "1");
        if (request.size) form.append("size", request.size);
        if (request.quality) form.append("quality", request.quality);
        response = await callProvider(name, call, joinUrl(config.baseUrl, "/images/edits"), {
          method: "POST",
          headers,
          body: form,
        });
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
        response = await callProvider(name, call, joinUrl(config.baseUrl, "/images/generations"), {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      }
      if (!response.ok) throw await providerError(name, response, (body) => body?.error?.message);
      // The image comes as base64 inside JSON: the answer is read up to what a capped image takes
      // encoded (plus the envelope), never whole whatever its size, and the cap counts decoded bytes.
      const tooLarge = () =>
        new CapabilityError(`${name} sent an image larger than the ${formatBytes(call.maxBytes)} limit`);
      const limit = base64Length(call.maxBytes) + ENVELOPE_BYTES;
      const text = new TextDecoder().decode(await readResponseCapped(response, limit, tooLarge));
      let answer: { data?: { b64_json?: unknown }[] } | null = null;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = null;
      }
      const encoded = answer?.data?.[0]?.b64_json;
      if (typeof encoded !== "string") throw new CapabilityError(`${name} answered without an image`);
      if (encoded.length > base64Length(call.maxBytes)) throw tooLarge();
      const bytes = fromBase64(encoded);
      if (bytes.byteLength > call.maxBytes) throw tooLarge();
      return { bytes };
    },
  };
}
