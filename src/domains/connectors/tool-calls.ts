import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { connectorToolCalls } from "../../db/schema";
import { ApiError, errorText } from "../../lib/errors";
import { logError } from "../../lib/log";
import { loadCaller } from "../identity";
import { EXECUTION_TIMEOUT_MS, executeTool } from "./execute";

/**
 * Tool calls through the tool-executions Queue (CONTRACT "Connector tools for agents"): the same
 * executor as direct execution, at most once per call id, transient failures retried with backoff,
 * and a call that keeps failing dead-lettered with its record kept.
 */

/** What a producer (the assistant's run) sends: the caller as its token said, and the call. */
export const toolCallMessage = z.object({
  callId: z.string().min(1).max(100),
  claims: z.union([
    z.object({ kind: z.literal("first-party"), userId: z.string(), jti: z.string(), exp: z.number(), sessionId: z.string() }),
    z.object({ kind: z.literal("oauth"), userId: z.string(), jti: z.string(), exp: z.number(), clientId: z.string(), scopes: z.array(z.string()) }),
  ]),
  workspaceId: z.string(),
  instanceId: z.string(),
  toolId: z.string(),
  input: z.record(z.string(), z.unknown()),
  runId: z.string().nullable().default(null),
  /** The run's assistant message, whose object waits for the result (absent for calls outside a run). */
  messageId: z.string().nullable().default(null),
  /** The session's owner approved the call (a tool with `requiresApproval`, run by the assistant). */
  approved: z.boolean().default(false),
  locale: z.string().optional(),
});
export type ToolCallMessage = z.input<typeof toolCallMessage>;

/** wrangler.toml `max_retries` = 5: a message is delivered at most six times, then dead-lettered. */
export const MAX_DELIVERIES = 6;
/** Backoff: 10 s (wrangler.toml `retry_delay`), doubling per attempt, at most 5 minutes. */
const RETRY_BASE_SECONDS = 10;
const RETRY_MAX_SECONDS = 300;
/** A claim older than the call's own timeout plus this margin belongs to a consumer that died mid-call. */
const STALE_CLAIM_MARGIN_MS = 60_000;

/** The end of a call, for whoever waits on it (the run of `messageId`). */
export interface SettledCall {
  messageId: string;
  callId: string;
  result: { success: boolean; output: Record<string, unknown>; error: string | null };
}

/** What the host does with the message, and the settled call to hand to its run, if any. */
export type Disposition = ({ action: "ack" } | { action: "retry"; delaySeconds: number }) & { settled?: SettledCall };

export async function enqueueToolCall(env: Env, message: ToolCallMessage) {
  await env.TOOL_EXECUTIONS.send(toolCallMessage.parse(message), { contentType: "json" });
}

const backoff = (attempt: number) => Math.min(RETRY_BASE_SECONDS * 2 ** (attempt - 1), RETRY_MAX_SECONDS);

/**
 * Claims the call for this delivery with one statement: a new call, or one a transient failure
 * released. Nothing comes back when the call already ran, failed, or is running elsewhere.
 */
async function claim(db: Db, message: z.output<typeof toolCallMessage>, now: string) {
  const [claimed] = await db
    .insert(connectorToolCalls)
    .values({ callId: message.callId, instanceId: message.instanceId, toolId: message.toolId, runId: message.runId, state: "running", attempts: 1, claimedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: connectorToolCalls.callId,
      set: { state: "running", attempts: sql`${connectorToolCalls.attempts} + 1`, claimedAt: now, updatedAt: now },
      setWhere: eq(connectorToolCalls.state, "retry"),
    })
    .returning({ attempts: connectorToolCalls.attempts });
  return claimed ?? null;
}

/**
 * A claim left `running` past the call's timeout: its consumer died mid-call. Whether the provider
 * saw the call is unknown, so it is failed rather than run again (never twice).
 */
async function failStaleClaim(db: Db, callId: string, nowMs: number) {
  const cutoff = new Date(nowMs - EXECUTION_TIMEOUT_MS - STALE_CLAIM_MARGIN_MS).toISOString();
  await db
    .update(connectorToolCalls)
    .set({ state: "failed", error: "The call was interrupted; it is not repeated", updatedAt: new Date(nowMs).toISOString() })
    .where(and(eq(connectorToolCalls.callId, callId), eq(connectorToolCalls.state, "running"), lt(connectorToolCalls.claimedAt, cutoff)));
}

