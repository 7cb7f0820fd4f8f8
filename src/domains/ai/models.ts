import { sha1Hex } from "../../lib/crypto";
import { badRequest, forbidden } from "../../lib/errors";
import type { Plan } from "../identity";
import type { WorkersAiBinding } from "./providers/workers-ai";

export const EFFORT_MODES = ["basic", "thinking", "pro"] as const;
export type EffortMode = (typeof EFFORT_MODES)[number];

/** The configuration this domain reads (vars in wrangler.toml, `OPENAI_API_KEY` a secret). */
interface AiConfig {
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  /** Comma-separated `model[:effort]`, e.g. `gpt-4o-mini:basic,gpt-4o:pro`. */
  OPENAI_MODELS?: string;
  OPENAI_PROVIDER_KEY?: string;
  /** The Workers AI binding, present only when `[ai] binding = "AI"` is configured. */
  AI?: WorkersAiBinding;
  DEMO_DELAY_MS?: string;
  /** `false` turns follow-up suggestions off. */
  AI_SUGGESTIONS?: string;
  /** `on` lists the demo model beside real ones (`npm run dev` and the tests); production leaves it empty. */
  AI_DEMO_MODEL?: string;
}
export const aiConfig = (env: Env) => env as unknown as AiConfig;

export interface ModelEntry {
  id: string;
  key: string;
  displayName: string;
  providerKey: string;
  /** The provider's own name for the model. */
  providerModel: string;
  capabilities: string[];
  /** The effort mode this model serves best; selection prefers it for that mode. */
  effort: EffortMode;
}

/** USD per million tokens; the public list prices at the time of writing (estimates, not invoices). */
interface Price {
  inputPerMillion: number;
  outputPerMillion: number;
}

