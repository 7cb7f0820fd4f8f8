import { badRequest, type FieldError } from "../../../lib/errors";
import { DEMO_MODEL_KEY, type ModelEntry } from "../models";
import { audioProviderKeys } from "./audio/config";
import { imageParameterErrors, imageProviderKeys } from "./image/config";
import type { CapabilityKey } from "./parameters";
import { videoParameterErrors } from "./video/parameters";

/**
 * Which provider answers each capability (CONTRACT "AI capabilities"): a provider is configured
 * when its secret is set; `<P>_BASE_URL` replaces the scheme and host of its API (local fakes);
 * `SEARCH_PROVIDER` picks one when several are configured (default: the first in table order).
 */
interface CapabilityConfig {
  BRAVE_API_KEY?: string;
  BRAVE_BASE_URL?: string;
  TAVILY_API_KEY?: string;
  TAVILY_BASE_URL?: string;
  SEARCH_PROVIDER?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  GEMINI_API_KEY?: string;
  GEMINI_BASE_URL?: string;
  KLING_ACCESS_KEY?: string;
  KLING_SECRET_KEY?: string;
  KLING_BASE_URL?: string;
  VIDEO_PROVIDER?: string;
  IMAGE_PROVIDER?: string;
  AUDIO_PROVIDER?: string;
}
const configOf = (env: Env) => env as unknown as CapabilityConfig;

/** Search providers in the contract's table order, with the secret that configures each. */
export const SEARCH_PROVIDERS = [
  { key: "brave", secret: "BRAVE_API_KEY", baseUrl: "BRAVE_BASE_URL" },
  { key: "tavily", secret: "TAVILY_API_KEY", baseUrl: "TAVILY_BASE_URL" },
] as const;
export type SearchProviderKey = (typeof SEARCH_PROVIDERS)[number]["key"];

/** The provider's API key and base URL override, when it is configured. */
export function searchProviderConfig(
  env: Env,
  key: SearchProviderKey,
): { apiKey: string; baseUrl: string | undefined } | null {
  const config = configOf(env);
  const entry = SEARCH_PROVIDERS.find((p) => p.key === key)!;
  const apiKey = config[entry.secret]?.trim();
  return apiKey ? { apiKey, baseUrl: config[entry.baseUrl]?.trim() || undefined } : null;
}

interface Providers {
  /** The one a run uses: the picked one when configured, else the first configured. */
  provider: string | null;
  /** Every configured one, in table order. */
  providers: string[];
}

function searchProviders(env: Env): Providers {
  const providers = SEARCH_PROVIDERS.filter((p) => searchProviderConfig(env, p.key)).map((p) => p.key as string);
  const picked = configOf(env).SEARCH_PROVIDER?.trim();
  return { provider: picked && providers.includes(picked) ? picked : (providers[0] ?? null), providers };
}

/** Video providers in the contract's table order. */
export const VIDEO_PROVIDERS = ["sora", "veo", "kling"] as const;
export type VideoProviderKey = (typeof VIDEO_PROVIDERS)[number];

/** A video provider's credentials and base URL override, when it is configured. */
export interface VideoProviderConfig {
  /** Sora and Veo: the API key; Kling: the access key (the JWT's issuer). */
  apiKey: string;
  /** Kling only: the secret the JWT is signed with. */
  secret?: string;
  baseUrl: string | undefined;
}

/**
 * Sora shares `OPENAI_API_KEY` (and `OPENAI_BASE_URL`) with the chat provider, so it is enabled
 * only when `VIDEO_PROVIDER` names it: an OpenAI-compatible chat server often has no videos API.
 */
