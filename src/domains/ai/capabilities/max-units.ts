import { audioDuration } from "./audio";
import { CAPABILITY_PROVIDERS } from "./providers/registry";
import { depthOf } from "./research";
import { videoDuration } from "./video";
import type { CapabilityKey } from "./parameters";

/** A capability request as a turn plans it (`plannedCapability`): null provider, the demo runner. */
interface PlannedCapability {
  key: CapabilityKey;
  parameters: Record<string, unknown>;
  provider?: string | null;
}

/**
 * The most cost units a capability run can bill (CONTRACT Wallet "Spend cap": its maximum
 * estimated cost), read from its parameters the way its runner reads them: a search is one
 * query; research its depth's queries (pages are read by the Worker, free); images their count;
 * a video its duration in seconds; music its provider's unit for the duration. The demo runner
 * bills nothing. Units each runner bills only on success, so retries add nothing.
 */
export function maxCapabilityUnits(capability: PlannedCapability | null): Record<string, number> {
  if (!capability?.provider) return {};
  const { key, parameters, provider: providerKey } = capability;
  if (key === "ai.search.web" || key === "ai.research.deep") {
    const provider = CAPABILITY_PROVIDERS.find("search", providerKey);
    if (!provider) return {};
    const queries = key === "ai.search.web" ? 1 : depthOf(parameters).queries;
    return { [provider.unit]: queries };
  }
  if (key === "ai.image.generate") {
    const provider = CAPABILITY_PROVIDERS.find("image", providerKey);
    if (!provider) return {};
    const { request } = provider.request(parameters, "");
    return { [provider.unit(request)]: request.count };
  }
  if (key === "ai.video.generate") {
    const provider = CAPABILITY_PROVIDERS.find("video", providerKey);
    if (!provider) return {};
    return { [provider.unit]: videoDuration(parameters, provider.limits) };
  }
  const provider = CAPABILITY_PROVIDERS.find("audio", providerKey);
  if (!provider) return {};
  const [unit, amount] = provider.unit(audioDuration(parameters));
  return { [unit]: amount };
}

/** The chat-model calls a capability run makes: research plans each round, then every run writes its answer. */
export function capabilityModelCalls(capability: PlannedCapability): number {
  if (capability.provider && capability.key === "ai.research.deep") return depthOf(capability.parameters).rounds + 1;
  return 1;
}