const PRICES: Record<string, Price> = {
  // The demo provider runs nowhere and costs nothing.
  demo: { inputPerMillion: 0, outputPerMillion: 0 },
  "gpt-4o-mini": { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  "gpt-4o": { inputPerMillion: 2.5, outputPerMillion: 10 },
  "gpt-4.1-mini": { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  "gpt-4.1": { inputPerMillion: 2, outputPerMillion: 8 },
  "llama-3.1-8b": { inputPerMillion: 0.282, outputPerMillion: 0.827 },
  "llama-3.3-70b": { inputPerMillion: 0.293, outputPerMillion: 2.253 },
};

const CHAT = ["chat", "streaming", "suggestions"];
/** A model that takes image inputs (attachments). */
export const VISION = "vision";
export const DEMO_PROVIDER = "demo";
/** The demo's model key (in the catalogue when `demoModelEnabled`). */
export const DEMO_MODEL_KEY = "demo";
export const WORKERS_AI_PROVIDER = "workers-ai";

const WORKERS_AI_MODELS = [
  {
    key: "llama-3.1-8b",
    providerModel: "@cf/meta/llama-3.1-8b-instruct",
    displayName: "Llama 3.1 8B (Workers AI)",
    effort: "basic",
  },
  {
    key: "llama-3.3-70b",
    providerModel: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
    displayName: "Llama 3.3 70B (Workers AI)",
    effort: "pro",
  },
] as const;

/** A stable UUID per model key (name-based, version 5 layout), so ids survive redeploys. */
export async function modelId(key: string) {
  const hex = (await sha1Hex(`ai-model:${key}`)).slice(0, 32).split("");
  hex[12] = "5";
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const openAiConfigured = (config: AiConfig) => Boolean(config.OPENAI_BASE_URL?.trim());
const realModelConfigured = (config: AiConfig) => openAiConfigured(config) || Boolean(config.AI);

/**
 * CONTRACT "AI sessions": the demo model is listed and accepted only where no real model is
 * configured, or where `AI_DEMO_MODEL` is `on`; a production deployment with a real model never
 * offers a reply that is not one.
 */
const demoModelEnabled = (config: AiConfig) =>
  !realModelConfigured(config) || config.AI_DEMO_MODEL?.trim().toLowerCase() === "on";

/** The providerKey of the OpenAI-compatible provider's models (`OPENAI_PROVIDER_KEY`, else `openai`). */
export const openAiProviderKey = (config: AiConfig) => config.OPENAI_PROVIDER_KEY?.trim() || "openai";

let cached: { signature: string; models: Promise<ModelEntry[]> } | undefined;

/**
 * The active models: those of every configured provider, then the demo model where it is enabled.
 * Built from configuration, so there is nothing to seed and nothing to query.
 */
export function activeModels(env: Env): Promise<ModelEntry[]> {
  const config = aiConfig(env);
  const signature = JSON.stringify([
    config.OPENAI_BASE_URL,
    config.OPENAI_MODELS,
    config.OPENAI_PROVIDER_KEY,
    Boolean(config.AI),
    demoModelEnabled(config),
  ]);
  if (cached?.signature !== signature) cached = { signature, models: buildCatalogue(config) };
  return cached.models;
}

async function buildCatalogue(config: AiConfig): Promise<ModelEntry[]> {
  const entries: Omit<ModelEntry, "id">[] = [];
  if (openAiConfigured(config)) {
    const providerKey = openAiProviderKey(config);
    const specs = (config.OPENAI_MODELS || "gpt-4o-mini:basic")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const spec of specs) {
      const [name, effort] = spec.split(":") as [string, string | undefined];
      // CONTRACT "Media": these models take images unless their entry ends in `:text`.
      const textOnly = spec.endsWith(":text");
      entries.push({
        key: name,
        displayName: name,
        providerKey,
        providerModel: name,
        capabilities: [...CHAT, "tools", ...(textOnly ? [] : [VISION])],
        effort: (EFFORT_MODES as readonly string[]).includes(effort ?? "") ? (effort as EffortMode) : "basic",
      });
    }
  }
  if (config.AI) {
    for (const model of WORKERS_AI_MODELS)
      entries.push({ ...model, providerKey: WORKERS_AI_PROVIDER, capabilities: CHAT });
  }
  if (demoModelEnabled(config)) {
    entries.push({
      key: DEMO_MODEL_KEY,
      displayName: "Demo model (offline, deterministic; not a real AI)",
      providerKey: DEMO_PROVIDER,
      providerModel: "demo",
      // The demo takes every kind of attachment (it names what it received).
      capabilities: [...CHAT, "capabilities", VISION],
      effort: "basic",
    });
  }
  return Promise.all(entries.map(async (entry) => ({ id: await modelId(entry.key), ...entry })));
}

interface ModelChoice {
  model?: string;
  provider?: string;
  effortMode: EffortMode;
}

/** Free plans use the default provider; choosing one needs a paid plan and `provider:<key>`. */
function assertProviderAllowed(plan: Plan, entitlements: string[], provider: string) {
  if (plan === "free" || !entitlements.includes(`provider:${provider}`)) {
    throw forbidden(`Choosing provider "${provider}" needs a paid plan with the provider:${provider} entitlement`);
  }
}

/**
 * Picks the model of a message: an explicit `model` key, else the chosen (or default) provider's
 * model for the effort mode, else that provider's first model. The default provider is the first
 * configured one; `demo` only when nothing else is.
 */
export function selectModel(models: ModelEntry[], choice: ModelChoice, plan: Plan, entitlements: string[]): ModelEntry {
  if (choice.provider) {
    assertProviderAllowed(plan, entitlements, choice.provider);
    if (!models.some((m) => m.providerKey === choice.provider)) {
      throw badRequest([{ field: "provider", message: `"${choice.provider}" is not an available provider` }]);
    }
  }
  if (choice.model) {
    const model = models.find((m) => m.key === choice.model);
    if (!model) throw badRequest([{ field: "model", message: `"${choice.model}" is not an active model` }]);
    if (choice.provider && model.providerKey !== choice.provider) {
      throw badRequest([
        { field: "model", message: `"${choice.model}" is not a model of provider "${choice.provider}"` },
      ]);
    }
    return model;
  }
  const providerKey = choice.provider ?? models[0]!.providerKey;
  const pool = models.filter((m) => m.providerKey === providerKey);
  return pool.find((m) => m.effort === choice.effortMode) ?? pool[0]!;
}

let pricesById: Promise<Map<string, Price>> | undefined;

/** The price of a model by its id (ids derive from keys, so this holds for unconfigured models too). */
export async function priceOfModel(id: string | null): Promise<Price | undefined> {
  pricesById ??= Promise.all(
    Object.entries(PRICES).map(async ([key, price]) => [await modelId(key), price] as const),
  ).then((entries) => new Map(entries));
  return id ? (await pricesById).get(id) : undefined;
}
