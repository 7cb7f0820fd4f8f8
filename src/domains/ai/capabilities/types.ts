import type { ToolCallRecord } from "../../../db/schema/ai";
import type { TokenUsage } from "../providers/types";
import type { RunSpec } from "../run/types";
import type { CapabilityKey } from "./parameters";

/**
 * The capability seam (DESIGN "Capabilities and media"): a capability is a sequence of steps run
 * inside the message's run (its Durable Object). Each step is a tool call on the assistant message
 * (`tool.started` → `tool.progress` → `tool.completed`) whose result is persisted in the object as
 * it finishes, so a run whose object was evicted resumes from its last finished step.
 */

/** A tool call's card while it runs (CONTRACT "Tool event payloads": `activity`). */
export interface StepActivity {
  title: string;
  detail?: string;
  status: string;
  subject?: string;
  [key: string]: unknown;
}

/** What a finished step left: its public `output` (the tool call's) and private `data` kept for later steps. */
export interface StepResult<T = unknown> {
  status: "completed" | "failed";
  output: Record<string, unknown> | null;
  error: string | null;
  data?: T;
}

/**
 * Why a step or a provider failed. `fatal` ends the run with `run.error` (a provider's 4xx, or its
 * 429/5xx after the retries); a step's own failure (`step`) fails that tool call and the run goes on.
 * `retryable` failures are retried with backoff before they count.
 */
export class CapabilityError extends Error {
  constructor(
    message: string,
    readonly kind: "fatal" | "step" = "fatal",
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** A step while it runs: reports news as `tool.progress` and keeps partial output (kept on a stop). */
export interface StepHandle {
  readonly signal: AbortSignal;
  progress(activity: StepActivity, partialOutput?: Record<string, unknown>): void;
}

export interface StepDefinition {
  /** Stable within the run (it is the tool call's `callId` and the key of the persisted result). */
  id: string;
  toolKey: string;
  input: Record<string, unknown>;
  activity: StepActivity;
}

export type StepWork<T> = (step: StepHandle) => Promise<{ output: Record<string, unknown>; data?: T }>;

/** Runs steps as tool calls; a step that already finished (before an eviction) is not run again. */
export interface StepRunner {
  run<T>(definition: StepDefinition, work: StepWork<T>): Promise<StepResult<T>>;
}

/** Small values a capability keeps in the run's object (a plan, the pages read), surviving eviction. */
export interface StepStore {
  get<T>(key: string): T | undefined;
  put(key: string, value: unknown): void;
}

/** Everything a capability gets from the run it is part of. */
export interface CapabilityContext {
  env: Env;
  spec: RunSpec;
  /** The configured provider chosen for this run. */
  provider: string;
  parameters: Record<string, unknown>;
  signal: AbortSignal;
  steps: StepRunner;
  store: StepStore;
  /** Appends text to the reply (`message.delta`). Once text was written the run can no longer resume. */
  write(text: string): void;
  /** Adds tokens of a finished model call (`current`: an estimate for one still streaming). */
  tokens(finished: TokenUsage | null, current?: TokenUsage): void;
  /** Adds cost units (search queries, pages read), priced by the usage table. */
  unit(name: string, count: number): void;
  /** The instructions every model call of the run starts with (persona, pinned memories). */
  instructions: string | null;
  /** Waits between provider retries; tests make it short. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /**
   * Waits for a provider's job (polling): the run's object wakes the run with its alarm, so no
   * request is held open, and if the object is evicted meanwhile that alarm resumes the run.
   */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** The outbound fetch for provider APIs (operator configuration; not subject to the SSRF rules). */
  fetch: typeof fetch;
}

export interface Capability {
  key: CapabilityKey;
  run(context: CapabilityContext): Promise<void>;
}

/** A tool-call record before it is stored, as a step starts. */
export const stepRecord = (definition: StepDefinition): ToolCallRecord => ({
  id: definition.id,
  toolKey: definition.toolKey,
  input: definition.input,
  status: "executing",
  output: null,
  error: null,
  executionMs: null,
});