export function videoProviderConfig(env: Env, key: VideoProviderKey): VideoProviderConfig | null {
  const config = configOf(env);
  const trimmed = (value: string | undefined) => value?.trim() || undefined;
  if (key === "sora") {
    const apiKey = trimmed(config.OPENAI_API_KEY);
    return apiKey && trimmed(config.VIDEO_PROVIDER) === "sora"
      ? { apiKey, baseUrl: trimmed(config.OPENAI_BASE_URL) }
      : null;
  }
  if (key === "veo") {
    const apiKey = trimmed(config.GEMINI_API_KEY);
    return apiKey ? { apiKey, baseUrl: trimmed(config.GEMINI_BASE_URL) } : null;
  }
  const apiKey = trimmed(config.KLING_ACCESS_KEY);
  const secret = trimmed(config.KLING_SECRET_KEY);
  return apiKey && secret ? { apiKey, secret, baseUrl: trimmed(config.KLING_BASE_URL) } : null;
}

function videoProviders(env: Env): Providers {
  const providers = VIDEO_PROVIDERS.filter((key) => videoProviderConfig(env, key)).map((key) => key as string);
  return picked(providers, configOf(env).VIDEO_PROVIDER);
}

/** The configured providers of a capability. */
export function capabilityProviders(env: Env, key: CapabilityKey): Providers {
  if (key === "ai.search.web" || key === "ai.research.deep") return searchProviders(env);
  if (key === "ai.video.generate") return videoProviders(env);
  if (key === "ai.image.generate") return picked(imageProviderKeys(env), configOf(env).IMAGE_PROVIDER);
  if (key === "ai.audio.generate") return picked(audioProviderKeys(env), configOf(env).AUDIO_PROVIDER);
  return { provider: null, providers: [] };
}

/** The `<X>_PROVIDER` var's choice when it is configured, else the first configured. */
const picked = (providers: string[], choice: string | undefined): Providers => {
  const name = choice?.trim();
  return { provider: name && providers.includes(name) ? name : (providers[0] ?? null), providers };
};

/**
 * The demo model is enabled where the catalogue lists it: it does only where nothing else is
 * configured or `AI_DEMO_MODEL` is `on` (`demoModelEnabled` in models.ts, CONTRACT "AI sessions").
 */
export function demoEnabled(models: ModelEntry[]): boolean {
  return models.some((m) => m.key === DEMO_MODEL_KEY);
}

/** How a capability request will run: with a configured provider, or by the demo runner. */
export type CapabilityPlan = { provider: string } | { provider: null };

/**
 * The plan for a capability request, or the 400 field error on `capabilityKey` when none of its
 * providers is configured and the demo cannot answer (checked before any allowance is spent). A
 * `provider` parameter must name a configured one, and the provider must honour every parameter.
 */
export function planCapability(
  env: Env,
  models: ModelEntry[],
  key: CapabilityKey,
  parameters: Record<string, unknown> = {},
): CapabilityPlan {
  const { provider, providers } = capabilityProviders(env, key);
  const named = typeof parameters.provider === "string" ? parameters.provider : undefined;
  if (named !== undefined && provider && !providers.includes(named)) {
    throw badRequest([
      {
        field: "provider",
        capabilityKey: key,
        message: `"${named}" is not a configured provider of ${key} (configured: ${providers.join(", ")})`,
      },
    ]);
  }
  // With none configured the demo runner answers whatever provider was named (and shows it).
  const chosen = named !== undefined && providers.includes(named) ? named : provider;
  if (chosen) {
    const refused = PARAMETER_CHECKS[key]?.(chosen, parameters) ?? [];
    if (refused.length) throw badRequest(refused.map((error) => ({ ...error, capabilityKey: key })));
    return { provider: chosen };
  }
  if (demoEnabled(models)) return { provider: null };
  throw badRequest([
    { field: "capabilityKey", message: `"${key}" is not available: none of its providers is configured` },
  ]);
}

/**
 * Per capability: the parameters the chosen provider cannot honour, as field errors naming it,
 * checked at send time before any allowance is spent (CONTRACT).
 */
const PARAMETER_CHECKS: Partial<
  Record<CapabilityKey, (provider: string, parameters: Record<string, unknown>) => FieldError[]>
> = {
  "ai.image.generate": imageParameterErrors,
  "ai.video.generate": videoParameterErrors,
};
