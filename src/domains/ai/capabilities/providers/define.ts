import type { FieldError } from "../../../../lib/errors";
import type { AudioCalls } from "../audio/port";
import type { ImageCalls } from "../image/port";
import type { SearchCalls } from "../search/port";
import { videoParameterErrors } from "../video/parameters";
import type { VideoCalls } from "../video/port";

/**
 * One capability provider, written once in its own file: how the deployment configures it, the
 * prices of the units it bills, what it accepts, and its HTTP call. The registry lists these
 * definitions, and configuration ("configured", the picker var, `<P>_BASE_URL`), `GET
 * /ai/capabilities`, the send-time parameter checks, the price table and the secrets' redaction
 * all read them from there (as `defineSaasConnector` does for SaaS connectors).
 */

/** The provider families; several capabilities may share one (web search and deep research: `search`). */
export type ProviderCapability = "search" | "image" | "video" | "audio";

/** How the deployment configures a provider (CONTRACT "AI capabilities"). */
export interface ProviderConfig<Secret extends string> {
  /** Secrets it needs: it is configured when every one is set (not blank). Redacted from logs. */
  secrets: readonly Secret[];
  /** A binding it runs on instead of an API (Workers AI: `AI`): configured where it is bound. */
  binding?: string;
  /** Its API as the provider documents it, and the var (`<P>_BASE_URL`) that replaces it (`providerUrl`). */
  baseUrl?: { default: string; var: string };
  /**
   * Enabled only when its capability's picker var (`<CAPABILITY>_PROVIDER`) names it: OpenAI's key
   * is shared with the chat model, whose OpenAI-compatible server often has no images or videos API.
   */
  onlyWhenPicked?: boolean;
}

interface ProviderCommon<Key extends string, Secret extends string> {
  /** The provider key clients see (`provider`, `providers`, a request's `provider` parameter). */
  key: Key;
  /** How a person reads its name (activity subjects, messages). */
  name: string;
  config: ProviderConfig<Secret>;
  /**
   * USD per cost unit it bills (CONTRACT "Usage"), each with where the price comes from. Units are
   * named `<capability>.<key>...`; one it bills that is missing here has no price (the cost is null).
   */
  prices: Readonly<Record<string, number>>;
  /**
   * Per parameter where it accepts fewer values than the spec's range, the values it accepts
   * (`GET /ai/capabilities` shows them as `providerValues`; an empty list: it takes none).
   */
  values?: Readonly<Record<string, readonly (string | number)[]>>;
}

/** What each family adds: its calls (the capability's port) and what it accepts. */
type FamilyCalls<C extends ProviderCapability, Secret extends string> = { capability: C } & (C extends "search"
  ? SearchCalls<Secret>
  : C extends "image"
    ? ImageCalls<Secret>
    : C extends "video"
      ? VideoCalls<Secret>
      : AudioCalls<Secret>);

/** One family's definition as its file writes it. */
type Entry<Key extends string, Secret extends string, C extends ProviderCapability> = ProviderCommon<Key, Secret> &
  FamilyCalls<C, Secret>;

/** A definition of any family (the families told apart by `capability`). */
export type CapabilityProviderEntry<Key extends string = string, Secret extends string = string> =
  | Entry<Key, Secret, "search">
  | Entry<Key, Secret, "image">
  | Entry<Key, Secret, "video">
  | Entry<Key, Secret, "audio">;

/** What every definition answers the same way, whatever its family. */
interface Derived {
  /** The field errors of parameters it cannot honour (send time; each message names it). */
  parameterErrors(parameters: Record<string, unknown>): FieldError[];
  values: Readonly<Record<string, readonly (string | number)[]>>;
}

export type CapabilityProvider<Key extends string = string, Secret extends string = string> = CapabilityProviderEntry<
  Key,
  Secret
> &
  Derived;

/** The definition of one family, as the capability's runner uses it. */
export type ProviderOf<C extends ProviderCapability> = Extract<CapabilityProvider, { capability: C }>;

function parameterErrors(entry: CapabilityProviderEntry): Derived["parameterErrors"] {
  if (entry.capability === "image") return (parameters) => entry.request(parameters, "").errors;
  if (entry.capability === "video") return (parameters) => videoParameterErrors(entry, parameters);
  return () => [];
}

export function defineCapabilityProvider<
  const Key extends string,
  const Secret extends string,
  const C extends ProviderCapability,
>(entry: Entry<Key, Secret, C>): Entry<Key, Secret, C> & Derived {
  // Each unit name starts with the provider's own prefix, so two providers' prices never collide.
  const prefix = `${entry.capability}.${entry.key}`;
  for (const unit of Object.keys(entry.prices))
    if (unit !== prefix && !unit.startsWith(`${prefix}.`))
      throw new Error(`${entry.name}: the price of "${unit}" is not one of its units (${prefix}...)`);
  return { ...entry, values: entry.values ?? {}, parameterErrors: parameterErrors(entry as CapabilityProviderEntry) };
}

/** The var that picks among a capability's configured providers: `SEARCH_PROVIDER`, `IMAGE_PROVIDER`, ... */
export const pickerVar = (capability: ProviderCapability) => `${capability.toUpperCase()}_PROVIDER`;
