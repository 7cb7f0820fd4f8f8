import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { connectorToolCalls } from "../../../db/schema";
import { ApiError, errorText } from "../../../lib/errors";
import { logError } from "../../../lib/log";
import { loadCaller } from "../../identity";
import { MAX_EXECUTION_TIMEOUT_MS, runExecution, type Execution } from "./execute";
import { deleteToolCallInput, getToolCallInput, putToolCallInput } from "../secrets";

/**
 * Tool calls through the tool-executions Queue (CONTRACT "Connector tools for agents", "Retries"):
 * the same executor as direct execution, at most one external call per call id. A call is marked
 * `dispatched` (a conditional UPDATE) right before the external call; from then on only an answer
 * that says the provider did not process it (429, 503) releases it for another delivery, and
 * whatever fails later (recording, handing back, the consumer dying) ends the call instead.
 */

/** A grant is 32 bytes of HMAC, 43 characters of base64url: room to spare, never a payload. */
const APPROVAL_GRANT_MAX_CHARS = 100;

/** What the Queue carries: ids and the caller as its token said; the input waits in R2 (a message holds 128 KB). */
export const toolCallMessage = z.object({
  callId: z.string().min(1).max(100),
  claims: z.union([
    z.object({
      kind: z.literal("first-party"),
      userId: z.string(),
      jti: z.string(),
      exp: z.number(),
      sessionId: z.string(),
    }),
    z.object({
      kind: z.literal("oauth"),
      userId: z.string(),
      jti: z.string(),
      exp: z.number(),
      clientId: z.string(),
      scopes: z.array(z.string()),
    }),
  ]),
  workspaceId: z.string(),
  instanceId: z.string(),
  toolId: z.string(),
  runId: z.string().nullable().default(null),
  /** The run's assistant message, whose object waits for the result (absent for calls outside a run). */
  messageId: z.string().nullable().default(null),
  /**
   * For a tool that needs approval: the grant the run's object issued when the session's owner
   * approved this call (approval-policy.ts). Not trusted as a claim: the executor checks it against
   * the call's id, tool and stored input, and refuses the call when it does not hold.
   */
  approval: z.string().max(APPROVAL_GRANT_MAX_CHARS).nullable().default(null),
  locale: z.string().optional(),
  /** A call of a run is not started after this (ISO time): the run stops waiting for it at RUN_CALL_WAIT_MS. */
  notAfter: z.string().datetime().nullable().default(null),
});
export type ToolCallMessage = z.input<typeof toolCallMessage>;
/** What a producer (the assistant's run) hands over: the message and the call's input. */
export type ToolCall = ToolCallMessage & { input: Record<string, unknown> };

/** wrangler.toml `max_retries` = 5: a message is delivered at most six times, then dead-lettered. */
export const MAX_DELIVERIES = 6;
/** Backoff: 10 s (wrangler.toml `retry_delay`), doubling per attempt, at most 5 minutes. */
const RETRY_BASE_SECONDS = 10;
const RETRY_MAX_SECONDS = 300;
/** A claim older than the call's own timeout plus this margin belongs to a consumer that died mid-call. */
const STALE_CLAIM_MARGIN_MS = 60_000;
/** CONTRACT "Sizes": a call's output in the run's history and events is cut here. */
export const RUN_OUTPUT_MAX_BYTES = 64 * 1024;
/**
 * CONTRACT (issue "conformance", point 13): a run waits at most 2 minutes for a queued call. A call
 * is not started later than that minus the longest call, so one that starts always ends in time.
 */
export const RUN_CALL_WAIT_MS = 2 * 60_000;
/** Provider answers that say the call was not processed: the only ones worth another delivery. */
const NOT_PROCESSED = new Set([429, 503]);

/** The end of a call, for whoever waits on it (the run of `messageId`). */
export interface SettledCall {
  messageId: string;
  callId: string;
  result: { success: boolean; output: Record<string, unknown>; error: string | null };
}

/** A retry to show on the call in its run: "retrying in 20 s: <why>". */
export interface CallProgress {
  messageId: string;
  callId: string;
  detail: string;
}

/** What the host does with the message, and the settled call (or the retry) to tell its run, if any. */
export type Disposition = ({ action: "ack" } | { action: "retry"; delaySeconds: number; progress?: CallProgress }) & {
  settled?: SettledCall;
};

/** Stores the call's input (sealed, in R2) and answers the message that names it. */
export async function prepareToolCall(env: Env, call: ToolCall): Promise<ToolCallMessage> {
  const { input, ...message } = call;
  const notAfter = message.messageId
    ? new Date(Date.now() + RUN_CALL_WAIT_MS - MAX_EXECUTION_TIMEOUT_MS).toISOString()
    : null;
  const parsed = toolCallMessage.parse({ notAfter, ...message });
  await putToolCallInput(env, parsed.callId, input);
  return parsed;
}

