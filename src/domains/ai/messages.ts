import { and, asc, count, desc, eq, gt, isNull, lt, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiMessages, aiSessions } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { cursorPage, decodeCursor } from "../../lib/pagination";
import type { Ctx } from "../identity";
import { selectModel } from "./models";
import { decideToolCall, stopRun } from "./runs";
import { capabilityParameters, modelChoice, type SendMessageInput } from "./schemas";
import { assertEditableImage, withSignedMedia } from "./capabilities";
import { assertOwnMemories, ownedMemoriesQuery } from "./memories";
import { checkAttachments } from "./attachments";
import { checkMentions, retainedMentions, type RunMention } from "./mentions";
import { allChecks, attachmentFieldsAsSent, attachmentsOf, storedBlocks } from "./structured-blocks";
import { callersSession, sessionNotFound } from "./sessions";
import {
  messageRow,
  plannedCapability,
  runningQuery,
  sessionQuery,
  startTurn,
  type MessageRow,
  type StoredRequest,
} from "./turn";

/** A history item (spec "Message"); assistant-only fields appear on assistant messages. */
function publicMessage(row: MessageRow) {
  const common = {
    id: row.id,
    role: row.role,
    content: row.content,
    suggestions: row.suggestions ?? [],
    runId: row.runId,
    toolCalls: row.toolCalls ?? null,
    modelId: row.modelId,
    modelName: row.modelName,
    providerKey: row.providerKey,
    createdAt: row.createdAt,
  };
  if (row.role === "user") {
    // The options it was sent with (CONTRACT "Memories": the ids, as sent).
    const request = row.request as Partial<StoredRequest> | null;
    return {
      ...common,
      memoryIds: request?.memoryIds ?? [],
      attachmentIds: request?.attachmentIds ?? [],
      structuredBlocks: storedBlocks(row.request),
    };
  }
  return { ...common, status: row.status ?? "running", tokensUsed: row.inputTokens + row.outputTokens };
}

/**
 * Sends a user message and starts the assistant's run (`startTurn`). `admit` resolves once the
 * send's rate limit admits it (rejecting with the 429 otherwise); it is awaited before anything is
 * consumed or written, so the reads run beside the limiter's hop.
 */
export function sendMessage(ctx: Ctx, sessionId: string, body: SendMessageInput, admit: () => Promise<unknown>) {
  const key = body.idempotencyKey ?? null;
  const memoryIds = body.memoryIds ?? [];
  // The mentions `admit` found valid, for the run.
  let mentions: RunMention[] = [];
  return startTurn(ctx, {
    sessionId,
    replyKey: null,
    keyed: key !== null,
    async read(ctx) {
      const { db, auth } = ctx;
      const [sessions, seqRows, deduped, running, ownedMemories] = await db.batch([
        sessionQuery(ctx, sessionId),
        db
          .select({ last: max(aiMessages.seq) })
          .from(aiMessages)
          .where(eq(aiMessages.sessionId, sessionId)),
        db
          .select()
          .from(aiMessages)
          .where(
            and(
              eq(aiMessages.sessionId, sessionId),
              or(
                and(eq(aiMessages.role, "user"), eq(aiMessages.idempotencyKey, key ?? "")),
                and(
                  eq(aiMessages.role, "assistant"),
                  isNull(aiMessages.idempotencyKey),
                  sql`${aiMessages.parentId} = (SELECT id FROM ai_messages WHERE session_id = ${sessionId} AND role = 'user' AND idempotency_key = ${key ?? ""})`,
                ),
              ),
            ),
          )
          .orderBy(asc(aiMessages.createdAt)),
        runningQuery(db, sessionId),
        ownedMemoriesQuery(db, auth.user.id, memoryIds),
      ]);
      const found = sessions[0];
      if (!found) throw sessionNotFound();
      const user = key ? deduped.find((row) => row.role === "user") : undefined;
      const assistant = key ? deduped.find((row) => row.role === "assistant") : undefined;
      return {
        ...found,
        replay: user && assistant ? { user, assistant } : null,
        running: running.length > 0,
        seq: (seqRows[0]?.last ?? 0) + 1,
        ownedMemories,
      };
    },
    async request({ env, auth }, reading, models) {
      assertOwnMemories(memoryIds, reading.ownedMemories);
      const effortMode = body.effortMode ?? reading.session.effortMode;
      const capability = plannedCapability(
        env,
        models,
        body.capabilityKey ? { key: body.capabilityKey, parameters: capabilityParameters(body) } : null,
      );
      // The choice is checked (plan, entitlement, availability) even when a capability answers instead.
      const chosen = selectModel(models, { ...modelChoice(body), effortMode }, auth.plan, auth.entitlements);
      const request: StoredRequest = {
        modelKey: chosen.key,
        effortMode,
        capability,
        attachmentIds: body.attachmentIds ?? [],
        memoryIds,
        structuredBlocks: body.structuredBlocks ?? [],
      };
      return { request, chosen };
    },
    async admit(ctx, request, model) {
      if (request.capability) await assertEditableImage(ctx.db, ctx.auth.user.id, request.capability.parameters);
      const blocks = request.structuredBlocks;
      [mentions] = await allChecks<[RunMention[], unknown]>([
        checkMentions(ctx, blocks),
        checkAttachments(
          ctx,
          attachmentsOf(request),
          model,
          request.capability !== null,
          attachmentFieldsAsSent(request.attachmentIds, blocks),
        ),
      ]);
      await admit();
    },
    mentions: async () => mentions,
    userMessage({ now }, reading, request) {
      const row: MessageRow = {
        ...messageRow({ sessionId, seq: reading.seq, parentId: "", model: null, idempotencyKey: key, createdAt: now }),
        role: "user",
        content: body.content,
        status: null,
        parentId: null,
        runId: null,
        runStatus: null,
        request: request as unknown as Record<string, unknown>,
      };
      return { row, fresh: true };
    },
  });
}

