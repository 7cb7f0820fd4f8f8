import { fromBase64 } from "../../../../../lib/bytes";
import { callProvider, okJson, providerError } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { badAnswer, type JobStatus, type VideoCall } from "../port";

/**
 * Sora, the OpenAI videos API: `POST /videos` (multipart/form-data: `model`, `prompt`, `seconds`
 * "4"/"8"/"12", `size` WxH, `input_reference` the first frame as an image file) answers a video object whose `status` is
 * `queued`, `in_progress`, `completed` or `failed` (with `progress` in percent and, when failed,
 * `error.message`); `GET /videos/{id}` reads it, `GET /videos/{id}/content` streams the MP4, and
 * `DELETE /videos/{id}` removes a job (the API documents no other way to end one early). Errors
 * are `{ error: { message, type, code } }`. `OPENAI_BASE_URL` is the API base (`.../v1`).
 */
const NAME = "Sora";
const DEFAULT_MODEL = "sora-2";
const SIZE_BY_ASPECT: Record<string, string> = { "16:9": "1280x720", "9:16": "720x1280" };
/** The input image's file name carries its type as well (the API reads either). */
const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

type Call = VideoCall<"OPENAI_API_KEY">;
const bearer = (call: Call) => ({ Authorization: `Bearer ${call.secrets.OPENAI_API_KEY}` });
const headers = (call: Call) => ({ ...bearer(call), Accept: "application/json" });
const reasonOf = (body: any) => body?.error?.message;
const videoPath = (jobId: string) => `/videos/${encodeURIComponent(jobId)}`;

export const sora = defineCapabilityProvider({
  key: "sora",
  capability: "video",
  name: NAME,
  config: {
    secrets: ["OPENAI_API_KEY"],
    baseUrl: { default: "https://api.openai.com/v1", var: "OPENAI_BASE_URL" },
    onlyWhenPicked: true,
  },
  // Seconds rendered, at the list price per second of sora-2 at 720p.
  prices: { "video.sora.seconds": 0.1 },
  unit: "video.sora.seconds",
  values: {
    duration: [4, 8, 12],
    aspectRatio: ["16:9", "9:16"],
    resolution: ["720p"],
    size: ["720x1280", "1280x720", "1024x1792", "1792x1024"],
  },
  limits: { defaultDuration: 4, audio: true, maxReferenceImages: 0, fields: ["inputImageUrl", "model"] },
  async create(request, call) {
    const size = request.size ?? (request.aspectRatio ? SIZE_BY_ASPECT[request.aspectRatio] : undefined);
    // multipart/form-data, as the API takes `input_reference` (a file upload, not a URL or JSON).
    const form = new FormData();
    form.append("model", request.model ?? DEFAULT_MODEL);
    form.append("prompt", request.prompt);
    form.append("seconds", String(request.duration));
    if (size) form.append("size", size);
    if (request.image) {
      const { mimeType, base64 } = request.image;
      const extension = EXTENSIONS[mimeType] ?? "png";
      form.append("input_reference", new File([fromBase64(base64)], `input.${extension}`, { type: mimeType }));
    }
    const response = await callProvider(NAME, call, call.url("/videos"), {
      method: "POST",
      headers: headers(call),
      body: form,
    });
    const video = (await okJson(NAME, response, reasonOf)) as { id?: unknown } | null;
    if (typeof video?.id !== "string") throw badAnswer(NAME);
    return video.id;
  },
  async status(jobId, call): Promise<JobStatus> {
    const response = await callProvider(NAME, call, call.url(videoPath(jobId)), { headers: headers(call) });
    const video = (await okJson(NAME, response, reasonOf)) as {
      status?: unknown;
      progress?: unknown;
      error?: { message?: unknown } | null;
    } | null;
    const progress = typeof video?.progress === "number" ? video.progress : undefined;
    switch (video?.status) {
      case "queued":
        return { state: "queued", progress };
      case "in_progress":
        return { state: "running", progress };
      case "completed":
        return { state: "succeeded" };
      case "failed":
        return {
          state: "failed",
          reason: typeof video.error?.message === "string" ? video.error.message : "the video job failed",
        };
      default:
        throw badAnswer(NAME);
    }
  },
  async download(jobId, _resultUrl, call) {
    const response = await callProvider(NAME, call, call.url(`${videoPath(jobId)}/content`), { headers: bearer(call) });
    if (!response.ok) throw await providerError(NAME, response, reasonOf);
    return response;
  },
  async cancel(jobId, call) {
    const response = await callProvider(NAME, call, call.url(videoPath(jobId)), {
      method: "DELETE",
      headers: headers(call),
    });
    await response.body?.cancel();
  },
});
