import {
  answerJson,
  badAnswer,
  callProvider,
  providerError,
  providerUrl,
  type JobStatus,
  type ProviderCall,
  type VideoProvider,
} from "../port";

/**
 * Veo through the Gemini API's long-running operations: `POST /v1beta/models/{model}:predictLongRunning`
 * with `instances[0]` (`prompt`, `image` and `referenceImages[].image` as `bytesBase64Encoded` +
 * `mimeType`) and `parameters` (`aspectRatio`, `durationSeconds`, `resolution`, `negativePrompt`)
 * answers an operation `{ name }`; `GET /v1beta/{name}` reads it until `done`, then either `error`
 * (`{ code, message }`) or `response.generateVideoResponse`: `generatedSamples[].video.uri`, or
 * none with `raiMediaFilteredReasons` when its safety filters refused the video. The file is
 * downloaded from that URI with the key (`x-goog-api-key`). No cancel is documented for Veo jobs.
 */
const ORIGIN = "https://generativelanguage.googleapis.com";
const DEFAULT_MODEL = "veo-3.1-generate-preview";

const headers = (call: ProviderCall) => ({ "x-goog-api-key": call.apiKey, Accept: "application/json" });
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

export const veo: VideoProvider = {
  key: "veo",
  name: "Veo",
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
    const url = providerUrl(ORIGIN, `/v1beta/models/${encodeURIComponent(model)}:predictLongRunning`, call.baseUrl);
    const response = await callProvider(this.name, call, url, {
      method: "POST",
      headers: { ...headers(call), "Content-Type": "application/json" },
      body: JSON.stringify({ instances: [instance], parameters }),
    });
    if (!response.ok) throw await providerError(this.name, response, reasonOf);
    const operation = (await answerJson(this.name, response)) as Operation | null;
    if (typeof operation?.name !== "string") throw badAnswer(this.name);
    return operation.name;
  },
  async status(jobId, call): Promise<JobStatus> {
    // The operation's name is a path (`models/<model>/operations/<id>`), not one segment.
    const response = await callProvider(this.name, call, providerUrl(ORIGIN, `/v1beta/${jobId}`, call.baseUrl), {
      headers: headers(call),
    });
    if (!response.ok) throw await providerError(this.name, response, reasonOf);
    const operation = (await answerJson(this.name, response)) as Operation | null;
    if (!operation || typeof operation !== "object") throw badAnswer(this.name);
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
    if (!resultUrl) throw badAnswer(this.name);
    // The file URI comes from the operation's JSON: only its path and query are kept, on the Gemini
    // API's own host (rebased like every other URL of it), so the key goes nowhere else. The API
    // answers with a redirect to storage: the hops go through the SSRF rules, without the key.
    let path: string;
    try {
      const url = new URL(resultUrl);
      path = url.pathname + url.search;
    } catch {
      throw badAnswer(this.name);
    }
    const response = await call.fetchResult(this.name, providerUrl(ORIGIN, path, call.baseUrl).toString(), {
      headers: { "x-goog-api-key": call.apiKey },
      signal: call.signal,
    });
    if (!response.ok) throw await providerError(this.name, response, reasonOf);
    return response;
  },
};
