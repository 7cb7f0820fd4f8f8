import { badRequest } from "../../../lib/errors";
import { DEMO_MODEL_KEY, type ModelEntry } from "../models";
import type { CapabilityKey } from "./parameters";
import type { ProviderCapability } from "./providers/define";
import { CAPABILITY_PROVIDERS } from "./providers/registry";
import type { Configured, ProviderTable } from "./providers/table";

/**
 * Which provider answers each capability (CONTRACT "AI capabilities"), read the same way for every
 * one from the providers' definitions (providers/registry.ts): a provider is configured when its
 * secrets are set; `<CAPABILITY>_PROVIDER` picks one when several are configured (default: the
 * first in table order). `table` is the registry's unless a test brings its own.
 */

/** The provider family each capability runs on: deep research uses the search providers. */
export const PROVIDER_FAMILY: Record<CapabilityKey, ProviderCapability> = {
  "ai.search.web": "search",
  "ai.research.deep": "search",
  "ai.image.generate": "image",
  "ai.video.generate": "video",
  "ai.audio.generate": "audio",
};

/** The configured providers of a capability. */
export const capabilityProviders = (
  env: Env,
  key: CapabilityKey,
  table: ProviderTable = CAPABILITY_PROVIDERS,
): Configured => table.configured(env, PROVIDER_FAMILY[key]);

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
 * `provider` parameter must name a configured one, and the provider must honour every parameter
 * (its definition's `parameterErrors`, each naming it).
 */
export function planCapability(
  env: Env,
  models: ModelEntry[],
  key: CapabilityKey,
  parameters: Record<string, unknown> = {},
  table: ProviderTable = CAPABILITY_PROVIDERS,
): CapabilityPlan {
  const { provider, providers } = capabilityProviders(env, key, table);
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
    const refused = table.find(PROVIDER_FAMILY[key], chosen)?.parameterErrors(parameters) ?? [];
    if (refused.length) throw badRequest(refused.map((error) => ({ ...error, capabilityKey: key })));
    return { provider: chosen };
  }
  if (demoEnabled(models)) return { provider: null };
  throw badRequest([
    { field: "capabilityKey", message: `"${key}" is not available: none of its providers is configured` },
  ]);
}
