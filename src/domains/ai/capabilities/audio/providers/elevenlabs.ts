import { callProvider } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { audioAnswer } from "../port";

/**
 * ElevenLabs Music (compose): `POST /v1/music?output_format=mp3_44100_128` with the key in
 * `xi-api-key` and JSON `{ prompt, music_length_ms }`; the answer is the audio itself. Errors are
 * JSON `{ detail: { status, message } }` (a refused prompt is a 400 with status `bad_prompt`) or
 * a validation list `{ detail: [{ msg }] }`. No tempo or style fields.
 */
const NAME = "ElevenLabs Music";

const reasonOf = (body: any) =>
  Array.isArray(body?.detail)
    ? body.detail
        .map((d: any) => d?.msg)
        .filter(Boolean)
        .join("; ")
    : (body?.detail?.message ?? body?.detail);

export const elevenLabsMusic = defineCapabilityProvider({
  key: "elevenlabs",
  capability: "audio",
  name: NAME,
  config: {
    secrets: ["ELEVENLABS_API_KEY"],
    baseUrl: { default: "https://api.elevenlabs.io", var: "ELEVENLABS_BASE_URL" },
  },
  // By the second of music made ($0.80 a minute).
  prices: { "audio.elevenlabs.seconds": 0.8 / 60 },
  unit: (seconds) => ["audio.elevenlabs.seconds", seconds],
  async compose({ prompt, durationSeconds }, call) {
    const url = call.url("/v1/music");
    url.searchParams.set("output_format", "mp3_44100_128");
    const response = await callProvider(NAME, call, url, {
      method: "POST",
      headers: {
        "xi-api-key": call.secrets.ELEVENLABS_API_KEY,
        "Content-Type": "application/json",
        Accept: "audio/mpeg",
      },
      body: JSON.stringify({ prompt, music_length_ms: durationSeconds * 1000 }),
    });
    return audioAnswer(NAME, response, reasonOf);
  },
});
