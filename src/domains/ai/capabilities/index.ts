// The capability seam (DESIGN "Capabilities and media"): the registry by capabilityKey, the
// validation tables, provider configuration and the runner the message's run calls.
import { z } from "@hono/zod-openapi";
import type { ModelEntry } from "../models";
import { capabilityProviders, demoEnabled, PROVIDER_FAMILY } from "./config";
import { CAPABILITY_KEYS, capabilityParameterTables, type CapabilityKey } from "./parameters";
import { CAPABILITY_PROVIDERS } from "./providers/registry";
import type { ProviderTable } from "./providers/table";

export { CAPABILITY_KEYS, capabilityParameterTables, capabilitiesWith, type CapabilityKey } from "./parameters";
export { planCapability, type CapabilityPlan } from "./config";
export { capabilityModelCalls, maxCapabilityUnits } from "./max-units";
export { runCapability, isStepRun, type CapabilityIo } from "./run";
export { isGenerated, signMediaUrls, withSignedMedia } from "./media-urls";
export type { StepStore } from "./types";

/** A parameter as `GET /ai/capabilities` describes it: its JSON Schema (type, range, values). */
const describe = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
};

/**
 * Where a provider accepts fewer values than the spec's range (video lengths, aspect ratios,
 * resolutions, sizes), per parameter the values of each configured provider (`providerValues`).
 * A parameter any provider of the family narrows is listed, even with none of them configured.
 */
function providerValues(table: ProviderTable, key: CapabilityKey, configured: string[]) {
  const family = table.of(PROVIDER_FAMILY[key]);
  const narrowed = new Set(family.flatMap((provider) => Object.keys(provider.values)));
  const values = (name: string) =>
    Object.fromEntries(
      family
        .filter((provider) => configured.includes(provider.key) && provider.values[name])
        .map((provider) => [provider.key, provider.values[name]]),
    );
  return new Map([...narrowed].map((name) => [name, values(name)]));
}

/**
 * `GET /ai/capabilities`: what this deployment can do (CONTRACT "AI capabilities"). `table` is the
 * providers' registry unless a test brings its own.
 */
export function listCapabilities(env: Env, models: ModelEntry[], table: ProviderTable = CAPABILITY_PROVIDERS) {
  const demo = demoEnabled(models);
  return CAPABILITY_KEYS.map((key) => {
    const { provider, providers } = capabilityProviders(env, key, table);
    const narrowed = providerValues(table, key, providers);
    return {
      key,
      available: provider !== null || demo,
      provider,
      providers,
      parameters: Object.fromEntries(
        Object.entries(capabilityParameterTables()[key]).map(([name, schema]) => {
          const values = narrowed.get(name);
          return [name, values ? { ...describe(schema), providerValues: values } : describe(schema)];
        }),
      ),
    };
  });
}
export { assertEditableImage } from "./image/validate";
