import { badRequest, type FieldError } from "../../../lib/errors";
import { DEMO_MODEL_KEY, DEMO_PROVIDER, type ModelEntry } from "../models";
import { audioProviderKeys } from "./audio/config";
import { imageParameterErrors, imageProviderKeys } from "./image/config";
import type { CapabilityKey } from "./parameters";

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
  AI_DEMO_MODEL?: string;
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
export function searchProviderConfig(env: Env, key: SearchProviderKey): { apiKey: string; baseUrl: string | undefined } | null {
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

/** The configured providers of a capability (media ones in their own folders). */
export function capabilityProviders(env: Env, key: CapabilityKey): Providers {
  if (key === "ai.search.web" || key === "ai.research.deep") return searchProviders(env);
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
 * The demo model is enabled where it is listed and either nothing else is configured or
 * `AI_DEMO_MODEL` is `on` (CONTRACT "AI sessions").
 */
export function demoEnabled(env: Env, models: ModelEntry[]): boolean {
  if (!models.some((m) => m.key === DEMO_MODEL_KEY)) return false;
  return configOf(env).AI_DEMO_MODEL?.trim() === "on" || models.every((m) => m.providerKey === DEMO_PROVIDER);
}

/** How a capability request will run: with a configured provider, or by the demo runner. */
export type CapabilityPlan = { provider: string } | { provider: null };

/**
 * The plan for a capability request, or the 400 field error on `capabilityKey` when none of its
 * providers is configured and the demo cannot answer (checked before any allowance is spent). A
 * `provider` parameter must name a configured one, and the provider must honour every parameter.
 */
export function planCapability(env: Env, models: ModelEntry[], key: CapabilityKey, parameters: Record<string, unknown> = {}): CapabilityPlan {
  const { provider, providers } = capabilityProviders(env, key);
  const named = typeof parameters.provider === "string" ? parameters.provider : undefined;
  if (named !== undefined && provider && !providers.includes(named)) {
    throw badRequest([{ field: "provider", capabilityKey: key, message: `"${named}" is not a configured provider of ${key} (configured: ${providers.join(", ")})` }]);
  }
  // With none configured the demo runner answers whatever provider was named (and shows it).
  const chosen = named !== undefined && providers.includes(named) ? named : provider;
  if (chosen) {
    const refused = PARAMETER_CHECKS[key]?.(chosen, parameters) ?? [];
    if (refused.length) throw badRequest(refused.map((error) => ({ ...error, capabilityKey: key })));
    return { provider: chosen };
  }
  if (demoEnabled(env, models)) return { provider: null };
  throw badRequest([{ field: "capabilityKey", message: `"${key}" is not available: none of its providers is configured` }]);
}

/** Per capability: the parameters the chosen provider cannot honour, as field errors naming it. */
const PARAMETER_CHECKS: Partial<Record<CapabilityKey, (provider: string, parameters: Record<string, unknown>) => FieldError[]>> = {
  "ai.image.generate": imageParameterErrors,
};
