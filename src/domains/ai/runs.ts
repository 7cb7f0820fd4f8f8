import type { ToolCallRecord } from "../../db/schema/ai";
import type { RunSpec } from "./run/types";
import type { DeliveredToolResult } from "./tool-source";

/**
 * `runError.code` of a reply whose object refused its run (`launch` in messages.ts): there is no
 * event log, and the run neither produced anything nor counts as a run in usage.
 */
export const RUN_NOT_STARTED = "run_not_started";

/** The one place that addresses a run's Durable Object: one object per assistant message. */
export const runObject = (env: Env, messageId: string) => env.MESSAGE_RUN.getByName(messageId);

/** Leaves a refused run's one terminal event in its object (best effort: `MessageRunCore.refuse`). */
export const refuseRun = (env: Env, spec: RunSpec, error: { code: string; message: string }) =>
  runObject(env, spec.messageId).refuse(spec, error);

export const stopRun = (env: Env, messageId: string) => runObject(env, messageId).stop();

/** Stops the run if it is still going and deletes everything its object stores. */
export const eraseRun = (env: Env, messageId: string) => runObject(env, messageId).erase();

/** The run's SSE body after `after` (200), or 204 when nothing is left, or 404 without a run. */
export const streamRun = (env: Env, messageId: string, after: number) =>
  runObject(env, messageId).fetch(`https://message-run/stream?after=${after}`);

/** Hands a queued call's result to the run waiting for it (the tool-executions consumer's answer). */
export const deliverToolResult = (env: Env, messageId: string, callId: string, result: DeliveredToolResult) =>
  runObject(env, messageId).deliverToolResult(callId, result);

/** A queued call's retry, shown on the call in its run (`tool.progress` with `activity`). */
export const reportToolProgress = (env: Env, messageId: string, callId: string, detail: string) =>
  runObject(env, messageId).reportToolProgress(callId, detail);

/** The owner's decision on a call awaiting approval, to the run that waits. */
export const decideToolCall = async (
  env: Env,
  messageId: string,
  callId: string,
  approve: boolean,
): Promise<ToolCallRecord | null> =>
  (await runObject(env, messageId).decideToolCall(callId, approve)) as ToolCallRecord | null;
