/**
 * Local fakes of the video providers, speaking their documented wire formats:
 * - Sora (OpenAI videos API) under `https://fake-openai.test/v1/videos`: the create is
 *   multipart/form-data only (`prompt` required; `seconds` 4/8/12; `size` one of the API's;
 *   `input_reference` a PNG, JPEG or WebP file part, as the real API takes it; a JSON body or an
 *   `input_reference` that is not a file is a 400 as there), then video objects with `status`
 *   queued/in_progress/completed/failed and `progress`, `/content` for the MP4, DELETE; errors
 *   `{ error: { message, type, code } }`.
 * - Veo (Gemini API) on `https://fake-gemini.test`: `predictLongRunning` → operation `{ name }`,
 *   the operation read until `done` with `response.generateVideoResponse.generatedSamples` (or
 *   `raiMediaFilteredReasons`, or `error`), the file downloaded with `x-goog-api-key`.
 * - Kling on `https://fake-kling.test` (HS256 JWT checked): text2video/image2video tasks with
 *   `task_status` submitted/processing/succeed/failed, `{ code, message }` errors; result files on
 *   `https://cdn.fake-kling.test` (no Content-Length: streamed).
 * - Input images on `https://images.fake.test`.
 * Scenarios are tags in the prompt: `#fail` (the job fails), `#policy` (a content-policy refusal),
 * `#429x2` (the create answers 429 twice), `#hold` (the job keeps running until `release()`).
 * Hostile results (the file the finished job answers): `#html` (text/html with a script), `#svg`
 * (image/svg+xml with a script), `#big` (BIG_VIDEO_BYTES of MP4, streamed without a length),
 * `#big-declared` (a Content-Length past the cap); Kling's `#private` names a loopback URL.
 */
import { jwtVerify } from "jose";
import { installFakeHost, json, record, type RecordedRequest } from "../../connectors/fakes/fake-host";
import { png } from "../../media/helpers";

export const GEMINI = "https://fake-gemini.test";
export const KLING = "https://fake-kling.test";
export const KLING_CDN = "https://cdn.fake-kling.test";
export const IMAGES = "https://images.fake.test";
const SORA = "https://fake-openai.test/v1/videos";

/** Sora's requests; a multipart create's fields as `form` (a file part as `{ name, type, bytes }`). */
export const soraRequests: (RecordedRequest & { form?: Record<string, string | SoraFile> })[] = [];
export interface SoraFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}
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

/** What `#big` streams: past the video cap the video tests set (MEDIA_CAP_VIDEO_BYTES, 6 MiB). */
export const BIG_VIDEO_BYTES = 7 * 1024 * 1024;
const HTML_BODY = "<!doctype html><html><body><script>fetch('/api/v1/auth/me')</script></body></html>";
const SVG_BODY = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';

interface Job {
  prompt: string;
  polls: number;
  deleted: boolean;
}
const jobs = new Map<string, Job>();
/** The prompt behind each finished file (Veo's file id, Kling's CDN path). */
const fileJobs = new Map<string, string>();
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

/** The finished file for a job's prompt: a video, or what a hostile scenario answers instead. */
function resultResponse(prompt: string, length: boolean): Response {
  if (prompt.includes("#html")) return new Response(HTML_BODY, { headers: { "Content-Type": "text/html" } });
  if (prompt.includes("#svg")) return new Response(SVG_BODY, { headers: { "Content-Type": "image/svg+xml" } });
  if (prompt.includes("#big-declared"))
    return new Response(VIDEO_BYTES, {
      headers: { "Content-Type": "video/mp4", "Content-Length": String(BIG_VIDEO_BYTES) },
    });
  if (prompt.includes("#big")) {
    let sent = 0;
    const chunk = 256 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= BIG_VIDEO_BYTES) return controller.close();
        const bytes = new Uint8Array(chunk).fill(0x2a);
        if (sent === 0) bytes.set(VIDEO_BYTES.subarray(0, 12));
        controller.enqueue(bytes);
        sent += chunk;
      },
    });
    return new Response(body, { headers: { "Content-Type": "video/mp4" } });
  }
  return videoResponse(length);
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

const SORA_SIZES = ["720x1280", "1280x720", "1024x1792", "1792x1024"];
const soraError = (message: string, param: string | null, status = 400) =>
  json({ error: { message, type: "invalid_request_error", param, code: null } }, status);

/** The create's multipart fields, or the 400 the real API answers to anything else. */
async function soraForm(request: Request): Promise<Record<string, string | SoraFile> | Response> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return soraError("Invalid Content-Type header, expected multipart/form-data.", null);
  const form: Record<string, string | SoraFile> = {};
  for (const [name, value] of await request.formData()) {
    form[name] =
      typeof value === "string"
        ? value
        : { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
  }
  if (typeof form.prompt !== "string" || !form.prompt)
    return soraError("Missing required parameter: 'prompt'.", "prompt");
  if (form.seconds !== undefined && !["4", "8", "12"].includes(String(form.seconds)))
    return soraError("Invalid value for 'seconds': expected one of '4', '8', '12'.", "seconds");
  if (form.size !== undefined && !SORA_SIZES.includes(String(form.size)))
    return soraError(`Invalid value for 'size': expected one of ${SORA_SIZES.join(", ")}.`, "size");
  const reference = form.input_reference;
  if (reference !== undefined) {
    if (typeof reference === "string") return soraError("'input_reference' must be a file upload.", "input_reference");
    if (!["image/png", "image/jpeg", "image/webp"].includes(reference.type) || !reference.bytes.length)
      return soraError("'input_reference' must be a PNG, JPEG or WebP image.", "input_reference");
  }
  return form;
}

async function sora(request: RecordedRequest, form: Record<string, string | SoraFile> | Response | undefined) {
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
    if (!form) return soraError("Invalid request.", null);
    if (form instanceof Response) return form;
    const body = form as { prompt: string; model?: string; seconds?: string; size?: string };
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
  if (sub === "content") return resultResponse(job.prompt, true);
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
  if (file && request.url.searchParams.get("alt") === "media")
    return resultResponse(fileJobs.get(file[1]!) ?? "", true);
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
  const fileId = name.split("/").at(-1)!;
  fileJobs.set(fileId, job.prompt);
  const uri = `https://generativelanguage.googleapis.com/v1beta/files/${fileId}:download?alt=media`;
  return json({
    name,
    done: true,
    response: { "@type": type, generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
  });
}

/** The CDN URL of a finished Kling task (`#private`: a loopback address the SSRF rules refuse). */
function klingFile(taskId: string, prompt: string): string {
  const path = `/videos/${taskId}.mp4`;
  fileJobs.set(path, prompt);
  return prompt.includes("#private") ? `https://127.0.0.1${path}` : `${KLING_CDN}${path}`;
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
      task_result: { videos: [{ id: `v-${read[2]}`, url: klingFile(read[2]!, job.prompt), duration: "5" }] },
    },
  });
}

export function installFakeVideo() {
  installFakeHost(GEMINI, async (request) => veo(await record(request, veoRequests)));
  installFakeHost(KLING, async (request) => kling(await record(request, klingRequests)));
  installFakeHost(KLING_CDN, (request) => resultResponse(fileJobs.get(new URL(request.url).pathname) ?? "", false));
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
    const create = request.method === "POST" && new URL(request.url).pathname === "/v1/videos";
    const form = create ? await soraForm(request.clone()) : undefined;
    const seen = await record(request, soraRequests);
    if (form && !(form instanceof Response)) soraRequests[soraRequests.length - 1] = { ...seen, form };
    return sora(seen, form);
  }) as typeof fetch;
}
