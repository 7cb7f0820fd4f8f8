import { bodyWithin, Deadline, secondsText } from "../../../lib/deadline";
import { withGatewayToken } from "../gateway";
import { CapabilityError } from "./types";

// The HTTP kit every capability provider shares (search, images, video, music).

/** What a provider reads from the deployment: its secrets' values, its binding, and where its API is. */
export interface ProviderAccess<Secret extends string = string> {
  /** Every secret it declares, set (it is configured). */
  secrets: Readonly<Record<Secret, string>>;
  /** The binding it runs on, where it declares one (Workers AI: `AI`). */
  binding?: unknown;
  /** `<P>_BASE_URL` when set: operator configuration (a local fake, a gateway). */
  baseUrl?: string;
  /** When `baseUrl` is an AI Gateway's and `AI_GATEWAY_TOKEN` is set: what requests under it carry (ai/gateway.ts). */
  gateway?: { base: string; authorization: string };
  /** The gateway a binding provider (Workers AI) runs through (`AI_GATEWAY_ID`). */
  workersAiGateway?: { id: string };
  /** The URL of `path` on its API (`providerUrl`, with `<P>_BASE_URL` applied). */
  url(path: string): URL;
}

/** A provider call: what it reads from the deployment, and the run's signal and fetch. */
export interface ProviderCall<Secret extends string = string> extends ProviderAccess<Secret> {
  signal: AbortSignal;
  fetch: typeof fetch;
}

/**
 * THE base-URL resolution every provider's URL goes through. `defaultBase` is its API as the
 * provider documents it; `override` is `<P>_BASE_URL`. Where the default base is a bare origin
 * (Brave, Tavily, Gemini, Kling, Stability, ElevenLabs) the override replaces scheme and host and
 * its path is kept as a prefix (an AI Gateway's `.../v1/<account>/<gateway>/<provider>`); where it
 * carries a path (OpenAI's `https://api.openai.com/v1`), the var is the API base itself and
 * replaces it whole (`OPENAI_BASE_URL` keeps its meaning, CONTRACT "AI capabilities").
 */
export function providerUrl(defaultBase: string, override: string | undefined, path: string): URL {
  if (new URL(defaultBase).pathname !== "/") return new URL(joinUrl(override ?? defaultBase, path));
  const url = new URL(path, defaultBase);
  if (override) {
    const base = new URL(override);
    url.protocol = base.protocol;
    url.host = base.host;
    url.pathname = `${base.pathname.replace(/\/+$/, "")}${url.pathname}`;
  }
  return url;
}

/** `base` (an API base such as `https://api.openai.com/v1`) joined with `path`. */
const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

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
  call: Pick<ProviderCall, "fetch" | "signal" | "gateway">,
  url: URL | string,
  init: RequestInit = {},
): Promise<Response> {
  const target = url.toString();
  try {
    return await call.fetch(target, {
      ...init,
      headers: withGatewayToken(call.gateway, target, init.headers),
      signal: call.signal,
    });
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

/**
 * A provider's success answer as JSON (null when it is not JSON), or its error answer thrown as a
 * `CapabilityError` with the reason `reasonOf` picks out of it (`providerError`).
 */
export async function okJson(name: string, response: Response, reasonOf: (body: any) => unknown): Promise<unknown> {
  if (!response.ok) throw await providerError(name, response, reasonOf);
  return answerJson(name, response);
}
