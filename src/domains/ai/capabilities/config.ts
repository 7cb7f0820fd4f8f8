import { badRequest } from "../../../lib/errors";
import { DEMO_MODEL_KEY, type ModelEntry } from "../models";
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

/** The configured providers of a capability. Media capabilities get theirs in a later issue. */
export function capabilityProviders(env: Env, key: CapabilityKey): Providers {
  if (key === "ai.search.web" || key === "ai.research.deep") return searchProviders(env);
  return { provider: null, providers: [] };
}

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
 * providers is configured and the demo cannot answer (checked before any allowance is spent).
 */
export function planCapability(env: Env, models: ModelEntry[], key: CapabilityKey): CapabilityPlan {
  const { provider } = capabilityProviders(env, key);
  if (provider) return { provider };
  if (demoEnabled(models)) return { provider: null };
  throw badRequest([{ field: "capabilityKey", message: `"${key}" is not available: none of its providers is configured` }]);
}
