/**
 * Local fakes of the music providers, speaking their documented wire formats: Stability's
 * `POST /v2beta/audio/stable-audio-2/text-to-audio` (multipart; `Accept: audio/*` answers the
 * bytes; errors `{ id, name, errors[] }`, content moderation a 403) and ElevenLabs'
 * `POST /v1/music` (JSON `{ prompt, music_length_ms }`, `xi-api-key`; the answer is the audio;
 * errors `{ detail: { status, message } }`, a refused prompt a 400 `bad_prompt`). Scenarios are
 * tags in the prompt: `#policy`, `#429x<n>`, `#500-always`; hostile answers `#html` (text/html
 * with a script), `#huge` (HUGE_AUDIO_BYTES streamed without a length) and `#huge-declared` (a
 * Content-Length of as many). The audio is `bytesFor(seconds)` long
 * (an MP3 frame header then filler), so a test can check what reached R2.
 */
import { installFakeHost, json, record, type RecordedRequest } from "../../connectors/fakes/fake-host";

export const STABILITY = "https://fake-stability.test";
export const ELEVENLABS = "https://fake-elevenlabs.test";
export const stabilityRequests: (RecordedRequest & { form: Record<string, string> })[] = [];
export const elevenLabsRequests: RecordedRequest[] = [];

/** 4 KiB per second of "audio": an MPEG frame sync, then a repeating byte. */
export const bytesFor = (seconds: number) => {
  const bytes = new Uint8Array(seconds * 4096).fill(0x55);
  bytes.set([0xff, 0xfb, 0x90, 0x64]);
  return bytes;
};
const audio = (seconds: number) =>
  new Response(bytesFor(seconds), {
    headers: { "Content-Type": "audio/mpeg", "Content-Length": String(seconds * 4096) },
  });

/** What `#huge` sends: past the audio cap the media-capabilities tests set (128 KiB). */
export const HUGE_AUDIO_BYTES = 200 * 1024;

/** A hostile answer for the prompt's tag, or null for a real one. */
function hostile(prompt: string): Response | null {
  if (prompt.includes("#html"))
    return new Response("<html><script>alert(1)</script></html>", { headers: { "Content-Type": "text/html" } });
  if (prompt.includes("#huge-declared"))
    return new Response(bytesFor(1), {
      headers: { "Content-Type": "audio/mpeg", "Content-Length": String(HUGE_AUDIO_BYTES) },
    });
  if (prompt.includes("#huge")) {
    const bytes = new Uint8Array(HUGE_AUDIO_BYTES).fill(0x55);
    bytes.set(bytesFor(1).subarray(0, 4));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "audio/mpeg" } });
  }
  return null;
}

const failed = new Map<string, number>();
function failure(prompt: string): number | null {
  if (prompt.includes("#500-always")) return 500;
  const times = /#429x(\d)/.exec(prompt);
  if (!times) return null;
  const count = failed.get(prompt) ?? 0;
  if (count >= Number(times[1])) return null;
  failed.set(prompt, count + 1);
  return 429;
}

export function installFakeAudio() {
  installFakeHost(STABILITY, async (request) => {
    const form: Record<string, string> = {};
    const copy = request.clone();
    if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      for (const [name, value] of await copy.formData()) form[name] = String(value);
    }
    const seen = await record(request, stabilityRequests);
    stabilityRequests[stabilityRequests.length - 1] = { ...seen, form };
    const error = (status: number, name: string, errors: string[]) => json({ id: "e7a1", name, errors }, status);
    if (seen.method !== "POST" || seen.url.pathname !== "/v2beta/audio/stable-audio-2/text-to-audio")
      return error(404, "not_found", ["Not found"]);
    if (seen.headers.get("Authorization") !== "Bearer test-stability-key")
      return error(401, "unauthorized", ["authorization: invalid or missing API key"]);
    if (seen.headers.get("Accept") !== "audio/*")
      return error(400, "bad_request", ["accept: must be audio/* or application/json"]);
    const prompt = form.prompt ?? "";
    if (prompt.includes("#policy"))
      return error(403, "content_moderation", ["Your request was flagged by our content moderation system."]);
    const status = failure(prompt);
    if (status)
      return error(status, status === 429 ? "rate_limit_exceeded" : "internal_error", [
        status === 429 ? "You have exceeded the rate limit." : "An unexpected server error occurred.",
      ]);
    return hostile(prompt) ?? audio(Number(form.duration));
  });

  installFakeHost(ELEVENLABS, async (request) => {
    const seen = await record(request, elevenLabsRequests);
    const detail = (status: number, code: string, message: string) =>
      json({ detail: { status: code, message } }, status);
    if (seen.method !== "POST" || seen.url.pathname !== "/v1/music") return json({ detail: "Not Found" }, 404);
    if (seen.headers.get("xi-api-key") !== "test-elevenlabs-key")
      return detail(401, "invalid_api_key", "Invalid API key");
    const body = JSON.parse(seen.body) as { prompt: string; music_length_ms: number };
    if (body.prompt.includes("#policy")) return detail(400, "bad_prompt", "The prompt violates our Terms of Service.");
    const status = failure(body.prompt);
    if (status === 429) return detail(429, "too_many_concurrent_requests", "Too many concurrent requests.");
    if (status) return detail(500, "internal_error", "Something went wrong.");
    return audio(body.music_length_ms / 1000);
  });
}
