import type { ImageRequest } from "./config";

/**
 * The port every image provider implements: one image per call (so each is stored as it arrives
 * and a stop keeps those already made), plain bytes out, or a `CapabilityError` (`retryable` for
 * 429, 5xx and an unreachable API; a content-policy refusal is a plain 4xx with the reason).
 */
export interface ImageCall {
  request: ImageRequest;
  /** The image to edit (`activeImageId`), loaded from R2. */
  source?: { bytes: Uint8Array; mimeType: string };
  signal: AbortSignal;
  fetch: typeof fetch;
  /** The image cap (CONTRACT "Media"): a provider reads no more of its answer than this image needs. */
  maxBytes: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
}

export interface ImageProvider {
  readonly name: string;
  generate(call: ImageCall): Promise<GeneratedImage>;
}
