import type { ToolCallRecord } from "../../../db/schema/ai";
import { ProviderError } from "../providers/types";
import { toolEventPayload } from "./tool-calls";
import { TERMINAL, type RunOutcome, type RunState, type StopResult } from "./types";
import type { RunEnd } from "./write-back";

/**
 * How a run ends, as rules with no Durable Object in them: when an orphaned run is resumed or
 * failed, how a stop is answered, what an ending writes and in which order listeners see it. The
 * MessageRun object asks these and does the storage, alarm and RPC work around the answers.
 */

/** A run interrupted before it produced any output is started again at most this many times. */
export const MAX_ATTEMPTS = 2;
/**
 * A capability run whose steps persist is resumed from its last finished step, until it has
 * written text (a model's answer cannot be continued), at most this many times.
 */
export const MAX_STEP_ATTEMPTS = 5;

export type Ending = "completed" | "stopped" | "failed";
/** A stop's answer: the stop object, or the way the run ended instead (a 409 for the caller). */
export type StopAnswer = { ok: true; result: StopResult } | { ok: false; status: Ending };
export type RunError = { code: string; message: string };

export const INTERRUPTED: RunError = {
  code: "run_interrupted",
  message: "The run was interrupted and could not be resumed",
};

/** What the run has produced so far, as its event log tells it. */
export interface Progress {
  /** Whether the run executes a capability's persisted steps (`isStepRun`). */
  stepRun: boolean;
  /** The text written so far. */
  content: string;
  /** The last event's id (0: nothing emitted yet). */
  lastEventId: number;
}

/**
 * Whether a run whose instance died may start again: a step run resumes until it has written text
 * (its finished steps are stored), any other run only if it emitted nothing; each within its attempts.
 */
export function canResume(progress: Progress, attempts: number): boolean {
  return progress.stepRun
    ? progress.content === "" && attempts < MAX_STEP_ATTEMPTS
    : progress.lastEventId === 0 && attempts < MAX_ATTEMPTS;
}

export type AlarmAction =
  /** Nothing to do: no run, it ended, or its end is being written. */
  | { kind: "idle" }
  /** The run is executing here: wake its due waits and arm the next alarm. */
  | { kind: "wake" }
  /** The run is gone with its instance and may not start again. */
  | { kind: "fail"; error: RunError }
  /** Start (again) as this attempt. */
  | { kind: "run"; attempt: number };

/** What the watchdog alarm does with the run as stored and as this instance holds it. */
export function alarmAction(
  state: RunState | undefined,
  here: { ending: Ending | undefined; executing: boolean },
  progress: () => Progress,
): AlarmAction {
  if (!state || TERMINAL.includes(state.status) || here.ending) return { kind: "idle" };
  if (here.executing) return { kind: "wake" };
  // Running in storage but not in memory: the instance that ran it is gone.
  if (state.status === "running" && !canResume(progress(), state.attempts)) return { kind: "fail", error: INTERRUPTED };
  return { kind: "run", attempt: state.attempts + 1 };
}

/** An attempt after the first continues with what the attempts before it produced. */
export const resumesEarlierWork = (attempt: number) => attempt > 1;

export type StopDecision =
  /** Answer at once. */
  | { kind: "answer"; answer: StopAnswer }
  /** Stopped already: answer the stored stop object. */
  | { kind: "stopped" }
  /** A stop is being written: answer with it. */
  | { kind: "join" }
  /** Stop it now. */
  | { kind: "stop" };

/**
 * How a stop is answered: stopping again, even while the first stop is written, gives the same stop
 * object; a run that completed or failed (or is writing that end) answers how it ended.
 */
export function stopDecision(state: RunState | undefined, here: { ending: Ending | undefined; stopping: boolean }) {
  if (!state) return { kind: "answer", answer: { ok: false, status: "failed" } } satisfies StopDecision;
  if (state.status === "stopped") return { kind: "stopped" } satisfies StopDecision;
  if (here.stopping) return { kind: "join" } satisfies StopDecision;
  if (here.ending) return { kind: "answer", answer: { ok: false, status: here.ending } } satisfies StopDecision;
  if (TERMINAL.includes(state.status)) {
    return { kind: "answer", answer: { ok: false, status: state.status as Ending } } satisfies StopDecision;
  }
  return { kind: "stop" } satisfies StopDecision;
}

/** The error a run that threw ends with; `unexpected` ones (not a provider's) are logged. */
export function failureOf(error: unknown): RunError & { unexpected: boolean } {
  return error instanceof ProviderError
    ? { code: error.code, message: error.message, unexpected: false }
    : { code: "run_failed", message: "The run failed unexpectedly", unexpected: true };
}

/** Cost units to write for a run's end: none when nothing was counted. */
const costUnitsOf = (units: Record<string, number> | undefined): { costUnits?: Record<string, number> } =>
  units && Object.keys(units).length ? { costUnits: units } : {};

/** What a run that did not complete has so far: its text, tool calls, usage and cost units. */
export interface Unfinished {
  content: string;
  toolCalls: ToolCallRecord[] | null;
  /** The provider's reports for finished model calls, plus an estimating provider's estimate. */
  usage: { inputTokens?: number; outputTokens?: number };
  costUnits: Record<string, number>;
}

/** The reply's row as each ending writes it. */
export const completedRow = (outcome: RunOutcome): RunEnd => ({
  content: outcome.content,
  status: "completed",
  toolCalls: outcome.toolCalls.length ? outcome.toolCalls : null,
  suggestions: outcome.suggestions,
  inputTokens: outcome.inputTokens,
  outputTokens: outcome.outputTokens,
  ...costUnitsOf(outcome.costUnits),
});

export const stoppedRow = (partial: Unfinished, stoppedAt: string): RunEnd => ({
  content: partial.content,
  status: "stopped",
  stoppedAt,
  toolCalls: partial.toolCalls,
  ...partial.usage,
  ...costUnitsOf(partial.costUnits),
});

export const failedRow = (partial: Unfinished, error: RunError): RunEnd => ({
  content: partial.content,
  status: "failed",
  runError: JSON.stringify(error),
  toolCalls: partial.toolCalls,
  ...partial.usage,
  ...costUnitsOf(partial.costUnits),
});

export interface EndEvent {
  type: string;
  payload: Record<string, unknown>;
  stepId?: string;
}

export type EndOf =
  | { ending: "completed"; outcome: RunOutcome }
  | { ending: "stopped"; content: string; stoppedAt: string; endedCalls: ToolCallRecord[] }
  | { ending: "failed"; error: RunError; endedCalls: ToolCallRecord[] };

/**
 * The events listeners get as the run ends, in order: the calls that end with it (`tool.completed`),
 * then the terminal event; a completion's text and suggestions together (one flush to every listener).
 */
export function endEvents(messageId: string, end: EndOf): EndEvent[] {
  if (end.ending === "completed") {
    return [
      { type: "message.completed", payload: { messageId, content: end.outcome.content } },
      { type: "message.suggestions", payload: { messageId, suggestions: end.outcome.suggestions } },
    ];
  }
  const calls = end.endedCalls.map((call) => ({
    type: "tool.completed",
    payload: toolEventPayload(call),
    stepId: call.id,
  }));
  const terminal =
    end.ending === "stopped"
      ? { type: "message.stopped", payload: { messageId, content: end.content, stoppedAt: end.stoppedAt } }
      : { type: "run.error", payload: { messageId, error: end.error } };
  return [...calls, terminal];
}
