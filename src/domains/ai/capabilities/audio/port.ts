/**
 * The port every music provider implements: the request's exact duration and a prompt with what
 * the provider has no field for already folded in; the audio as a stream (copied into R2 as it
 * arrives), or a `CapabilityError` (`retryable` for 429, 5xx and an unreachable API).
 */
export interface AudioCall {
  prompt: string;
  durationSeconds: number;
  apiKey: string;
  /** Replaces scheme and host of the provider's API (`<P>_BASE_URL`, local fakes). */
  baseUrl?: string;
  signal: AbortSignal;
  fetch: typeof fetch;
}

export interface ComposedAudio {
  body: ReadableStream<Uint8Array>;
  /** The provider's `Content-Type`: named in a refusal, never trusted (the stored type is sniffed). */
  declaredType: string;
  /** The byte count when the provider sent `Content-Length`. */
  length?: number;
}

export interface AudioProvider {
  readonly name: string;
  /** The cost unit and amount of one composition (capabilities/prices.ts). */
  unit(durationSeconds: number): [string, number];
  compose(call: AudioCall): Promise<ComposedAudio>;
}

/** The answer's audio: its stream, the type it was sent as (the bytes decide what is stored), and its length when known. */
export function audioOf(response: Response): ComposedAudio {
  const type = response.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const length = Number(response.headers.get("Content-Length") ?? "");
  return {
    body: response.body!,
    declaredType: type,
    ...(Number.isInteger(length) && length > 0 ? { length } : {}),
  };
}
