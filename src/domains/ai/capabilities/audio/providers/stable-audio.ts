import { callProvider } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { audioAnswer } from "../port";

/**
 * Stability AI's Stable Audio 2: `POST /v2beta/audio/stable-audio-2/text-to-audio`, multipart
 * (`prompt`, `duration` in seconds, `model`, `output_format`), the key as a Bearer token and
 * `Accept: audio/*` for the bytes themselves. Errors are JSON `{ id, name, errors[] }` (a
 * content-moderation refusal is a 403 named `content_moderation`). No tempo or style fields.
 */
const NAME = "Stable Audio";

export const stableAudio = defineCapabilityProvider({
  key: "stable-audio",
  capability: "audio",
  name: NAME,
  config: {
    secrets: ["STABILITY_API_KEY"],
    baseUrl: { default: "https://api.stability.ai", var: "STABILITY_BASE_URL" },
  },
  // Stable Audio 2 bills 20 credits ($0.20) per generation whatever its length.
  prices: { "audio.stable-audio.generation": 0.2 },
  unit: (): [string, number] => ["audio.stable-audio.generation", 1],
  async compose({ prompt, durationSeconds }, call) {
    const form = new FormData();
    form.append("prompt", prompt);
    form.append("duration", String(durationSeconds));
    form.append("model", "stable-audio-2");
    form.append("output_format", "mp3");
    const response = await callProvider(NAME, call, call.url("/v2beta/audio/stable-audio-2/text-to-audio"), {
      method: "POST",
      headers: { Authorization: `Bearer ${call.secrets.STABILITY_API_KEY}`, Accept: "audio/*" },
      body: form,
    });
    return audioAnswer(NAME, response, (body) => (Array.isArray(body?.errors) ? body.errors.join("; ") : body?.name));
  },
});
