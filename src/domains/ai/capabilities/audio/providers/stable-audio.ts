import { providerError, providerUrl } from "../../search/port";
import { callProvider } from "../../provider-http";
import { CapabilityError } from "../../types";
import { audioOf, type AudioProvider } from "../port";

/**
 * Stability AI's Stable Audio 2: `POST /v2beta/audio/stable-audio-2/text-to-audio`, multipart
 * (`prompt`, `duration` in seconds, `model`, `output_format`), the key as a Bearer token and
 * `Accept: audio/*` for the bytes themselves. Errors are JSON `{ id, name, errors[] }` (a
 * content-moderation refusal is a 403 named `content_moderation`). No tempo or style fields.
 */
const ORIGIN = "https://api.stability.ai";

export const stableAudio: AudioProvider = {
  name: "Stable Audio",
  unit: () => ["audio.stable-audio.generation", 1],
  async compose(call) {
    const form = new FormData();
    form.append("prompt", call.prompt);
    form.append("duration", String(call.durationSeconds));
    form.append("model", "stable-audio-2");
    form.append("output_format", "mp3");
    const response = await callProvider(
      this.name,
      call,
      providerUrl(ORIGIN, "/v2beta/audio/stable-audio-2/text-to-audio", call.baseUrl),
      {
        method: "POST",
        headers: { Authorization: `Bearer ${call.apiKey}`, Accept: "audio/*" },
        body: form,
      },
    );
    if (!response.ok)
      throw await providerError(this.name, response, (body) =>
        Array.isArray(body?.errors) ? body.errors.join("; ") : body?.name,
      );
    if (!response.body) throw new CapabilityError(`${this.name} answered without audio`);
    return audioOf(response);
  },
};
