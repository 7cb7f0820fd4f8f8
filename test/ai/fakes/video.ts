/**
 * Local fakes of the video providers, speaking their documented wire formats:
 * - Sora (OpenAI videos API) under `https://fake-openai.test/v1/videos`: video objects with
 *   `status` queued/in_progress/completed/failed and `progress`, `/content` for the MP4, DELETE;
 *   errors `{ error: { message, type, code } }`.
 * - Veo (Gemini API) on `https://fake-gemini.test`: `predictLongRunning` → operation `{ name }`,
 *   the operation read until `done` with `response.generateVideoResponse.generatedSamples` (or
 *   `raiMediaFilteredReasons`, or `error`), the file downloaded with `x-goog-api-key`.
 * - Kling on `https://fake-kling.test` (HS256 JWT checked): text2video/image2video tasks with
 *   `task_status` submitted/processing/succeed/failed, `{ code, message }` errors; result files on
 *   `https://cdn.fake-kling.test` (no Content-Length: streamed).
 * - Input images on `https://images.fake.test`.
 * Scenarios are tags in the prompt: `#fail` (the job fails), `#policy` (a content-policy refusal),
 * `#429x2` (the create answers 429 twice), `#hold` (the job keeps running until `release()`).
 */
import { jwtVerify } from "jose";
import { installFakeHost, json, record, type RecordedRequest } from "../../connectors/fakes/fake-host";
import { png } from "../../media/helpers";

export const GEMINI = "https://fake-gemini.test";
export const KLING = "https://fake-kling.test";
export const KLING_CDN = "https://cdn.fake-kling.test";
export const IMAGES = "https://images.fake.test";
const SORA = "https://fake-openai.test/v1/videos";

export const soraRequests: RecordedRequest[] = [];
export const veoRequests: RecordedRequest[] = [];
export const klingRequests: RecordedRequest[] = [];

/** The image `IMAGES/cat.png` serves. */
export const CAT_PNG = png(64, 48);
/** Every fake video's bytes: an MP4 `ftyp` box and filler, 300 KiB. */
export const VIDEO_BYTES = (() => {
  const bytes = new Uint8Array(300 * 1024).fill(0x2a);
  bytes.set([0, 0, 0, 0x18, ...[..."ftypmp42"].map((c) => c.charCodeAt(0))]);
  return bytes;
})();

interface Job {
  prompt: string;
  polls: number;
  deleted: boolean;
}
const jobs = new Map<string, Job>();
const held = new Set<string>();
const failures = new Map<string, number>();
let counter = 0;

/** Keeps jobs whose prompt has `tag` running until `release(tag)`. */
export const hold = (tag: string) => held.add(tag);
export const release = (tag: string) => held.delete(tag);
export const jobOf = (id: string) => jobs.get(id);

/** The phase of a job at this poll: queued, running (twice, with progress), then done. */
function advance(job: Job): "queued" | "running" | "done" {
  job.polls++;
  const holding = [...held].some((tag) => job.prompt.includes(tag));
  if (job.polls === 1) return "queued";
  if (job.polls <= 3 || holding) return "running";
  return "done";
}

/** `#429x2` answers 429 that many times per prompt, then goes through. */
function rateLimited(prompt: string): boolean {
  const times = /#429x(\d)/.exec(prompt);
  if (!times) return false;
  const count = failures.get(prompt) ?? 0;
  if (count >= Number(times[1])) return false;
  failures.set(prompt, count + 1);
  return true;
}

const videoResponse = (length: boolean) => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < VIDEO_BYTES.length; i += 64 * 1024) controller.enqueue(VIDEO_BYTES.slice(i, i + 64 * 1024));
      controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "video/mp4", ...(length ? { "Content-Length": String(VIDEO_BYTES.length) } : {}) },
  });
};

