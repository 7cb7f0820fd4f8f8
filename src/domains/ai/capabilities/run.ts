import type { ToolCallRecord } from "../../../db/schema/ai";
import { ProviderError, type TokenUsage } from "../providers/types";
import type { RunOutcome, RunSpec } from "../run/types";
import { secondsText } from "../../../lib/deadline";
import { type DeadlineName, deadlineMs } from "../deadlines";
import { demoCapability, demoCapabilityUsage } from "./demo";
import type { CapabilityKey } from "./parameters";
import { fetchWithin } from "./provider-http";
import { CAPABILITIES } from "./registry";
import { abortableSleep } from "./retry";
import { Steps, type StepIo } from "./steps";
import { CapabilityError, type CapabilityContext, type StepStore } from "./types";

/** What the run's object gives a capability beyond the usual run I/O: storage that survives eviction. */
export interface CapabilityIo {
  store: StepStore;
  saveCostUnits(units: Record<string, number>): void;
  /** Pauses the run until the object's alarm, `ms` from now (see `CapabilityContext.wait`). */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** What an earlier attempt of this run left before its object was evicted (nothing on a first start). */
  restored: { toolCalls: ToolCallRecord[]; usage: TokenUsage; costUnits: Record<string, number> } | null;
}

interface RunIoPart extends StepIo {
  signal: AbortSignal;
  saveUsage(usage: TokenUsage): void;
}

/** A run whose steps persist: it may be resumed after an eviction as long as it wrote no text yet. */
export const isStepRun = (spec: RunSpec) => spec.capability?.provider != null;

/** Each capability's deadline on one provider request (CONTRACT "AI capabilities"). */
const REQUEST_DEADLINE: Record<CapabilityKey, DeadlineName> = {
  "ai.search.web": "SEARCH_DEADLINE_MS",
  "ai.research.deep": "SEARCH_DEADLINE_MS",
  "ai.image.generate": "IMAGE_DEADLINE_MS",
  "ai.video.generate": "MEDIA_REQUEST_DEADLINE_MS",
  "ai.audio.generate": "MEDIA_REQUEST_DEADLINE_MS",
};

/** When the run's provider job began waiting (kept in the object: the deadline survives an eviction). */
const JOB_SINCE_KEY = "job:waiting-since";

/**
 * `wait` with the job deadline: a provider job (the only thing a capability waits for) still
 * unfinished `limitMs` after its first wait fails the step. Not retried: polling again would not
 * make the provider's job finish.
 */
function waitWithin(wait: CapabilityContext["wait"], store: StepStore, limitMs: number): CapabilityContext["wait"] {
  return (ms, signal) => {
    const now = Date.now();
    let since = store.get<number>(JOB_SINCE_KEY);
    if (since === undefined) store.put(JOB_SINCE_KEY, (since = now));
    if (now - since >= limitMs) {
      const limit = limitMs >= 60_000 ? `${limitMs / 60_000} minutes` : secondsText(limitMs);
      return Promise.reject(new CapabilityError(`The provider's job did not finish within ${limit}`));
    }
    return wait(Math.min(ms, since + limitMs - now), signal);
  };
}

/** A store for a run driven without an object (tests that call the executor directly). */
function memoryStore(): StepStore {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => structuredClone(values.get(key)) as T | undefined,
    put: (key, value) => values.set(key, structuredClone(value)),
  };
}

/**
 * Runs the message's capability inside its run: with its configured provider as steps (tool
 * calls) then an answer written by the chat model, or by the demo runner where none is
 * configured. Fills `outcome` as it goes; a provider's failure ends the run with `run.error`.
 */
export async function runCapability(
  spec: RunSpec,
  env: Env,
  io: RunIoPart,
  capabilityIo: CapabilityIo | undefined,
  instructions: string | null,
  outcome: RunOutcome,
) {
  const capability = spec.capability!;
  const restored = capabilityIo?.restored;
  const usage: TokenUsage = { ...(restored?.usage ?? { inputTokens: 0, outputTokens: 0 }) };
  const units: Record<string, number> = { ...(restored?.costUnits ?? {}) };
  const sync = (current?: TokenUsage) => {
    outcome.inputTokens = usage.inputTokens;
    outcome.outputTokens = usage.outputTokens;
    outcome.costUnits = { ...units };
    io.saveUsage({
      inputTokens: usage.inputTokens + (current?.inputTokens ?? 0),
      outputTokens: usage.outputTokens + (current?.outputTokens ?? 0),
    });
  };
  const write = (text: string) => {
    if (!text || io.signal.aborted) return;
    outcome.content += text;
    io.emit("message.delta", { delta: text });
  };

  const implementation = CAPABILITIES[capability.key];
  if (!capability.provider || !implementation) {
    for await (const piece of demoCapability(capability.key, capability.parameters, spec.prompt)) {
      write(piece);
      const estimate = demoCapabilityUsage(spec.prompt, outcome.content);
      io.saveUsage(estimate);
      Object.assign(usage, estimate);
    }
    sync();
    return;
  }

  const store = capabilityIo?.store ?? memoryStore();
  const steps = new Steps(io, store, (outcome.toolCalls = restored?.toolCalls ?? []), io.signal);
  const context: CapabilityContext = {
    env,
    spec,
    provider: capability.provider,
    parameters: capability.parameters,
    signal: io.signal,
    steps,
    store,
    write,
    tokens: (finished, current) => {
      if (finished) {
        usage.inputTokens += finished.inputTokens;
        usage.outputTokens += finished.outputTokens;
      }
      sync(current);
    },
    unit: (name, count) => {
      units[name] = (units[name] ?? 0) + count;
      capabilityIo?.saveCostUnits({ ...units });
      sync();
    },
    instructions,
    sleep: abortableSleep,
    // Without an object (the executor driven directly), a plain timer.
    wait: waitWithin(capabilityIo?.wait ?? abortableSleep, store, deadlineMs(env, "MEDIA_JOB_DEADLINE_MS")),
    fetch: fetchWithin(deadlineMs(env, REQUEST_DEADLINE[capability.key]), (input, init) => fetch(input, init)),
  };
  try {
    await implementation.run(context);
    steps.settleLeftovers();
  } catch (error) {
    if (error instanceof CapabilityError) throw new ProviderError(error.message, "provider_error");
    throw error;
  }
  sync();
}