/** The condition naming one assistant reply of a session. */
const isReplyOf = (sessionId: string, assistantMessageId: string) =>
  and(eq(aiMessages.id, assistantMessageId), eq(aiMessages.sessionId, sessionId), eq(aiMessages.role, "assistant"));

/** The assistant message and its turn's user message, within a session of the caller's. */
async function turnOf(ctx: Ctx, sessionId: string, assistantMessageId: string) {
  const { db } = ctx;
  const [sessions, targets] = await db.batch([
    sessionQuery(ctx, sessionId),
    db.select().from(aiMessages).where(isReplyOf(sessionId, assistantMessageId)),
  ]);
  if (!sessions[0]) throw sessionNotFound();
  if (!targets[0]) throw notFound("Message not found");
  return { session: sessions[0].session, instructions: sessions[0].instructions, target: targets[0] };
}

/** Another version of an assistant reply, with its own run (`startTurn`); it becomes the active version. */
export function retryMessage(ctx: Ctx, sessionId: string, assistantMessageId: string, key: string) {
  return startTurn(ctx, {
    sessionId,
    replyKey: key,
    keyed: true,
    async read(ctx) {
      const { db } = ctx;
      const [sessions, targets, users, existing, running] = await db.batch([
        sessionQuery(ctx, sessionId),
        db.select({ assistant: aiMessages }).from(aiMessages).where(isReplyOf(sessionId, assistantMessageId)),
        // The turn's user message: the target's parent.
        db
          .select()
          .from(aiMessages)
          .where(
            sql`${aiMessages.id} = (SELECT parent_id FROM ai_messages WHERE id = ${assistantMessageId} AND session_id = ${sessionId} AND role = 'assistant')`,
          ),
        db
          .select()
          .from(aiMessages)
          .where(
            and(
              eq(aiMessages.role, "assistant"),
              eq(aiMessages.idempotencyKey, key),
              sql`${aiMessages.parentId} = (SELECT parent_id FROM ai_messages WHERE id = ${assistantMessageId} AND session_id = ${sessionId})`,
            ),
          ),
        runningQuery(db, sessionId),
      ]);
      if (!sessions[0]) throw sessionNotFound();
      if (!targets[0]?.assistant.parentId) throw notFound("Message not found");
      const user = users[0];
      if (!user) throw notFound("Message not found");
      return {
        ...sessions[0],
        replay: existing[0] ? { user, assistant: existing[0] } : null,
        running: running.length > 0,
        user,
      };
    },
    async request({ env, auth }, reading, models) {
      const stored = reading.user.request as unknown as StoredRequest;
      // The capability as it runs today (its provider may have been configured or removed since).
      const request: StoredRequest = {
        ...stored,
        // Messages sent before blocks had a meaning may hold other objects: only today's shapes count.
        structuredBlocks: storedBlocks(stored as unknown as Record<string, unknown>),
        capability: plannedCapability(env, models, stored.capability),
      };
      // The same model as the original request when it is still active, else today's default.
      const chosen =
        models.find((m) => m.key === request.modelKey) ??
        selectModel(models, { effortMode: request.effortMode }, auth.plan, auth.entitlements);
      return { request, chosen };
    },
    // Mentions whose instance is gone since the send are dropped (CONTRACT).
    mentions: (ctx, request) => retainedMentions(ctx, request.structuredBlocks),
    userMessage: (_ctx, reading) => ({ row: reading.user, fresh: false }),
  });
}

