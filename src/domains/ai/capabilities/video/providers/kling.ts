import { signJwt } from "../../../../../lib/jwt";
import { CapabilityError } from "../../types";
import { callProvider, okJson, providerError } from "../../provider-http";
import { defineCapabilityProvider } from "../../providers/define";
import { badAnswer, type JobStatus, type VideoCall } from "../port";

/**
 * Kling's task API: every call carries `Authorization: Bearer <JWT>`, an HS256 token signed with
 * `KLING_SECRET_KEY` whose `iss` is `KLING_ACCESS_KEY` (valid 30 minutes, `nbf` 5 s back for clock
 * skew). `POST /v1/videos/text2video` (or `image2video` with `image` as base64) with `model_name`,
 * `prompt`, `negative_prompt`, `mode` (`std` 720p, `pro` 1080p), `aspect_ratio`, `duration` ("5",
 * "10") answers `{ code: 0, data: { task_id, task_status } }`; `GET /v1/videos/<kind>/<task_id>`
 * reads `task_status` (`submitted`, `processing`, `succeed`, `failed` with `task_status_msg`) and,
 * when it succeeded, `task_result.videos[0].url`. Errors answer a non-zero `code` with `message`
 * (1301: refused by its content security policy). Kling documents no cancel.
 */
const NAME = "Kling";
const DEFAULT_MODEL = "kling-v1-6";
const TOKEN_SECONDS = 1800;
const MODE_BY_RESOLUTION: Record<string, string> = { "720p": "std", "1080p": "pro" };

/** The job id keeps which endpoint made the task: its status is read under the same kind. */
type Kind = "text2video" | "image2video";
const jobIdOf = (kind: Kind, taskId: string) => `${kind}:${taskId}`;
function parseJobId(jobId: string): { kind: Kind; taskId: string } {
  const [kind, ...rest] = jobId.split(":");
  if ((kind !== "text2video" && kind !== "image2video") || !rest.length)
    throw new CapabilityError("Kling: unknown task id", "fatal");
  return { kind, taskId: rest.join(":") };
}

/** The HS256 token Kling's API requires of every call. */
async function klingToken(accessKey: string, secretKey: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return signJwt({ alg: "HS256", typ: "JWT" }, { iss: accessKey, exp: now + TOKEN_SECONDS, nbf: now - 5 }, secretKey);
}

const headers = async (call: VideoCall<"KLING_ACCESS_KEY" | "KLING_SECRET_KEY">) => ({
  Authorization: `Bearer ${await klingToken(call.secrets.KLING_ACCESS_KEY, call.secrets.KLING_SECRET_KEY)}`,
  Accept: "application/json",
});
const reasonOf = (body: any) => body?.message;

interface Answer {
  code?: unknown;
  message?: unknown;
  data?: {
    task_id?: unknown;
    task_status?: unknown;
    task_status_msg?: unknown;
    task_result?: { videos?: { url?: unknown }[] };
  };
}

/** Kling answers some refusals with HTTP 200 and a non-zero `code`. */
function refused(answer: Answer): CapabilityError | null {
  if (answer.code === 0 || answer.code === undefined) return null;
  return new CapabilityError(
    `Kling refused the task (${String(answer.code)}): ${typeof answer.message === "string" ? answer.message : "no reason given"}`,
    "fatal",
  );
}

/** A task's answer: Kling's error (HTTP or a non-zero `code`) thrown, else the answer. */
async function taskAnswer(response: Response): Promise<Answer> {
  const answer = (await okJson(NAME, response, reasonOf)) as Answer | null;
  if (!answer) throw badAnswer(NAME);
  const refusal = refused(answer);
  if (refusal) throw refusal;
  return answer;
}

export const kling = defineCapabilityProvider({
  key: "kling",
  capability: "video",
  name: NAME,
  config: {
    secrets: ["KLING_ACCESS_KEY", "KLING_SECRET_KEY"],
    baseUrl: { default: "https://api-singapore.klingai.com", var: "KLING_BASE_URL" },
  },
  // Seconds rendered, at the list price of kling-v1-6 std (0.35 per 5 s).
  prices: { "video.kling.seconds": 0.07 },
  unit: "video.kling.seconds",
  // Kling's `mode`: std renders 720p, pro 1080p.
  values: { duration: [5, 10], aspectRatio: ["16:9", "9:16", "1:1"], resolution: ["720p", "1080p"], size: [] },
  limits: {
    defaultDuration: 5,
    audio: false,
    maxReferenceImages: 0,
    fields: ["inputImageUrl", "negativePrompt", "model"],
  },
  async create(request, call) {
    const kind: Kind = request.image ? "image2video" : "text2video";
    const mode = request.resolution ? MODE_BY_RESOLUTION[request.resolution] : undefined;
    const body = {
      model_name: request.model ?? DEFAULT_MODEL,
      prompt: request.prompt,
      duration: String(request.duration),
      ...(request.negativePrompt ? { negative_prompt: request.negativePrompt } : {}),
      ...(mode ? { mode } : {}),
      // image2video takes its frame's own proportions.
      ...(request.aspectRatio && kind === "text2video" ? { aspect_ratio: request.aspectRatio } : {}),
      ...(request.image ? { image: request.image.base64 } : {}),
    };
    const response = await callProvider(NAME, call, call.url(`/v1/videos/${kind}`), {
      method: "POST",
      headers: { ...(await headers(call)), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await taskAnswer(response);
    if (typeof answer.data?.task_id !== "string") throw badAnswer(NAME);
    return jobIdOf(kind, answer.data.task_id);
  },
  async status(jobId, call): Promise<JobStatus> {
    const { kind, taskId } = parseJobId(jobId);
    const url = call.url(`/v1/videos/${kind}/${encodeURIComponent(taskId)}`);
    const response = await callProvider(NAME, call, url, { headers: await headers(call) });
    const task = (await taskAnswer(response)).data;
    switch (task?.task_status) {
      case "submitted":
        return { state: "queued" };
      case "processing":
        return { state: "running" };
      case "succeed": {
        const url = task.task_result?.videos?.[0]?.url;
        if (typeof url !== "string") throw badAnswer(NAME);
        return { state: "succeeded", resultUrl: url };
      }
      case "failed":
        return {
          state: "failed",
          reason:
            typeof task.task_status_msg === "string" && task.task_status_msg ? task.task_status_msg : "the task failed",
        };
      default:
        throw badAnswer(NAME);
    }
  },
  async download(_jobId, resultUrl, call) {
    if (!resultUrl) throw badAnswer(NAME);
    // A CDN link from the task's answer, not Kling's API: fetched without the token, through the SSRF rules.
    const response = await call.fetchResult(NAME, resultUrl, { signal: call.signal });
    if (!response.ok) throw await providerError(NAME, response, () => undefined);
    return response;
  },
});
