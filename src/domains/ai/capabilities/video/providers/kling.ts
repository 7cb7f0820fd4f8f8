import { signJwt } from "../../../../../lib/jwt";
import { CapabilityError } from "../../types";
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
 * Kling's task API: every call carries `Authorization: Bearer <JWT>`, an HS256 token signed with
 * `KLING_SECRET_KEY` whose `iss` is `KLING_ACCESS_KEY` (valid 30 minutes, `nbf` 5 s back for clock
 * skew). `POST /v1/videos/text2video` (or `image2video` with `image` as base64) with `model_name`,
 * `prompt`, `negative_prompt`, `mode` (`std` 720p, `pro` 1080p), `aspect_ratio`, `duration` ("5",
 * "10") answers `{ code: 0, data: { task_id, task_status } }`; `GET /v1/videos/<kind>/<task_id>`
 * reads `task_status` (`submitted`, `processing`, `succeed`, `failed` with `task_status_msg`) and,
 * when it succeeded, `task_result.videos[0].url`. Errors answer a non-zero `code` with `message`
 * (1301: refused by its content security policy). Kling documents no cancel.
 */
const ORIGIN = "https://api-singapore.klingai.com";
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

const headers = async (call: ProviderCall) => ({
  Authorization: `Bearer ${await klingToken(call.apiKey, call.secret ?? "")}`,
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

export const kling: VideoProvider = {
  key: "kling",
  name: "Kling",
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
    const response = await callProvider(this.name, call, providerUrl(ORIGIN, `/v1/videos/${kind}`, call.baseUrl), {
      method: "POST",
      headers: { ...(await headers(call)), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw await providerError(this.name, response, reasonOf);
    const answer = (await answerJson(this.name, response)) as Answer | null;
    if (!answer) throw badAnswer(this.name);
    const refusal = refused(answer);
    if (refusal) throw refusal;
    if (typeof answer.data?.task_id !== "string") throw badAnswer(this.name);
    return jobIdOf(kind, answer.data.task_id);
  },
  async status(jobId, call): Promise<JobStatus> {
    const { kind, taskId } = parseJobId(jobId);
    const response = await callProvider(
      this.name,
      call,
      providerUrl(ORIGIN, `/v1/videos/${kind}/${encodeURIComponent(taskId)}`, call.baseUrl),
      {
        headers: await headers(call),
      },
    );
    if (!response.ok) throw await providerError(this.name, response, reasonOf);
    const answer = (await answerJson(this.name, response)) as Answer | null;
    if (!answer) throw badAnswer(this.name);
    const refusal = refused(answer);
    if (refusal) throw refusal;
    const task = answer.data;
    switch (task?.task_status) {
      case "submitted":
        return { state: "queued" };
      case "processing":
        return { state: "running" };
      case "succeed": {
        const url = task.task_result?.videos?.[0]?.url;
        if (typeof url !== "string") throw badAnswer(this.name);
        return { state: "succeeded", resultUrl: url };
      }
      case "failed":
        return {
          state: "failed",
          reason:
            typeof task.task_status_msg === "string" && task.task_status_msg ? task.task_status_msg : "the task failed",
        };
      default:
        throw badAnswer(this.name);
    }
  },
  async download(_jobId, resultUrl, call) {
    if (!resultUrl) throw badAnswer(this.name);
    // A CDN link from the task's answer, not Kling's API: fetched without the token, through the SSRF rules.
    const response = await call.fetchResult(this.name, resultUrl, { signal: call.signal });
    if (!response.ok) throw await providerError(this.name, response, () => undefined);
    return response;
  },
};
