import { storeGenerated, writeMediaAnswer, type StoredMediaItem } from "../media-output";
import { CAPABILITY_PROVIDERS } from "../providers/registry";
import { retriedInStep } from "../retry";
import { CapabilityError, type Capability, type CapabilityContext, type StepHandle } from "../types";
import { readInputImage } from "./inputs";
import type { VideoLimits } from "./parameters";
import type { JobStatus, VideoCall, VideoRequest } from "./port";
import { resultFetch } from "./results";

/** How often a running job is polled, unless `VIDEO_POLL_MS` says otherwise (tests make it small). */
const DEFAULT_POLL_MS = 5000;
const STEP_ID = "video-1";
/** The job's id at the provider, kept in the run's object as soon as it exists (survives eviction). */
const JOB_KEY = "video:job";

const pollMs = (env: Env) => {
  const value = Number((env as { VIDEO_POLL_MS?: string }).VIDEO_POLL_MS);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_POLL_MS;
};

/** The duration a request's parameters ask for (its runner and its cost estimate read it alike). */
export const videoDuration = (parameters: Record<string, unknown>, limits: VideoLimits) =>
  parameters.duration !== undefined ? Number(parameters.duration) : limits.defaultDuration;

/** The provider request from the run's parameters (already checked against the provider at send time). */
async function videoRequest(
  context: CapabilityContext,
  limits: VideoLimits,
  signal: AbortSignal,
): Promise<VideoRequest> {
  const p = context.parameters;
  const style = Array.isArray(p.styleTokens) && p.styleTokens.length ? `\n\nStyle: ${p.styleTokens.join(", ")}` : "";
  const references = Array.isArray(p.referenceImages) ? (p.referenceImages as string[]) : [];
  return {
    prompt: context.spec.prompt.trim() + style,
    duration: videoDuration(p, limits),
    ...(typeof p.aspectRatio === "string" ? { aspectRatio: p.aspectRatio } : {}),
    ...(typeof p.resolution === "string" ? { resolution: p.resolution } : {}),
    ...(typeof p.size === "string" ? { size: p.size } : {}),
    ...(typeof p.negativePrompt === "string" && p.negativePrompt ? { negativePrompt: p.negativePrompt } : {}),
    ...(typeof p.model === "string" ? { model: p.model } : {}),
    ...(typeof p.inputImageUrl === "string"
      ? { image: await readInputImage(context.env, p.inputImageUrl, "inputImageUrl", signal) }
      : {}),
    ...(references.length
      ? {
          referenceImages: await Promise.all(
            references.map((url, i) => readInputImage(context.env, url, `referenceImages.${i}`, signal)),
          ),
        }
      : {}),
  };
}

const percent = (status: JobStatus) =>
  "progress" in status && status.progress !== undefined ? status.progress : undefined;

/**
 * The `video.generate` step: creates the job once (its id is stored before anything else happens,
 * so a run resumed after an eviction polls the same job instead of creating another), polls it at
 * the run object's alarms, reports each change as `tool.progress`, then streams the file into R2
 * (provider links expire) and outputs it as `media[]`. A stop cancels the job where the provider
 * can; 429/5xx are retried with backoff; a refusal or a failed job fails the step and the run.
 */
async function generate(context: CapabilityContext, step: StepHandle) {
  const { provider, access } = CAPABILITY_PROVIDERS.open(context.env, "video", context.provider);
  const call: VideoCall = {
    ...access,
    signal: step.signal,
    fetch: context.fetch,
    fetchResult: resultFetch(context.env, access.baseUrl, context.fetch),
  };
  const title = `Generating a video with ${provider.name}`;
  const retried = <T>(attempt: () => Promise<T>) =>
    retriedInStep(context, step, { title, status: "retrying", subject: provider.name }, attempt);

  let job = context.store.get<{ id: string; duration: number }>(JOB_KEY);
  if (!job) {
    const request = await videoRequest(context, provider.limits, step.signal);
    job = { id: await retried(() => provider.create(request, call)), duration: request.duration };
    context.store.put(JOB_KEY, job);
  }
  const jobId = job.id;
  const cancel = () => {
    // The run's signal is aborted: the cancel goes out on its own (best effort, once).
    provider.cancel?.(jobId, { ...call, signal: AbortSignal.timeout(10_000) }).catch(() => {});
  };
  step.signal.addEventListener("abort", cancel, { once: true });
  try {
    let last = "";
    for (;;) {
      const status = await retried(() => provider.status(jobId, call));
      if (status.state === "failed") throw new CapabilityError(`${provider.name}: ${status.reason}`);
      if (status.state === "succeeded") {
        step.progress({ title, detail: "Copying the video", status: "saving", subject: provider.name, progress: 100 });
        const file = await retried(() => provider.download(jobId, status.resultUrl, call));
        const length = Number(file.headers.get("Content-Length") ?? "");
        if (!file.body) throw new CapabilityError(`${provider.name} answered without the video`);
        // The stored type is what the bytes are (an MP4, WebM or QuickTime video), never the
        // provider's `Content-Type`: anything else fails the step and nothing is stored.
        const item = await storeGenerated(context, {
          kind: "video",
          provider: provider.name,
          declaredType: file.headers.get("Content-Type")?.split(";")[0]?.trim() ?? "",
          body: file.body,
          ...(Number.isInteger(length) && length > 0 ? { length } : {}),
          durationSeconds: job.duration,
        });
        // Providers bill the seconds they render.
        context.unit(provider.unit, job.duration);
        return { output: { provider: provider.key, media: [item] } };
      }
      const progress = percent(status);
      const seen = `${status.state}:${progress ?? ""}`;
      if (seen !== last) {
        last = seen;
        step.progress({
          title,
          status: status.state,
          subject: provider.name,
          ...(progress !== undefined ? { progress, detail: `${progress}%` } : {}),
        });
      }
      await context.wait(pollMs(context.env), step.signal);
    }
  } finally {
    step.signal.removeEventListener("abort", cancel);
  }
}

/**
 * `ai.video.generate`: one `video.generate` step, then the reply, written by the session's chat
 * model from what was made, as for every other capability (CONTRACT "AI capabilities").
 */
export const videoGenerate: Capability = {
  key: "ai.video.generate",
  async run(context) {
    const name = CAPABILITY_PROVIDERS.find("video", context.provider)?.name ?? context.provider;
    const result = await context.steps.run(
      {
        id: STEP_ID,
        toolKey: "video.generate",
        input: { prompt: context.spec.prompt, provider: context.provider, ...context.parameters },
        activity: { title: `Generating a video with ${name}`, status: "starting", subject: name },
      },
      (step) => generate(context, step),
    );
    if (context.signal.aborted || result.status !== "completed") return;
    const [item] = (result.output?.media as StoredMediaItem[] | undefined) ?? [];
    if (!item) return;
    const shape = [
      item.durationSeconds ? `${item.durationSeconds} s` : undefined,
      item.width && item.height ? `${item.width}x${item.height}` : undefined,
      item.mimeType,
    ].filter(Boolean);
    await writeMediaAnswer(
      context,
      `a video (${shape.join(", ")}) by ${name} for "${context.spec.prompt.trim().slice(0, 300)}".`,
    );
  },
};
