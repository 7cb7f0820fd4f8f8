import { deadlineMs } from "../deadlines";
import { gatewayAuthorization, workersAiGateway } from "../gateway";
import { aiConfig, DEMO_PROVIDER, openAiProviderKey, WORKERS_AI_PROVIDER } from "../models";
import { DemoProvider } from "./demo";
import { OpenAiCompatibleProvider } from "./openai";
import { ProviderError, type ModelProvider } from "./types";
import { WorkersAiProvider } from "./workers-ai";

/** `DEMO_DELAY_MS` when unset: slow enough to stop a run by hand, fast enough to read along. */
const DEFAULT_DEMO_DELAY_MS = 25;

/** The demo's pause between words (`DEMO_DELAY_MS`). */
export function demoDelayMs(env: Env): number {
  const delay = Number.parseInt(aiConfig(env).DEMO_DELAY_MS ?? "", 10);
  return Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_DEMO_DELAY_MS;
}

/** The provider behind a model's `providerKey`, built from configuration. */
export function providerFor(providerKey: string, env: Env): ModelProvider {
  const config = aiConfig(env);
  if (providerKey === DEMO_PROVIDER) return new DemoProvider(demoDelayMs(env));
  if (providerKey === WORKERS_AI_PROVIDER && config.AI) return new WorkersAiProvider(config.AI, workersAiGateway(env));
  if (config.OPENAI_BASE_URL && providerKey === openAiProviderKey(config)) {
    return new OpenAiCompatibleProvider({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY ?? "",
      gatewayAuthorization: gatewayAuthorization(env, config.OPENAI_BASE_URL),
      providerKey,
      firstByteMs: deadlineMs(env, "CHAT_FIRST_BYTE_MS"),
      idleMs: deadlineMs(env, "CHAT_IDLE_MS"),
    });
  }
  throw new ProviderError(`Provider "${providerKey}" is not configured`, "provider_unavailable");
}