export async function enqueueToolCall(env: Env, call: ToolCall) {
  await env.TOOL_EXECUTIONS.send(await prepareToolCall(env, call), { contentType: "json" });
}

const backoff = (attempt: number) => Math.min(RETRY_BASE_SECONDS * 2 ** (attempt - 1), RETRY_MAX_SECONDS);

/** An output for the run: whole up to 64 KiB, else its JSON text cut there with `truncated: true`. */
function outputForRun(output: Record<string, unknown>): Record<string, unknown> {
  const bytes = new TextEncoder().encode(JSON.stringify(output));
  if (bytes.byteLength <= RUN_OUTPUT_MAX_BYTES) return output;
  // A cut inside a multi-byte character decodes to a replacement character; drop it.
  const text = new TextDecoder().decode(bytes.subarray(0, RUN_OUTPUT_MAX_BYTES)).replace(/\uFFFD$/, "");
  return { truncated: true, bytes: bytes.byteLength, text };
}

/**
 * Claims the call for this delivery with one statement: a new call, or one a transient failure
 * released. Nothing comes back when the call already ran, failed, or is running elsewhere.
 */
async function claim(db: Db, message: z.output<typeof toolCallMessage>, now: string) {
  const [claimed] = await db
    .insert(connectorToolCalls)
    .values({
      callId: message.callId,
      instanceId: message.instanceId,
      toolId: message.toolId,
      runId: message.runId,
      state: "running",
      attempts: 1,
      claimedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: connectorToolCalls.callId,
      set: { state: "running", attempts: sql`${connectorToolCalls.attempts} + 1`, claimedAt: now, updatedAt: now },
      setWhere: eq(connectorToolCalls.state, "retry"),
    })
    .returning({ attempts: connectorToolCalls.attempts });
  return claimed ?? null;
}

/** The claim's step to `dispatched`, conditional on this delivery still holding it. */
async function dispatch(db: Db, callId: string) {
  const moved = await db
    .update(connectorToolCalls)
    .set({ state: "dispatched", updatedAt: new Date().toISOString() })
    .where(and(eq(connectorToolCalls.callId, callId), eq(connectorToolCalls.state, "running")))
    .returning({ callId: connectorToolCalls.callId });
  if (moved.length === 0) throw new ClaimLost();
}

class ClaimLost extends Error {}

/**
 * A claim left `running` or `dispatched` past the longest call's timeout: its consumer died. Whether
 * the provider saw the call is unknown, so it is failed rather than run again (never twice).
 */
async function failStaleClaim(db: Db, callId: string, nowMs: number) {
  const cutoff = new Date(nowMs - MAX_EXECUTION_TIMEOUT_MS - STALE_CLAIM_MARGIN_MS).toISOString();
  await db
    .update(connectorToolCalls)
    .set({
      state: "failed",
      error: "The call was interrupted; it is not repeated",
      updatedAt: new Date(nowMs).toISOString(),
    })
    .where(
      and(
        eq(connectorToolCalls.callId, callId),
        inArray(connectorToolCalls.state, ["running", "dispatched"]),
        lt(connectorToolCalls.claimedAt, cutoff),
      ),
    );
}

const settle = (db: Db, callId: string, fields: Partial<typeof connectorToolCalls.$inferInsert>) =>
  db
    .update(connectorToolCalls)
    .set({ ...fields, updatedAt: new Date().toISOString() })
    .where(eq(connectorToolCalls.callId, callId));

/** The provider's status when it says the call was not processed (429, 503); null otherwise. */
function notProcessed({ result, failure }: Execution): number | null {
  const status = result ? (result.success ? null : result.httpStatus) : failure!.httpStatus;
  return status !== null && NOT_PROCESSED.has(status) ? status : null;
}

