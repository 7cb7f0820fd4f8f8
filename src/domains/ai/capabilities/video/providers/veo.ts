import { withGatewayToken } from "../../../gateway";
import { callProvider, okJson, providerError } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { badAnswer, type JobStatus, type VideoCall } from "../port";

/**
 * Veo through the Gemini API's long-running operations: `POST /v1beta/models/{model}:predictLongRunning`
 * with `instances[0]` (`prompt`, `image` and `referenceImages[].image` as `bytesBase64Encoded` +
 * `mimeType`) and `parameters` (`aspectRatio`, `durationSeconds`, `resolution`, `negativePrompt`)
 * answers an operation `{ name }`; `GET /v1beta/{name}` reads it until `done`, then either `error`
 * (`{ code, message }`) or `response.generateVideoResponse`: `generatedSamples[].video.uri`, or
 * none with `raiMediaFilteredReasons` when its safety filters refused the video. The file is
 * downloaded from that URI with the key (`x-goog-api-key`). No cancel is documented for Veo jobs.
 */
const NAME = "Veo";
const DEFAULT_MODEL = "veo-3.1-generate-preview";

const key = (call: VideoCall<"GEMINI_API_KEY">) => ({ "x-goog-api-key": call.secrets.GEMINI_API_KEY });
const headers = (call: VideoCall<"GEMINI_API_KEY">) => ({ ...key(call), Accept: "application/json" });
const reasonOf = (body: any) => body?.error?.message;
const image = (input: { mimeType: string; base64: string }) => ({
  bytesBase64Encoded: input.base64,
  mimeType: input.mimeType,
});

interface Operation {
  name?: unknown;
  done?: boolean;
  error?: { message?: unknown };
  response?: {
    generateVideoResponse?: { generatedSamples?: { video?: { uri?: unknown } }[]; raiMediaFilteredReasons?: unknown[] };
  };
}

export const veo = defineCapabilityProvider({
  key: "veo",
  capability: "video",
  name: NAME,
  config: {
    secrets: ["GEMINI_API_KEY"],
    baseUrl: { default: "https://generativelanguage.googleapis.com", var: "GEMINI_BASE_URL" },
  },
  // Seconds rendered, at the list price per second of Veo 3.1 with audio.
  prices: { "video.veo.seconds": 0.4 },
  unit: "video.veo.seconds",
  values: { duration: [4, 6, 8], aspectRatio: ["16:9", "9:16"], resolution: ["720p", "1080p", "4k"], size: [] },
  limits: {
    defaultDuration: 8,
    audio: true,
    maxReferenceImages: 3,
    fields: ["inputImageUrl", "negativePrompt", "referenceImages", "model"],
  },
  async create(request, call) {
    const model = request.model ?? DEFAULT_MODEL;
    const instance = {
      prompt: request.prompt,
      ...(request.image ? { image: image(request.image) } : {}),
      ...(request.referenceImages?.length
        ? { referenceImages: request.referenceImages.map((r) => ({ image: image(r), referenceType: "asset" })) }
        : {}),
    };
    const parameters = {
      durationSeconds: request.duration,
      ...(request.aspectRatio ? { aspectRatio: request.aspectRatio } : {}),
      ...(request.resolution ? { resolution: request.resolution } : {}),
      ...(request.negativePrompt ? { negativePrompt: request.negativePrompt } : {}),
    };
    const url = call.url(`/v1beta/models/${encodeURIComponent(model)}:predictLongRunning`);
    const response = await callProvider(NAME, call, url, {
      method: "POST",
      headers: { ...headers(call), "Content-Type": "application/json" },
      body: JSON.stringify({ instances: [instance], parameters }),
    });
    const operation = (await okJson(NAME, response, reasonOf)) as Operation | null;
    if (typeof operation?.name !== "string") throw badAnswer(NAME);
    return operation.name;
  },
  async status(jobId, call): Promise<JobStatus> {
    // The operation's name is a path (`models/<model>/operations/<id>`), not one segment.
    const response = await callProvider(NAME, call, call.url(`/v1beta/${jobId}`), { headers: headers(call) });
    const operation = (await okJson(NAME, response, reasonOf)) as Operation | null;
    if (!operation || typeof operation !== "object") throw badAnswer(NAME);
    if (!operation.done) return { state: "running" };
    if (operation.error)
      return {
        state: "failed",
        reason: typeof operation.error.message === "string" ? operation.error.message : "the operation failed",
      };
    const result = operation.response?.generateVideoResponse;
    const uri = result?.generatedSamples?.[0]?.video?.uri;
    if (typeof uri === "string") return { state: "succeeded", resultUrl: uri };
    const filtered = (result?.raiMediaFilteredReasons ?? []).filter((r): r is string => typeof r === "string");
    return {
      state: "failed",
      reason: filtered.length
        ? `refused by its safety filters: ${filtered.join("; ")}`
        : "the operation ended without a video",
    };
  },
  async download(_jobId, resultUrl, call) {
    if (!resultUrl) throw badAnswer(NAME);
    // The file URI comes from the operation's JSON: only its path and query are kept, on the Gemini
    // API's own host (rebased like every other URL of it), so the key goes nowhere else. The API
    // answers with a redirect to storage: the hops go through the SSRF rules, without the key.
    let path: string;
    try {
      const url = new URL(resultUrl);
      path = url.pathname + url.search;
    } catch {
      throw badAnswer(NAME);
    }
    const target = call.url(path).toString();
    const response = await call.fetchResult(NAME, target, {
      // On the API's own host (a gateway's too): the key, and the gateway's token where it is one.
      headers: withGatewayToken(call.gateway, target, key(call)),
      signal: call.signal,
    });
    if (!response.ok) throw await providerError(NAME, response, reasonOf);
    return response;
  },
});
