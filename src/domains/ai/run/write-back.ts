import type { ToolCallRecord } from "../../../db/schema/ai";
import { settleSpendHold } from "../conversation/d1";
import { conversationOf, isGone, refOfRun } from "../conversations";
import type { ReplyEnd } from "../conversation/turns";
import { markRunRunning } from "../run-record";
import { createDb } from "../../../db/client";
import type { RunSpec } from "./types";

export type RunEnd = ReplyEnd;

/** A run as its write-back names it: its reply, its session and the session's owner. */
type RunOf = Pick<RunSpec, "messageId" | "sessionId" | "userId" | "caller">;
/** A run's end names its spend cap too (optional: ends recorded by tests and older specs lack it). */
type EndOf = RunOf & Pick<RunSpec, "spendCap">;

/** The run record's `queued` → `running`, as the run's object takes it (off the path to its first delta). */
export async function recordRunStart(d1: D1Database, runId: string) {
  await markRunRunning(createDb(d1), runId);
}

/**
 * Writes how a run ended, through its session's Conversation object: onto its reply (only while
 * it runs, so a reply whose session was deleted meanwhile stays deleted), then its run row's
 * completion and wallet debit in one D1 batch, which that object keeps trying until it commits.
 * Idempotent by run: a second end finds the reply ended and writes nothing. For an account with a
 * spend cap, the run's hold settles at its debit once that commits, and the cap's notices are checked.
 */
export async function recordRunEnd(env: Env, spec: EndOf, values: RunEnd) {
  const answer = await conversationOf(env, spec.sessionId).endRun(
    refOfRun(spec),
    spec.messageId,
    values,
    spec.spendCap,
  );
  // The session is gone (deleted while the run went on): nothing will be debited, and no
  // conversation keeps a settlement to settle the hold with.
  const accountId = spec.caller?.accountId;
  if (isGone(answer) && spec.spendCap && accountId) {
    await settleSpendHold(env, { accountId, messageId: spec.messageId, ...spec.spendCap });
  }
}

/**
 * The tool calls of a run still going, onto its reply, so a page reloaded meanwhile rebuilds their
 * cards (a call awaiting approval above all) from history.
 */
export async function recordToolCalls(env: Env, spec: RunOf, toolCalls: ToolCallRecord[]) {
  await conversationOf(env, spec.sessionId).saveToolCalls(refOfRun(spec), spec.messageId, toolCalls);
}
