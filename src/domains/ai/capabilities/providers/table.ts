import { declareSecretNames } from "../../../../lib/secrets";
import { gatewayAuthorization, workersAiGateway } from "../../gateway";
import { providerUrl, type ProviderAccess } from "../provider-http";
import { CapabilityError } from "../types";
import { type CapabilityProvider, pickerVar, type ProviderCapability, type ProviderOf } from "./define";

/** A binding's value as configuration: a string trimmed, blank as unset. */
function setting(bindings: object, name: string): string | undefined {
  const value = (bindings as Record<string, unknown>)[name];
  return typeof value === "string" ? value.trim() || undefined : undefined;
}

/**
 * What `provider` reads from the deployment, or null when it is not configured: every secret it
 * declares set, its binding bound, and (where it is enabled only so) its capability's picker var
 * naming it. The one place a provider's configuration is read (CONTRACT "AI capabilities").
 */
export function providerAccess(
  provider: Pick<CapabilityProvider, "key" | "capability" | "config">,
  bindings: object,
): ProviderAccess | null {
  const { config } = provider;
  const secrets: Record<string, string> = {};
  for (const name of config.secrets) {
    const value = setting(bindings, name);
    if (!value) return null;
    secrets[name] = value;
  }
  const binding = config.binding ? (bindings as Record<string, unknown>)[config.binding] : undefined;
  if (config.binding && binding == null) return null;
  if (config.onlyWhenPicked && setting(bindings, pickerVar(provider.capability)) !== provider.key) return null;
  const baseUrl = config.baseUrl ? setting(bindings, config.baseUrl.var) : undefined;
  const api = config.baseUrl?.default;
  const authorization = gatewayAuthorization(bindings, baseUrl);
  const bindingGateway = binding != null ? workersAiGateway(bindings) : undefined;
  return {
    secrets,
    ...(binding != null ? { binding } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(baseUrl && authorization ? { gateway: { base: baseUrl, authorization } } : {}),
    ...(bindingGateway ? { workersAiGateway: bindingGateway } : {}),
    url: (path) => {
      if (!api) throw new CapabilityError(`${provider.key} has no API to call`);
      return providerUrl(api, baseUrl, path);
    },
  };
}

/** A capability's providers in this deployment. */
export interface Configured {
  /** The one a run uses: the picker var's choice when it is configured, else the first configured. */
  provider: string | null;
  /** Every configured one, in table order. */
  providers: string[];
}

/**
 * The providers of `list` (in the contract's table order) as everything else reads them. Building
 * it declares their secrets to lib/secrets, so the log masks their values (lib cannot import this).
 */
export function providerTable(list: readonly CapabilityProvider[]) {
  const unitPrices: Record<string, number> = {};
  for (const provider of list) {
    if (
      list.some((other) => other !== provider && other.capability === provider.capability && other.key === provider.key)
    )
      throw new Error(`Two ${provider.capability} providers are keyed "${provider.key}"`);
    Object.assign(unitPrices, provider.prices);
  }
  declareSecretNames(list.flatMap((provider) => provider.config.secrets));

  const of = <C extends ProviderCapability>(capability: C) =>
    list.filter((provider): provider is ProviderOf<C> => provider.capability === capability);
  const find = <C extends ProviderCapability>(capability: C, key: string): ProviderOf<C> | undefined =>
    of(capability).find((provider) => provider.key === key);

  return {
    list,
    /** USD per cost unit, every provider's `prices` together. */
    unitPrices: unitPrices as Readonly<Record<string, number>>,
    of,
    find,
    configured(env: object, capability: ProviderCapability): Configured {
      const providers = of(capability)
        .filter((provider) => providerAccess(provider, env))
        .map((provider) => provider.key);
      const picked = setting(env, pickerVar(capability));
      return { provider: picked && providers.includes(picked) ? picked : (providers[0] ?? null), providers };
    },
    /** A run's provider and what it reads, or the step's failure when it is no longer configured. */
    open<C extends ProviderCapability>(env: object, capability: C, key: string) {
      const provider = find(capability, key);
      const access = provider && providerAccess(provider, env);
      if (!provider || !access) throw new CapabilityError(`${provider?.name ?? key} is not configured`);
      return { provider, access };
    },
  };
}

export type ProviderTable = ReturnType<typeof providerTable>;
