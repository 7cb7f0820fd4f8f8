import type { ProviderCall } from "../provider-http";
import { CapabilityError } from "../types";
import type { VideoLimits, VideoValues } from "./parameters";
import type { ResultFetch } from "./results";

/**
 * What a video provider's definition adds (providers/define.ts): what it can honour of the spec's
 * parameters, the cost unit of a second rendered, and its calls. A video is an asynchronous job at the provider:
 * `create` starts it and returns its id (persisted by the step, so a resumed run polls the same
 * job), `status` reads where it is, `download` opens the finished file's bytes as a stream, and
 * `cancel` (where the provider documents one) ends it early. Failures are `CapabilityError`s:
 * `retryable` for 429, 5xx and an unreachable API; any other 4xx, a content-policy refusal or a
 * failed job is fatal with the provider's reason.
 */
export interface VideoRequest {
  prompt: string;
  /** Seconds, one of the provider's lengths (checked at send time). */
  duration: number;
  aspectRatio?: string;
  resolution?: string;
  size?: string;
  negativePrompt?: string;
  model?: string;
  /** The first frame, fetched through the SSRF rules (never handed to the provider as a URL). */
  image?: InputImage;
  referenceImages?: InputImage[];
}

export interface InputImage {
  mimeType: string;
  base64: string;
}

export interface VideoCall<Secret extends string = string> extends ProviderCall<Secret> {
  /** For a result URL the provider's JSON names: through the SSRF rules (results.ts). */
  fetchResult: ResultFetch;
}

/** Where a job is: `progress` in percent where the provider reports it. */
export type JobStatus =
  | { state: "queued" | "running"; progress?: number }
  | { state: "succeeded"; resultUrl?: string }
  | { state: "failed"; reason: string };

export interface VideoCalls<Secret extends string = string> {
  values: VideoValues;
  limits: VideoLimits;
  /** The cost unit of one second rendered (one of its `prices`). */
  unit: string;
  create(request: VideoRequest, call: VideoCall<Secret>): Promise<string>;
  status(jobId: string, call: VideoCall<Secret>): Promise<JobStatus>;
  /** The finished video's bytes (`resultUrl` from the succeeded status where the provider gives one). */
  download(jobId: string, resultUrl: string | undefined, call: VideoCall<Secret>): Promise<Response>;
  cancel?(jobId: string, call: VideoCall<Secret>): Promise<void>;
}

/** A success answer that is not the provider's documented shape. */
export const badAnswer = (name: string) =>
  new CapabilityError(`${name} answered something that is not a video job`, "fatal", false);