/** Makes one version of a turn's reply the active one: history and later context follow it. */
export async function selectVersion(ctx: Ctx, sessionId: string, assistantMessageId: string) {
  const { target } = await turnOf(ctx, sessionId, assistantMessageId);
  await ctx.db
    .update(aiMessages)
    .set({ isActive: sql`CASE WHEN ${aiMessages.id} = ${target.id} THEN 1 ELSE 0 END` })
    .where(and(eq(aiMessages.parentId, target.parentId!), eq(aiMessages.role, "assistant")));
  const [selected] = await withSignedMedia(ctx.db, ctx.env, ctx.auth.user.id, [{ ...target, isActive: true }]);
  return { activeMessageId: target.id, selectedMessage: publicMessage(selected!) };
}

const nothingToStop = (ended: "completed" | "failed") =>
  conflict(`The reply has already ${ended}; there is nothing to stop`);

/**
 * Stops a running reply; stopping it again (also concurrently) answers the same stop object; a
 * reply that completed or failed, even one that did so while this stop was on its way, is a 409.
 */
export async function stopMessage(ctx: Ctx, sessionId: string, assistantMessageId: string) {
  const { target } = await turnOf(ctx, sessionId, assistantMessageId);
  if (target.status === "stopped") {
    return { id: target.id, status: "stopped" as const, content: target.content ?? "", stoppedAt: target.stoppedAt! };
  }
  if (target.status === "completed" || target.status === "failed") throw nothingToStop(target.status);
  const answer = await stopRun(ctx.env, target.id);
  if (!answer.ok) {
    // Only a stop yields `stopped` with ok: true, so the run ended another way.
    throw nothingToStop(answer.status === "completed" ? "completed" : "failed");
  }
  return answer.result;
}

const notPending = () => conflict("This tool call is not awaiting a decision");

/**
 * The session owner's decision on a tool call awaiting approval (CONTRACT "Connector tools for
 * agents"): approved, the call executes; rejected, the model is told. A call that is not pending
 * (decided already, skipped, never asked, or its reply no longer running) is a 409.
 */
export async function decideOnToolCall(
  ctx: Ctx,
  sessionId: string,
  assistantMessageId: string,
  callId: string,
  approve: boolean,
) {
  const { target } = await turnOf(ctx, sessionId, assistantMessageId);
  if (target.status !== "running") throw notPending();
  const call = await decideToolCall(ctx.env, target.id, callId, approve);
  if (!call) throw notPending();
  return call;
}

/** A reply's D1 row by id alone (the operator's tail, which is not scoped to a user). */
export async function storedRun(db: Db, messageId: string) {
  return (await db.select().from(aiMessages).where(eq(aiMessages.id, messageId)))[0];
}

/** The stream's message must be an assistant message of a session of the caller's. */
export async function streamTarget(ctx: Ctx, sessionId: string, messageId: string) {
  const { target } = await turnOf(ctx, sessionId, messageId);
  return target;
}

interface ListQuery {
  limit: number;
  cursor?: string;
  offset?: number;
  personaId?: string;
}

/**
 * History in conversation order (each user message, then its active reply). Cursor or offset
 * pagination; `meta.cursor` continues after this page either way. One batch: session, total, page.
 */
export async function listMessages(ctx: Ctx, sessionId: string, query: ListQuery) {
  const { db, env } = ctx;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const afterSeq = after ? Number(after.key) : null;
  if (after && (!Number.isInteger(afterSeq) || !["user", "assistant"].includes(after.id))) {
    throw badRequest([{ field: "cursor", message: "is not a cursor this API issued" }]);
  }
  const visible = and(
    eq(aiMessages.sessionId, sessionId),
    or(eq(aiMessages.role, "user"), eq(aiMessages.isActive, true)),
  );
  const [sessions, totals, rows] = await db.batch([
    db.select({ personaId: aiSessions.personaId }).from(aiSessions).where(callersSession(ctx, sessionId)),
    db.select({ total: count() }).from(aiMessages).where(visible),
    db
      .select()
      .from(aiMessages)
      .where(
        and(
          visible,
          after
            ? or(
                gt(aiMessages.seq, afterSeq!),
                and(eq(aiMessages.seq, afterSeq!), lt(aiMessages.role, after.id as "user")),
              )
            : undefined,
        ),
      )
      .orderBy(asc(aiMessages.seq), desc(aiMessages.role))
      .limit(query.limit + 1)
      .offset(after ? 0 : (query.offset ?? 0)),
  ]);
  const session = sessions[0];
  if (!session) throw sessionNotFound();
  if (query.personaId && session.personaId !== query.personaId) throw notFound("This session has another persona");
  const { page, meta } = cursorPage(rows, query.limit, (row) => ({ key: String(row.seq), id: row.role }));
  return {
    // The caller's media in tool calls get URLs signed now (CONTRACT "Media": every read signs afresh).
    data: (await withSignedMedia(db, env, ctx.auth.user.id, page)).map(publicMessage),
    meta: { cursor: meta.nextCursor, hasMore: meta.hasNextPage, total: totals[0]?.total ?? 0 },
  };
}
