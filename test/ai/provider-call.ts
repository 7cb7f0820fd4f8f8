import type { ProviderCall } from "../../src/domains/ai/capabilities/provider-http";
import type { ImageJob } from "../../src/domains/ai/capabilities/image/port";
import { openAiImages } from "../../src/domains/ai/capabilities/image/providers/openai";
import { workersAiImages } from "../../src/domains/ai/capabilities/image/providers/workers-ai";
import {
  type CapabilityProvider,
  pickerVar,
  type ProviderOf,
} from "../../src/domains/ai/capabilities/providers/define";
import { providerAccess } from "../../src/domains/ai/capabilities/providers/table";

/**
 * A provider's call as a run makes it, configured from `secrets` (its one secret's value, or each
 * binding by name) and `baseUrl` (its `<P>_BASE_URL`), through the same `providerAccess` a run uses.
 */
export function providerCall(
  provider: Pick<CapabilityProvider, "key" | "capability" | "config">,
  secrets: string | Record<string, unknown>,
  baseUrl?: string,
  signal = new AbortController().signal,
): ProviderCall {
  const bindings: Record<string, unknown> =
    typeof secrets === "string" ? { [provider.config.secrets[0]!]: secrets } : { ...secrets };
  if (baseUrl && provider.config.baseUrl) bindings[provider.config.baseUrl.var] = baseUrl;
  if (provider.config.onlyWhenPicked) bindings[pickerVar(provider.capability)] = provider.key;
  const access = providerAccess(provider, bindings);
  if (!access) throw new Error(`${provider.key} is not configured by ${Object.keys(bindings).join(", ")}`);
  return { ...access, signal, fetch: (input, init) => fetch(input, init) };
}

/** The image providers by key, as a request names them. */
const IMAGE_PROVIDERS = { openai: openAiImages, "workers-ai": workersAiImages };
type ImageProviderKey = keyof typeof IMAGE_PROVIDERS;

/** The request `provider` makes of `parameters` (its `request`), without the field errors. */
export const imageRequestFor = (provider: ImageProviderKey, parameters: Record<string, unknown>, prompt: string) =>
  IMAGE_PROVIDERS[provider].request(parameters, prompt).request;

/** The field errors of what `provider` cannot honour (its definition's send-time check). */
export const imageParameterErrors = (provider: ImageProviderKey, parameters: Record<string, unknown>) =>
  IMAGE_PROVIDERS[provider].parameterErrors(parameters);

/** A job as the image tests write it: the job, and the fetch its call uses where not the global one. */
type TestImageJob = ImageJob & { fetch?: typeof fetch };
const imageCaller = (provider: ProviderOf<"image">, configure: string | Record<string, unknown>, baseUrl?: string) => ({
  generate: ({ fetch: fetcher, ...job }: TestImageJob) =>
    provider.generate(job, { ...providerCall(provider, configure, baseUrl), ...(fetcher ? { fetch: fetcher } : {}) }),
});

/** OpenAI Images configured against its fake (`apiKey` the key it is given). */
export const openAiImagesAt = (baseUrl: string, apiKey = "test-openai-key") =>
  imageCaller(openAiImages, apiKey, baseUrl);

/** Workers AI images on `ai` (a binding double). */
export const workersAiImagesOn = (ai: unknown) => imageCaller(workersAiImages, { AI: ai });
