import { providerError, type ProviderCall } from "../provider-http";
import { CapabilityError } from "../types";

/**
 * What a music provider's definition adds (providers/define.ts): the cost unit of a composition,
 * and its call: the request's exact duration and a prompt with what the provider has no field for
 * already folded in; the audio as a stream (copied into R2 as it arrives), or a `CapabilityError`
 * (`retryable` for 429, 5xx and an unreachable API).
 */
export interface AudioCalls<Secret extends string = string> {
  /** The cost unit and amount of one composition (one of its `prices`). */
  unit(durationSeconds: number): [string, number];
  compose(request: AudioRequest, call: ProviderCall<Secret>): Promise<ComposedAudio>;
}

export interface AudioRequest {
  prompt: string;
  durationSeconds: number;
}

export interface ComposedAudio {
  body: ReadableStream<Uint8Array>;
  /** The provider's `Content-Type`: named in a refusal, never trusted (the stored type is sniffed). */
  declaredType: string;
  /** The byte count when the provider sent `Content-Length`. */
  length?: number;
}

/**
 * The answer's audio: its stream, the type it was sent as (the bytes decide what is stored), and
 * its length when known; an error answer thrown with the reason `reasonOf` picks out of it.
 */
export async function audioAnswer(
  name: string,
  response: Response,
  reasonOf: (body: any) => unknown,
): Promise<ComposedAudio> {
  if (!response.ok) throw await providerError(name, response, reasonOf);
  if (!response.body) throw new CapabilityError(`${name} answered without audio`);
  const type = response.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const length = Number(response.headers.get("Content-Length") ?? "");
  return {
    body: response.body,
    declaredType: type,
    ...(Number.isInteger(length) && length > 0 ? { length } : {}),
  };
}
