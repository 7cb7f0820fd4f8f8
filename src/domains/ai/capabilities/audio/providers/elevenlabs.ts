import { providerError, providerUrl } from "../../search/port";
import { callProvider } from "../../provider-http";
import { CapabilityError } from "../../types";
import { audioOf, type AudioProvider } from "../port";

/**
 * ElevenLabs Music (compose): `POST /v1/music?output_format=mp3_44100_128` with the key in
 * `xi-api-key` and JSON `{ prompt, music_length_ms }`; the answer is the audio itself. Errors are
 * JSON `{ detail: { status, message } }` (a refused prompt is a 400 with status `bad_prompt`) or
 * a validation list `{ detail: [{ msg }] }`. No tempo or style fields.
 */
const ORIGIN = "https://api.elevenlabs.io";

const reasonOf = (body: any) =>
  Array.isArray(body?.detail)
    ? body.detail
        .map((d: any) => d?.msg)
        .filter(Boolean)
        .join("; ")
    : (body?.detail?.message ?? body?.detail);

export const elevenLabsMusic: AudioProvider = {
  name: "ElevenLabs Music",
  unit: (seconds) => ["audio.elevenlabs.seconds", seconds],
  async compose(call) {
    const url = providerUrl(ORIGIN, "/v1/music", call.baseUrl);
    url.searchParams.set("output_format", "mp3_44100_128");
    const response = await callProvider(this.name, call, url, {
      method: "POST",
      headers: { "xi-api-key": call.apiKey, "Content-Type": "application/json", Accept: "audio/mpeg" },
      body: JSON.stringify({ prompt: call.prompt, music_length_ms: call.durationSeconds * 1000 }),
    });
    if (!response.ok) throw await providerError(this.name, response, reasonOf);
    if (!response.body) throw new CapabilityError(`${this.name} answered without audio`);
    return audioOf(response);
  },
};