const settle = (db: Db, callId: string, fields: Partial<typeof connectorToolCalls.$inferInsert>) =>
  db.update(connectorToolCalls).set({ ...fields, updatedAt: new Date().toISOString() }).where(eq(connectorToolCalls.callId, callId));

/** Worth another delivery: the provider was unreachable or busy, or the tool's own rate limit said wait. */
function transientDelay(error: ApiError, attempt: number): number | null {
  if (error.code === "RATE_LIMIT_EXCEEDED") return Math.max(Number(error.headers?.["Retry-After"] ?? 0), backoff(attempt));
  if (error.code === "CONNECTION_FAILED" && error.status === 502) return backoff(attempt);
  return null;
}

const transientResult = (httpStatus: number | null) => httpStatus === 429 || (httpStatus !== null && httpStatus >= 500);

/** Runs one queued call; `deliveries` is the message's `attempts` as the Queue counts them. */
export async function processToolCall(db: Db, env: Env, body: unknown, deliveries: number): Promise<Disposition> {
  const parsed = toolCallMessage.safeParse(body);
  if (!parsed.success) {
    // A message no producer of ours could have sent: retrying cannot make it valid.
    logError(env, { queue: "tool-executions", error: "malformed message", issues: parsed.error.issues.length });
    return { action: "ack" };
  }
  const message = parsed.data;
  const settled = (result: SettledCall["result"]) => (message.messageId ? { settled: { messageId: message.messageId, callId: message.callId, result } } : {});
  const failed = (error: string) => settled({ success: false, output: {}, error });
  const nowMs = Date.now();
  let claimed;
  try {
    claimed = await claim(db, message, new Date(nowMs).toISOString());
  } catch (error) {
    // The claim row references the instance: deleted since the call was queued.
    if (errorText(error).includes("FOREIGN KEY")) return { action: "ack", ...failed("Connector instance not found") };
    throw error;
  }
  if (!claimed) {
    await failStaleClaim(db, message.callId, nowMs);
    return { action: "ack" };
  }
  const lastDelivery = deliveries >= MAX_DELIVERIES;
  const retryOrDeadLetter = async (delaySeconds: number, reason: string): Promise<Disposition> => {
    if (!lastDelivery) {
      await settle(db, message.callId, { state: "retry", error: reason });
      return { action: "retry", delaySeconds };
    }
    // On the last delivery the call is failed here and the Queue moves the message to the DLQ.
    const error = `Gave up after ${deliveries} attempts: ${reason}`;
    await settle(db, message.callId, { state: "failed", error });
    return { action: "retry", delaySeconds, ...failed(error) };
  };

  try {
    const auth = await loadCaller(db, message.claims, message.workspaceId);
    const actor = { type: "agent" as const, id: message.claims.kind === "oauth" ? message.claims.clientId : message.claims.userId, runId: message.runId };
    const { executionId, result } = await executeTool(db, env, auth, actor, message.instanceId, message.toolId, message.input, { localeTag: message.locale, approved: message.approved });
    if (!result.success && transientResult(result.httpStatus)) return retryOrDeadLetter(backoff(deliveries), result.error ?? `HTTP ${result.httpStatus}`);
    await settle(db, message.callId, { state: "done", executionId, error: result.error });
    return { action: "ack", ...settled({ success: result.success, output: result.output, error: result.error }) };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      // An unexpected fault (a D1 hiccup, a bug): worth another delivery. Only its name is logged;
      // a driver's message could quote the input.
      logError(env, { queue: "tool-executions", callId: message.callId, error: error instanceof Error ? error.name : "unknown" });
      return retryOrDeadLetter(backoff(deliveries), "Internal error");
    }
    const delay = transientDelay(error, deliveries);
    if (delay !== null) return retryOrDeadLetter(delay, error.message);
    // Refused for good (gone, forbidden, disabled, needs approval, bad input): no retry helps.
    await settle(db, message.callId, { state: "failed", error: error.message });
    return { action: "ack", ...failed(error.message) };
  }
}