function sora(request: RecordedRequest): Response {
  if (request.headers.get("Authorization") !== "Bearer test-openai-key")
    return json(
      {
        error: {
          message: "Incorrect API key provided",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      },
      401,
    );
  const path = request.url.pathname.replace(/^\/v1\/videos\/?/, "");
  const [id, sub] = path.split("/");
  if (request.method === "POST" && !path) {
    const body = JSON.parse(request.body) as { prompt: string; model?: string; seconds?: string; size?: string };
    if (body.prompt.includes("#policy")) {
      return json(
        {
          error: {
            message: "Your request was blocked by our moderation system.",
            type: "invalid_request_error",
            param: null,
            code: "moderation_blocked",
          },
        },
        400,
      );
    }
    if (rateLimited(body.prompt))
      return json(
        {
          error: {
            message: "Rate limit reached for videos per minute.",
            type: "requests",
            param: null,
            code: "rate_limit_exceeded",
          },
        },
        429,
      );
    const videoId = `video_${++counter}`;
    jobs.set(videoId, { prompt: body.prompt, polls: 0, deleted: false });
    return json({
      id: videoId,
      object: "video",
      model: body.model ?? "sora-2",
      status: "queued",
      progress: 0,
      created_at: 1764000000,
      completed_at: null,
      expires_at: null,
      prompt: body.prompt,
      size: body.size ?? "720x1280",
      seconds: body.seconds ?? "4",
      remixed_from_video_id: null,
      error: null,
    });
  }
  const job = id ? jobs.get(id) : undefined;
  if (!job || job.deleted)
    return json(
      {
        error: { message: `Video with id '${id}' not found.`, type: "invalid_request_error", param: null, code: null },
      },
      404,
    );
  if (request.method === "DELETE") {
    job.deleted = true;
    return json({ id, object: "video.deleted", deleted: true });
  }
  if (sub === "content") return videoResponse(true);
  const phase = advance(job);
  const base = {
    id,
    object: "video",
    model: "sora-2",
    created_at: 1764000000,
    expires_at: null,
    prompt: job.prompt,
    size: "1280x720",
    seconds: "8",
    remixed_from_video_id: null,
  };
  if (phase === "queued") return json({ ...base, status: "queued", progress: 0, completed_at: null, error: null });
  if (phase === "running")
    return json({
      ...base,
      status: "in_progress",
      progress: job.polls === 2 ? 40 : 80,
      completed_at: null,
      error: null,
    });
  if (job.prompt.includes("#fail"))
    return json({
      ...base,
      status: "failed",
      progress: 80,
      completed_at: null,
      error: { code: "video_generation_failed", message: "The video could not be generated." },
    });
  return json({
    ...base,
    status: "completed",
    progress: 100,
    completed_at: 1764000100,
    expires_at: 1764086500,
    error: null,
  });
}

function veo(request: RecordedRequest): Response {
  if (request.headers.get("x-goog-api-key") !== "test-gemini-key")
    return json(
      { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } },
      400,
    );
  const path = request.url.pathname;
  const create = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(path);
  if (request.method === "POST" && create) {
    const body = JSON.parse(request.body) as { instances: { prompt: string }[] };
    const prompt = body.instances[0]!.prompt;
    if (rateLimited(prompt))
      return json(
        {
          error: {
            code: 429,
            message: "Resource has been exhausted (e.g. check quota).",
            status: "RESOURCE_EXHAUSTED",
          },
        },
        429,
      );
    const name = `models/${create[1]}/operations/op${++counter}`;
    jobs.set(name, { prompt, polls: 0, deleted: false });
    return json({ name });
  }
  const file = /^\/v1beta\/files\/([^/:]+):download$/.exec(path);
  if (file && request.url.searchParams.get("alt") === "media") return videoResponse(true);
  const name = path.replace(/^\/v1beta\//, "");
  const job = jobs.get(name);
  if (!job) return json({ error: { code: 404, message: "Operation not found", status: "NOT_FOUND" } }, 404);
  const phase = advance(job);
  const metadata = { "@type": "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningMetadata" };
  if (phase !== "done") return json({ name, metadata });
  if (job.prompt.includes("#fail"))
    return json({
      name,
      metadata,
      done: true,
      error: { code: 13, message: "Video generation failed due to an internal error." },
    });
  const type = "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse";
  if (job.prompt.includes("#policy")) {
    return json({
      name,
      done: true,
      response: {
        "@type": type,
        generateVideoResponse: {
          raiMediaFilteredCount: 1,
          raiMediaFilteredReasons: ["The prompt could not be submitted because it may violate our policies."],
        },
      },
    });
  }
  // The file's URI names the real API's host (the client rebases it onto GEMINI_BASE_URL).
  const uri = `https://generativelanguage.googleapis.com/v1beta/files/${name.split("/").at(-1)}:download?alt=media`;
  return json({
    name,
    done: true,
    response: { "@type": type, generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
  });
}

async function kling(request: RecordedRequest): Promise<Response> {
  const token = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  try {
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode("test-kling-secret-0123456789"),
      { issuer: "test-kling-access" },
    );
    if (protectedHeader.alg !== "HS256" || typeof payload.exp !== "number" || typeof payload.nbf !== "number")
      throw new Error("claims");
  } catch {
    return json({ code: 1000, message: "Authentication failed", request_id: "r0" }, 401);
  }
  const create = /^\/v1\/videos\/(text2video|image2video)$/.exec(request.url.pathname);
  if (request.method === "POST" && create) {
    const body = JSON.parse(request.body) as { prompt: string };
    if (body.prompt.includes("#policy"))
      return json({ code: 1301, message: "Trigger the content security policy", request_id: "r1" }, 400);
    if (rateLimited(body.prompt))
      return json(
        {
          code: 1302,
          message: "The API request is too fast, please slow down the request frequency",
          request_id: "r2",
        },
        429,
      );
    const taskId = `task${++counter}`;
    jobs.set(taskId, { prompt: body.prompt, polls: 0, deleted: false });
    return json({
      code: 0,
      message: "SUCCEED",
      request_id: "r3",
      data: { task_id: taskId, task_status: "submitted", created_at: 1764000000000, updated_at: 1764000000000 },
    });
  }
  const read = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/.exec(request.url.pathname);
  const job = read ? jobs.get(read[2]!) : undefined;
  if (!read || !job) return json({ code: 1203, message: "task not found", request_id: "r4" }, 404);
  const phase = advance(job);
  const task = { task_id: read[2], created_at: 1764000000000, updated_at: 1764000001000 };
  if (phase === "queued")
    return json({
      code: 0,
      message: "SUCCEED",
      request_id: "r5",
      data: { ...task, task_status: "submitted", task_status_msg: "" },
    });
  if (phase === "running")
    return json({
      code: 0,
      message: "SUCCEED",
      request_id: "r5",
      data: { ...task, task_status: "processing", task_status_msg: "" },
    });
  if (job.prompt.includes("#fail"))
    return json({
      code: 0,
      message: "SUCCEED",
      request_id: "r5",
      data: { ...task, task_status: "failed", task_status_msg: "Video generation failed, please try again" },
    });
  return json({
    code: 0,
    message: "SUCCEED",
    request_id: "r5",
    data: {
      ...task,
      task_status: "succeed",
      task_status_msg: "",
      task_result: { videos: [{ id: `v-${read[2]}`, url: `${KLING_CDN}/videos/${read[2]}.mp4`, duration: "5" }] },
    },
  });
}

export function installFakeVideo() {
  installFakeHost(GEMINI, async (request) => veo(await record(request, veoRequests)));
  installFakeHost(KLING, async (request) => kling(await record(request, klingRequests)));
  installFakeHost(KLING_CDN, () => videoResponse(false));
  installFakeHost(IMAGES, (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/cat.png") return new Response(CAT_PNG, { headers: { "Content-Type": "image/png" } });
    if (path === "/redirect-private")
      return new Response(null, { status: 302, headers: { Location: "https://127.0.0.1/secret.png" } });
    return new Response("not found", { status: 404 });
  });
  // Sora shares the OpenAI fake's host: only its paths are taken here, the rest goes on to that fake.
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(SORA)) return inner(input, init);
    return sora(await record(request, soraRequests));
  }) as typeof fetch;
}