/** Runs one queued call; `deliveries` is the message's `attempts` as the Queue counts them. */
export async function processToolCall(db: Db, env: Env, body: unknown, deliveries: number): Promise<Disposition> {
  const parsed = toolCallMessage.safeParse(body);
  if (!parsed.success) {
    // A message no producer of ours could have sent: retrying cannot make it valid.
    logError(env, { queue: "tool-executions", error: "malformed message", issues: parsed.error.issues.length });
    return { action: "ack" };
  }
  const message = parsed.data;
  const settled = (result: SettledCall["result"]) =>
    message.messageId ? { settled: { messageId: message.messageId, callId: message.callId, result } } : {};
  const nowMs = Date.now();
  /** Ends the call for good: its state, its input object, and the answer for the run. */
  const finish = async (
    fields: Partial<typeof connectorToolCalls.$inferInsert>,
    result: SettledCall["result"],
  ): Promise<Disposition> => {
    await settle(db, message.callId, fields);
    await deleteToolCallInput(env, message.callId);
    return { action: "ack", ...settled(result) };
  };
  const fail = (error: string, executionId: string | null = null) =>
    finish({ state: "failed", error, executionId }, { success: false, output: {}, error });

  let claimed;
  try {
    claimed = await claim(db, message, new Date(nowMs).toISOString());
  } catch (error) {
    // The claim row references the instance: deleted since the call was queued.
    if (errorText(error).includes("FOREIGN KEY")) {
      await deleteToolCallInput(env, message.callId);
      return { action: "ack", ...settled({ success: false, output: {}, error: "Connector instance not found" }) };
    }
    throw error;
  }
  if (!claimed) {
    await failStaleClaim(db, message.callId, nowMs);
    return { action: "ack" };
  }
  // The run gave up on the call (and told its model): a late delivery does nothing.
  if (message.notAfter && nowMs > Date.parse(message.notAfter))
    return fail("The run stopped waiting for this call; it was not run");
  const retryOrDeadLetter = async (delaySeconds: number, reason: string): Promise<Disposition> => {
    if (deliveries < MAX_DELIVERIES) {
      await settle(db, message.callId, { state: "retry", error: reason });
      const progress = message.messageId
        ? {
            progress: {
              messageId: message.messageId,
              callId: message.callId,
              detail: `retrying in ${delaySeconds} s: ${reason}`,
            },
          }
        : {};
      return { action: "retry", delaySeconds, ...progress };
    }
    // On the last delivery the call is failed here and the Queue moves the message to the DLQ.
    return { ...(await fail(`Gave up after ${deliveries} attempts: ${reason}`)), action: "retry", delaySeconds };
  };

  let dispatched = false;
  try {
    const input = await getToolCallInput(env, message.callId);
    if (!input) return await fail("The call's input is no longer stored");
    const auth = await loadCaller(db, message.claims, message.workspaceId);
    const actor = {
      type: "agent" as const,
      id: message.claims.kind === "oauth" ? message.claims.clientId : message.claims.userId,
      runId: message.runId,
    };
    // The delivery's time is this run's "now" (the enqueuing request's is long past).
    const ctx = { db, env, auth, now: new Date(nowMs).toISOString() };
    const request = { actor, instanceId: message.instanceId, toolId: message.toolId, input };
    const execution = await runExecution(ctx, request, {
      localeTag: message.locale,
      approval: { callId: message.callId, grant: message.approval },
      beforeCall: async () => {
        await dispatch(db, message.callId);
        dispatched = true;
      },
    });
    const refusedStatus = notProcessed(execution);
    if (refusedStatus !== null) {
      return await retryOrDeadLetter(
        backoff(deliveries),
        execution.result?.error ?? execution.failure?.message ?? `HTTP ${refusedStatus}`,
      );
    }
    if (execution.failure) return await fail(execution.failure.message, execution.executionId);
    const { success, output, error } = execution.result!;
    return await finish(
      { state: "done", executionId: execution.executionId, error },
      { success, output: outputForRun(output), error },
    );
  } catch (error) {
    if (error instanceof ClaimLost) return { action: "ack" };
    if (dispatched) {
      // The external call was made; whatever broke after it, the call is not made again.
      logError(env, {
        queue: "tool-executions",
        callId: message.callId,
        phase: "after the call",
        error: error instanceof Error ? error.name : "unknown",
      });
      return fail("The call was made, but its result could not be recorded; it is not repeated");
    }
    if (!(error instanceof ApiError)) {
      // An unexpected fault before the call (a D1 hiccup, a bug): nothing was sent, so another
      // delivery is safe. Only its name is logged; a driver's message could quote the input.
      logError(env, {
        queue: "tool-executions",
        callId: message.callId,
        error: error instanceof Error ? error.name : "unknown",
      });
      return retryOrDeadLetter(backoff(deliveries), "Internal error");
    }
    // The tool's own rate limit said wait (nothing was sent).
    if (error.code === "RATE_LIMIT_EXCEEDED")
      return retryOrDeadLetter(
        Math.max(Number(error.headers?.["Retry-After"] ?? 0), backoff(deliveries)),
        error.message,
      );
    // Refused for good (gone, forbidden, disabled, needs approval, bad input): no retry helps.
    return fail(error.message);
  }
}
