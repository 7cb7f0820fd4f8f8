import { CapabilityError } from "../types";

/**
 * The port every video provider implements. A video is an asynchronous job at the provider:
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

export interface ProviderCall {
  apiKey: string;
  secret?: string;
  /** Replaces scheme and host of the provider's API (`<P>_BASE_URL`, local fakes). */
  baseUrl?: string;
  signal: AbortSignal;
  fetch: typeof fetch;
}

/** Where a job is: `progress` in percent where the provider reports it. */
export type JobStatus =
  | { state: "queued" | "running"; progress?: number }
  | { state: "succeeded"; resultUrl?: string }
  | { state: "failed"; reason: string };

export interface VideoProvider {
  readonly key: string;
  readonly name: string;
  create(request: VideoRequest, call: ProviderCall): Promise<string>;
  status(jobId: string, call: ProviderCall): Promise<JobStatus>;
  /** The finished video's bytes (`resultUrl` from the succeeded status where the provider gives one). */
  download(jobId: string, resultUrl: string | undefined, call: ProviderCall): Promise<Response>;
  cancel?(jobId: string, call: ProviderCall): Promise<void>;
}

/** The provider's own URL for `path`, on `baseUrl`'s scheme and host when one is set. */
export function providerUrl(defaultOrigin: string, path: string, baseUrl: string | undefined): URL {
  const url = new URL(path, defaultOrigin);
  if (baseUrl) {
    const base = new URL(baseUrl);
    url.protocol = base.protocol;
    url.host = base.host;
  }
  return url;
}

/** Calls the provider's API; a network failure is retryable (the run's retries cover it). */
export async function callProvider(
  name: string,
  call: ProviderCall,
  url: URL | string,
  init: RequestInit = {},
): Promise<Response> {
  try {
    return await call.fetch(url.toString(), { ...init, signal: call.signal });
  } catch (error) {
    if (call.signal.aborted) throw error;
    throw new CapabilityError(`${name} could not be reached`, "fatal", true);
  }
}

/**
 * A provider's error answer as a `CapabilityError` with its reason: 429 and 5xx are retryable, any
 * other 4xx is not (a refused prompt, a bad key). `reasonOf` picks the message out of its JSON.
 */
export async function providerError(
  name: string,
  response: Response,
  reasonOf: (body: any) => unknown,
): Promise<CapabilityError> {
  const text = await response.text().catch(() => "");
  let reason: unknown;
  try {
    reason = reasonOf(JSON.parse(text));
  } catch {
    reason = undefined;
  }
  const said = typeof reason === "string" && reason.trim() ? `: ${reason.trim().slice(0, 300)}` : "";
  return new CapabilityError(
    `${name} answered ${response.status}${said}`,
    "fatal",
    response.status === 429 || response.status >= 500,
  );
}

/** A success answer that is not the provider's documented shape. */
export const badAnswer = (name: string) =>
  new CapabilityError(`${name} answered something that is not a video job`, "fatal", false);

/** A job the provider ended without a video (failed, or refused by its content policy). */
export const jobFailed = (name: string, reason: string) => new CapabilityError(`${name}: ${reason}`, "fatal", false);
