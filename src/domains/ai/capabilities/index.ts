// The capability seam (DESIGN "Capabilities and media"): the registry by capabilityKey, the
// validation tables, provider configuration and the runner the message's run calls.
import { z } from "@hono/zod-openapi";
import type { ModelEntry } from "../models";
import { capabilityProviders, demoEnabled } from "./config";
import { CAPABILITY_KEYS, CAPABILITY_PARAMETERS, type CapabilityKey } from "./parameters";
import { videoProviderValues } from "./video/parameters";

export { CAPABILITY_KEYS, CAPABILITY_PARAMETERS, capabilitiesWith, type CapabilityKey } from "./parameters";
export { planCapability, type CapabilityPlan } from "./config";
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
 * resolutions, sizes), the values of each configured provider, as `providerValues` on the parameter.
 */
const PROVIDER_VALUES: Partial<
  Record<CapabilityKey, (providers: string[]) => Record<string, Record<string, (string | number)[]>>>
> = {
  "ai.video.generate": videoProviderValues,
};

/** `GET /ai/capabilities`: what this deployment can do (CONTRACT "AI capabilities"). */
export function listCapabilities(env: Env, models: ModelEntry[]) {
  const demo = demoEnabled(models);
  return CAPABILITY_KEYS.map((key) => {
    const { provider, providers } = capabilityProviders(env, key);
    return {
      key,
      available: provider !== null || demo,
      provider,
      providers,
      parameters: Object.fromEntries(
        Object.entries(CAPABILITY_PARAMETERS[key]).map(([name, schema]) => {
          const values = PROVIDER_VALUES[key]?.(providers)[name];
          return [name, values ? { ...describe(schema), providerValues: values } : describe(schema)];
        }),
      ),
    };
  });
}
export { assertEditableImage } from "./image/validate";
