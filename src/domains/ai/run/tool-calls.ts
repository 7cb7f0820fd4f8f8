import type { ToolCallRecord } from "../../../db/schema/ai";
import { APPROVAL_TIMEOUT_MS, TIMED_OUT } from "../../connectors";

/**
 * The tool-call vocabulary of a run, in one place: the record's statuses and how each moves (a
 * decision, a retry, the run's end), and the payload every tool event carries. The executor, the
 * MessageRun object and the lifecycle rules all speak it from here.
 */

export type { ToolCallRecord };

export type Decision = "approve" | "reject" | "timeout";

/** The approval policy's wait (connectors' approval-policy.ts): at most 10 minutes, then `skipped`. */
export { APPROVAL_TIMEOUT_MS };

/** The error of a call its user rejected (also what the decision endpoint answers). */
export const REJECTED = "The user rejected this call";

export const DECISION_ERRORS: Record<
  Exclude<Decision, "approve">,
  { status: ToolCallRecord["status"]; error: string }
> = {
  reject: { status: "rejected", error: REJECTED },
  timeout: TIMED_OUT,
};

/** A call's card as its events show it (a connector call's approval card, a capability step's progress). */
export interface CallActivity {
  title: string;
  status: string;
  detail?: string;
  subject?: string;
}

/** A pending call as the owner's decision leaves it (what the decision endpoint answers). */
export const decidedCall = (call: ToolCallRecord, approve: boolean): ToolCallRecord =>
  approve ? { ...call, status: "executing" } : { ...call, status: "rejected", error: REJECTED };

/** The activity a queued call's retry shows on its card (`tool.progress`, status `retrying`). */
export const retryActivity = (call: ToolCallRecord, detail: string) => ({
  title: `Run ${call.toolKey}`,
  detail,
  subject: call.toolKey.split(".")[0] ?? call.toolKey,
  status: "retrying",
});

/** A tool call as `tool.started`/`tool.completed` carry it (CONTRACT "Tool event payloads"). */
export const toolEventPayload = (record: ToolCallRecord, activity?: CallActivity): Record<string, unknown> => ({
  callId: record.id,
  toolKey: record.toolKey,
  input: record.input,
  status: record.status,
  ...(record.output ? { output: record.output } : {}),
  ...(record.error ? { error: record.error } : {}),
  ...(record.executionMs !== null ? { executionMs: record.executionMs } : {}),
  ...(activity ? { activity } : {}),
});

/**
 * The tool calls as a run ends without completing. A call still executing ends with it: it is
 * recorded `failed` (its result never reached the model) with `reason` as its error and the
 * time it ran; a call still awaiting approval is `skipped`. No call stays open.
 */
export function endToolCalls(
  calls: ToolCallRecord[] | undefined,
  startedAt: Record<string, number>,
  reason: string,
  now: number,
  /** A stopped capability run: a step ends `completed` with what it produced so far, else `skipped` (CONTRACT). */
  stoppedSteps = false,
): { all: ToolCallRecord[] | null; ended: ToolCallRecord[] } {
  if (!calls) return { all: null, ended: [] };
  const ended: ToolCallRecord[] = [];
  const all = calls.map((call) => {
    if (call.status !== "executing" && call.status !== "pending") return call;
    const start = startedAt[call.id];
    const executionMs = start === undefined ? null : now - start;
    const record: ToolCallRecord = stoppedSteps
      ? call.output
        ? { ...call, status: "completed", executionMs }
        : { ...call, status: "skipped", error: reason, executionMs }
      : call.status === "pending"
        ? { ...call, status: "skipped", error: reason }
        : { ...call, status: "failed", error: reason, executionMs };
    ended.push(record);
    return record;
  });
  return { all, ended };
}

/** Why the calls still open end with the run (their error). */
export const endedCallsReason = (ending: "stopped" | "failed", error?: { code: string; message: string }) =>
  ending === "stopped"
    ? "The run was stopped before the tool finished"
    : `The run failed before the tool finished (${error?.code})`;
