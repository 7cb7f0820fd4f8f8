import type { FieldError } from "../../../../lib/errors";
import type { ProviderCall } from "../provider-http";

/**
 * What an image provider's definition adds (providers/define.ts): how it reads a request's
 * parameters, the cost unit of an image, and its call: one image per call (so each is stored as it
 * arrives and a stop keeps those already made), plain bytes out, or a `CapabilityError`
 * (`retryable` for 429, 5xx and an unreachable API; a content-policy refusal is a plain 4xx with the reason).
 */
export interface ImageCalls<Secret extends string = string> {
  /**
   * The request as it runs it, or the field errors of what it cannot honour (checked at send,
   * before any allowance is spent; CONTRACT: the message names the provider).
   */
  request(parameters: Record<string, unknown>, prompt: string): { request: ImageRequest; errors: FieldError[] };
  /** The cost unit of one image of `request` (by model, size and quality where it prices them so). */
  unit(request: ImageRequest): string;
  generate(job: ImageJob, call: ProviderCall<Secret>): Promise<GeneratedImage>;
}

/** What a request asks for, normalized (the spec's aliases resolved). */
export interface ImageRequest {
  prompt: string;
  count: number;
  size?: string;
  quality?: string;
  style?: string;
  seed?: number;
  negativePrompt?: string;
  activeImageId?: string;
  model?: string;
  /** Workers AI: the model's own name; OpenAI: its image model. */
  providerModel: string;
  width?: number;
  height?: number;
}

export interface ImageJob {
  request: ImageRequest;
  /** The image to edit (`activeImageId`), loaded from R2. */
  source?: { bytes: Uint8Array; mimeType: string };
  /** The image cap (CONTRACT "Media"): a provider reads no more of its answer than this image needs. */
  maxBytes: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
}
