import { bodyWithin, Deadline, secondsText } from "../../../lib/deadline";
import { CapabilityError } from "./types";

// The HTTP kit every capability provider shares (search, images, video, music).

/** The provider's own URL for `path`, on `baseUrl`'s scheme and host when one is set (fakes). */
export function providerUrl(defaultOrigin: string, path: string, baseUrl: string | undefined): URL {
  const url = new URL(path, defaultOrigin);
  if (baseUrl) {
    const base = new URL(baseUrl);
    url.protocol = base.protocol;
    url.host = base.host;
  }
  return url;
}

/**
 * A provider request past its deadline (CONTRACT: it counts as a 5xx, so it is retried as one).
 * `name` is the provider's, once the error reaches code that knows it.
 */
export class DeadlinePassed extends CapabilityError {
  constructor(
    readonly ms: number,
    name = "The provider",
  ) {
    super(`${name} did not answer within ${secondsText(ms)}`, "fatal", true);
  }
}

/**
 * A capability's provider fetch with a deadline of `ms` on every request: its answer and its
 * whole body (a provider that sends headers and then stalls is as stuck as one that never
 * answers). Past it, the request is aborted and the caller gets `DeadlinePassed`.
 */
export function fetchWithin(ms: number, inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const deadline = new Deadline(init?.signal ?? (input instanceof Request ? input.signal : undefined));
    deadline.arm(ms, () => new DeadlinePassed(ms));
    try {
      const response = await deadline.race(inner(input, { ...init, signal: deadline.signal }));
      if (!response.body) {
        deadline.clear();
        return response;
      }
      const { status, statusText, headers } = response;
      return new Response(bodyWithin(response.body, deadline), { status, statusText, headers });
    } catch (error) {
      deadline.clear();
      throw deadline.passed ?? error;
    }
  };
}

/**
 * Calls a provider's API (operator configuration: not subject to the SSRF rules). A network
 * failure is retryable, as 429 and 5xx are (CONTRACT "Provider failures"), and so is a deadline
 * passed; a stop passes through.
 */
export async function callProvider(
  name: string,
  call: { fetch: typeof fetch; signal: AbortSignal },
  url: URL | string,
  init: RequestInit = {},
): Promise<Response> {
  try {
    return await call.fetch(url.toString(), { ...init, signal: call.signal });
  } catch (error) {
    if (call.signal.aborted) throw error;
    if (error instanceof DeadlinePassed) throw new DeadlinePassed(error.ms, name);
    throw new CapabilityError(`${name} could not be reached`, "fatal", true);
  }
}

/**
 * A provider's JSON answer, or null when it is not JSON. A deadline passed while the body was
 * read is the provider not answering (retryable), not a malformed answer.
 */
export async function answerJson(name: string, response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof DeadlinePassed) throw new DeadlinePassed(error.ms, name);
    return null;
  }
}

/**
 * A provider's error answer as a `CapabilityError` with its reason: 429 and 5xx are retryable,
 * any other 4xx is not (a bad query or prompt, a bad key). `reasonOf` picks the message out of its JSON.
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

/** `base` (an API base such as `https://api.openai.com/v1`) joined with `path`. */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;
