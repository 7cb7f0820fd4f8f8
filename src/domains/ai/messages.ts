import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { cursorPage, decodeCursor } from "../../lib/pagination";
import { mayDecide } from "../connectors";
import type { Ctx } from "../identity";
import { activeModels, selectModel } from "./models";
import { decideToolCall, stopRun } from "./runs";
import { capabilityParameters, modelChoice, type SendMessageInput } from "./schemas";
import { assertEditableImage, withSignedMedia } from "./capabilities";
import { assertOwnMemories, contentsInOrder, ownedMemoriesQuery } from "./memories";
import { checkAttachments } from "./attachments";
import { checkMentions, retainedMentions, type RunMention } from "./mentions";
import { allChecks, attachmentFieldsAsSent, attachmentsOf, storedBlocks } from "./structured-blocks";
import { callersReplyRun, newRunIfOwned, runOfMessage } from "./run-record";
import { openSession, sessionNotFound } from "./sessions";
import { conversationOf, present } from "./conversations";
import type { MessageRow, TurnRules } from "./conversation/turns";
import {
  answerTurn,
  connectorToolsRead,
  keepingRunRow,
  TurnCharge,
  warmTurnObjects,
  newTurnIds,
  plannedCapability,
  replyModel,
  replyRow,
  runningReplyConflict,
  sendResult,
  sessionQuery,
  sessionRef,
  type StoredRequest,
  type Turn,
  userRow,
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
 * Sends a user message and starts the assistant's run. One D1 batch (the session with its
 * persona, the pinned memories with their contents, the run row) beside the send's rate limit
 * (`admit`, awaited before anything is consumed); the request's checks; one call to the session's
 * Conversation object, which answers a replayed key or a running reply's 409 or writes the turn;
 * then the allowance and the run (`answerTurn`). `rules`: how the conversation admits the turn
 * (a session's own turns unless said: `SESSION_TURNS`).
 */
export async function sendMessage(
  ctx: Ctx,
  sessionId: string,
  body: SendMessageInput,
  admit: () => Promise<unknown>,
  rules?: TurnRules,
): Promise<Turn> {
  const { db, env, auth } = ctx;
  const key = body.idempotencyKey ?? null;
  const memoryIds = body.memoryIds ?? [];
  const ids = newTurnIds();
  const admitted = admit();
  const charge = new TurnCharge(ctx, admitted);
  const run = warmTurnObjects(env, sessionId, ids.messageId);
  const connectorTools = connectorToolsRead(ctx);
  const [sessions, ownedMemories, , spent, debits, ...toolRows] = await db.batch([
    sessionQuery(ctx, sessionId),
    ownedMemoriesQuery(db, auth.user.id, memoryIds),
    newRunIfOwned(ctx, sessionId, ids),
    ...charge.spendCap.queries(),
    ...connectorTools.queries,
  ]);
  charge.spendCap.answered(spent, debits);
  return keepingRunRow(db, ids.runId, charge, async () => {
    const found = sessions[0];
    if (!found) throw sessionNotFound();
    assertOwnMemories(memoryIds, ownedMemories);
    const models = await activeModels(env);
    const effortMode = body.effortMode ?? found.session.effortMode;
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
    const model = replyModel(models, capability, chosen);
    if (capability) await assertEditableImage(db, auth.user.id, capability.parameters);
    const [mentions] = await allChecks<[RunMention[], unknown]>([
      checkMentions(ctx, request.structuredBlocks),
      checkAttachments(
        ctx,
        attachmentsOf(request),
        model,
        capability !== null,
        attachmentFieldsAsSent(request.attachmentIds, request.structuredBlocks),
      ),
    ]);
    await admitted;

    const ref = sessionRef(ctx, sessionId, found.inD1);
    const conversation = conversationOf(env, sessionId);
    const user = userRow({ sessionId, content: body.content, request, idempotencyKey: key, createdAt: ctx.now });
    const assistant = replyRow({ ids, sessionId, parentId: user.id, model, idempotencyKey: null, createdAt: ctx.now });
    return answerTurn(ctx, present(await conversation.send(ref, user, assistant, rules)), charge, {
      ref,
      instructions: found.instructions,
      request,
      model,
      mentions,
      memories: contentsInOrder(memoryIds, ownedMemories),
      connectorTools: connectorTools.tools(toolRows),
      run,
      undo: () => conversation.abandon(ref, assistant.id, user.id, []),
    });
  });
}

/**
 * Another version of an assistant reply, with its own run; it becomes the active version. The
 * session and the run row in one D1 batch, the reply and its turn from the conversation, then
 * the same request as the original (`answerTurn`).
 */
export async function retryMessage(ctx: Ctx, sessionId: string, assistantMessageId: string, key: string) {
  const { db, env, auth } = ctx;
  const ids = newTurnIds();
  const charge = new TurnCharge(ctx);
  const run = warmTurnObjects(env, sessionId, ids.messageId);
  const connectorTools = connectorToolsRead(ctx);
  const [sessions, , spent, debits, ...toolRows] = await db.batch([
    sessionQuery(ctx, sessionId),
    newRunIfOwned(ctx, sessionId, ids),
    ...charge.spendCap.queries(),
    ...connectorTools.queries,
  ]);
  charge.spendCap.answered(spent, debits);
  return keepingRunRow(db, ids.runId, charge, async () => {
    const found = sessions[0];
    if (!found) throw sessionNotFound();
    const ref = sessionRef(ctx, sessionId, found.inD1);
    const conversation = conversationOf(env, sessionId);
    const reading = present(await conversation.retryReading(ref, assistantMessageId, key));
    if (!reading) throw notFound("Message not found");
    if (reading.replay) return { created: false, result: sendResult(sessionId, reading.user, reading.replay) };
    if (reading.running) throw runningReplyConflict();
    const stored = reading.user.request as unknown as StoredRequest;
    const models = await activeModels(env);
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
    const model = replyModel(models, request.capability, chosen);
    // Mentions whose instance is gone since the send are dropped (CONTRACT).
    const mentions = await retainedMentions(ctx, request.structuredBlocks);
    const assistant = replyRow({
      ids,
      sessionId,
      parentId: reading.user.id,
      model,
      idempotencyKey: key,
      createdAt: ctx.now,
    });
    const memoryIds = request.memoryIds ?? [];
    const memories = memoryIds.length
      ? contentsInOrder(memoryIds, await ownedMemoriesQuery(db, auth.user.id, memoryIds))
      : [];
    const { answer, previouslyActive } = present(await conversation.retry(ref, reading.user, assistant));
    return answerTurn(ctx, answer, charge, {
      ref,
      instructions: found.instructions,
      request,
      model,
      mentions,
      memories,
      connectorTools: connectorTools.tools(toolRows),
      run,
      undo: () => conversation.abandon(ref, assistant.id, null, previouslyActive),
    });
  });
}

type Conversation = ReturnType<typeof conversationOf>;

/**
 * The caller's session (D1, the ownership check) and a read of its conversation, side by side.
 * The check answers first: its 404 wins, and `answer()` gives the read (or throws its error, or
 * the session's 404 when the object found it gone) only once the caller may see it.
 */
async function besideOwnership<T>(ctx: Ctx, sessionId: string, read: (conversation: Conversation) => Promise<T>) {
  const [session, answered] = await Promise.all([
    openSession(ctx, sessionId),
    read(conversationOf(ctx.env, sessionId)).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
  ]);
  const answer = () => {
    if ("error" in answered) throw answered.error;
    return present(answered.value);
  };
  return { session, answer };
}

/** The caller's session and, from its conversation, one of its assistant replies (404 for either). */
async function turnOf(ctx: Ctx, sessionId: string, assistantMessageId: string) {
  const { answer } = await besideOwnership(ctx, sessionId, (conversation) =>
    conversation.reply(sessionRef(ctx, sessionId), assistantMessageId),
  );
  const target = answer();
  if (!target) throw notFound("Message not found");
  return { target: target as MessageRow };
}

/** Makes one version of a turn's reply the active one: history and later context follow it. */
export async function selectVersion(ctx: Ctx, sessionId: string, assistantMessageId: string) {
  await openSession(ctx, sessionId);
  const selected = present(
    await conversationOf(ctx.env, sessionId).select(sessionRef(ctx, sessionId), assistantMessageId),
  ) as MessageRow | undefined;
  if (!selected) throw notFound("Message not found");
  const [signed] = await withSignedMedia(ctx.db, ctx.env, ctx.auth.user.id, [selected]);
  return { activeMessageId: selected.id, selectedMessage: publicMessage(signed!) };
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
  // The route refuses OAuth tokens first (with its WWW-Authenticate); the policy holds for any caller of this verb.
  if (!mayDecide(ctx.auth)) throw forbidden("Only the session's owner decides, with a first-party token");
  const { target } = await turnOf(ctx, sessionId, assistantMessageId);
  if (target.status !== "running") throw notPending();
  const call = await decideToolCall(ctx.env, target.id, callId, approve);
  if (!call) throw notPending();
  return call;
}

/**
 * The reply a stream is opened on: an assistant message of a session of the caller's, found by its
 * run row in one D1 read. `stored` reads the reply itself from the conversation, needed only for a
 * reply whose run never started (it has no run row, and its object no event log).
 */
export async function streamTarget(ctx: Ctx, sessionId: string, messageId: string) {
  if (await callersReplyRun(ctx, sessionId, messageId))
    return { id: messageId, stored: async () => (await turnOf(ctx, sessionId, messageId)).target };
  const { target } = await turnOf(ctx, sessionId, messageId);
  return { id: messageId, stored: async () => target };
}

/** A reply by id alone, from its run row and conversation (the operator's tail, not scoped to a user). */
export async function storedReply(ctx: Pick<Ctx, "db" | "env">, messageId: string) {
  const run = await runOfMessage(ctx, messageId);
  if (!run) return undefined;
  const reply = present(
    await conversationOf(ctx.env, run.sessionId).reply({ sessionId: run.sessionId, userId: run.userId }, messageId),
  );
  return reply as MessageRow | undefined;
}

interface ListQuery {
  limit: number;
  cursor?: string;
  offset?: number;
  personaId?: string;
}

/**
 * History in conversation order (each user message, then its active reply). Cursor or offset
 * pagination; `meta.cursor` continues after this page either way. The session's D1 row (owner,
 * persona) and the conversation's page are read side by side.
 */
export async function listMessages(ctx: Ctx, sessionId: string, query: ListQuery) {
  const { db, env } = ctx;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const afterSeq = after ? Number(after.key) : null;
  if (after && (!Number.isInteger(afterSeq) || !["user", "assistant"].includes(after.id))) {
    throw badRequest([{ field: "cursor", message: "is not a cursor this API issued" }]);
  }
  const { session, answer } = await besideOwnership(ctx, sessionId, (conversation) =>
    conversation.list(sessionRef(ctx, sessionId), {
      limit: query.limit,
      after: after ? { seq: afterSeq!, role: after.id as "user" | "assistant" } : null,
      offset: query.offset ?? 0,
    }),
  );
  if (query.personaId && session.personaId !== query.personaId) throw notFound("This session has another persona");
  const { rows, total } = answer() as { rows: MessageRow[]; total: number };
  const { page, meta } = cursorPage(rows, query.limit, (row) => ({ key: String(row.seq), id: row.role }));
  return {
    // The caller's media in tool calls get URLs signed now (CONTRACT "Media": every read signs afresh).
    data: (await withSignedMedia(db, env, ctx.auth.user.id, page)).map(publicMessage),
    meta: { cursor: meta.nextCursor, hasMore: meta.hasNextPage, total },
  };
}
