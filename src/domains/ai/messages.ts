import { and, asc, count, desc, eq, gt, isNull, lt, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiMessages, aiPersonas, aiSessions } from "../../db/schema";
import type { RunSpec } from "./run/types";
import { nowIso } from "../../lib/clock";
import { badRequest, conflict, errorText, isUniqueViolation, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { cursorPage, decodeCursor } from "../../lib/pagination";
import type { AuthContext } from "../identity";
import { consumeAllowance } from "./allowance";
import { activeModels, aiConfig, DEMO_MODEL_KEY, selectModel, type EffortMode, type ModelEntry } from "./models";
import { decideToolCall, RUN_NOT_STARTED, startRun, stopRun } from "./runs";
import { capabilityParameters, modelChoice, type SendMessageInput } from "./schemas";
import { assertEditableImage, planCapability, signedValue } from "./capabilities";
import { assertOwnMemories, ownedMemoriesQuery } from "./memories";
import { checkAttachments } from "./attachments";

type MessageRow = typeof aiMessages.$inferSelect;

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
    return { ...common, memoryIds: request?.memoryIds ?? [], attachmentIds: request?.attachmentIds ?? [] };
  }
  return { ...common, status: row.status ?? "running", tokensUsed: row.inputTokens + row.outputTokens };
}

/** The options a user message was sent with, kept so a retry runs the same request. */
interface StoredRequest {
  modelKey: string;
  effortMode: EffortMode;
  capability: RunSpec["capability"];
  attachmentIds: string[];
  memoryIds: string[];
  structuredBlocks: Record<string, unknown>[];
}

const sendResult = (sessionId: string, user: MessageRow, assistant: MessageRow) => ({
  sessionId,
  userMessage: { id: user.id, role: "user" as const, content: user.content ?? "", createdAt: user.createdAt },
  assistantMessage: {
    id: assistant.id,
    role: "assistant" as const,
    content: assistant.content ?? "",
    suggestions: [],
    createdAt: assistant.createdAt,
  },
  run: { id: assistant.runId!, status: assistant.runStatus ?? "queued" },
});

/** D1 names the columns of the violated index: `session_id` alone is the one-running-run index. */
const isRunningConflict = (error: unknown) =>
  isUniqueViolation(error) && /ai_messages\.session_id(?!, ai_messages\.idempotency_key)/.test(errorText(error));

const runConflict = () =>
  conflict("A reply in this session is still being generated; stop it or wait for it to finish");

const suggestionsEnabled = (env: Env) => aiConfig(env).AI_SUGGESTIONS !== "false";

function assistantRow(input: {
  sessionId: string;
  seq: number;
  parentId: string;
  model: ModelEntry;
  idempotencyKey: string | null;
  createdAt: string;
}): MessageRow {
  return {
    id: newId(),
    sessionId: input.sessionId,
    seq: input.seq,
    role: "assistant",
    content: null,
    status: "running",
    parentId: input.parentId,
    isActive: true,
    runId: newId(),
    runStatus: "queued",
    runError: null,
    toolCalls: null,
    suggestions: [],
    modelId: input.model.id,
    modelName: input.model.displayName,
    providerKey: input.model.providerKey,
    inputTokens: 0,
    outputTokens: 0,
    request: null,
    idempotencyKey: input.idempotencyKey,
    stoppedAt: null,
    costUnits: null,
    createdAt: input.createdAt,
  };
}

/**
 * The capability as this deployment runs it (its configured provider, or the demo runner), or the
 * 400 on `capabilityKey` when it cannot run here; checked before any allowance is spent.
 */
function plannedCapability(env: Env, models: ModelEntry[], capability: RunSpec["capability"]): RunSpec["capability"] {
  if (!capability) return null;
  return {
    key: capability.key,
    parameters: capability.parameters,
    provider: planCapability(env, models, capability.key, capability.parameters).provider,
  };
}

/**
 * The model that generates the reply, recorded on it (`modelId`, `modelName`, `providerKey`) and
 * priced as it: the chosen chat model writes a capability's answer; where the demo runner answers
 * (no provider configured), the demo model.
 */
function replyModel(models: ModelEntry[], capability: RunSpec["capability"], chosen: ModelEntry): ModelEntry {
  if (!capability || capability.provider) return chosen;
  const demo = models.find((m) => m.key === DEMO_MODEL_KEY);
  if (!demo) throw new Error("The demo runner answers only where the demo model is enabled");
  return demo;
}

/** Hands the run to its Durable Object; if that fails the message must not stay `running`. */
async function launch(db: Db, env: Env, spec: RunSpec) {
  try {
    await startRun(env, spec);
  } catch (error) {
    await db
      .update(aiMessages)
      .set({
        status: "failed",
        runStatus: "failed",
        content: "",
        runError: JSON.stringify({ code: RUN_NOT_STARTED, message: "The run could not be started" }),
      })
      .where(eq(aiMessages.id, spec.messageId));
    throw error;
  }
}

function runSpec(
  auth: AuthContext,
  session: { id: string },
  user: MessageRow,
  assistant: MessageRow,
  request: StoredRequest,
  model: ModelEntry,
  instructions: string | null,
  env: Env,
): RunSpec {
  return {
    runId: assistant.runId!,
    messageId: assistant.id,
    userMessageId: user.id,
    sessionId: session.id,
    userId: auth.user.id,
    workspaceId: auth.workspace.id,
    seq: user.seq,
    prompt: user.content ?? "",
    instructions,
    model: {
      id: model.id,
      key: model.key,
      displayName: model.displayName,
      providerKey: model.providerKey,
      providerModel: model.providerModel,
    },
    capability: request.capability,
    memoryIds: request.memoryIds,
    attachmentIds: request.attachmentIds,
    suggestions: suggestionsEnabled(env) && !request.capability,
    caller: auth,
  };
}

/** The session (with its persona's instructions). */
function sessionQuery(db: Db, userId: string, sessionId: string) {
  return db
    .select({ session: aiSessions, instructions: aiPersonas.instructions })
    .from(aiSessions)
    .leftJoin(aiPersonas, eq(aiPersonas.id, aiSessions.personaId))
    .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, userId)));
}

const runningQuery = (db: Db, sessionId: string) =>
  db
    .select({ id: aiMessages.id })
    .from(aiMessages)
    .where(and(eq(aiMessages.sessionId, sessionId), eq(aiMessages.status, "running")))
    .limit(1);

/**
 * Sends a user message and starts the assistant's run. Reads in one batch, writes in one batch
 * (both rows or neither), then hands the run to its object and answers before any model output.
 */
/**
 * `admit` resolves once the send's rate limit admits it (rejecting with the 429 otherwise); it is
 * awaited before anything is consumed or written, so the reads run beside the limiter's hop.
 */
export async function sendMessage(
  db: Db,
  env: Env,
  auth: AuthContext,
  sessionId: string,
  body: SendMessageInput,
  admit: () => Promise<unknown>,
) {
  const key = body.idempotencyKey ?? null;
  const memoryIds = body.memoryIds ?? [];
  const [sessions, seqRows, deduped, running, ownedMemories] = await db.batch([
    sessionQuery(db, auth.user.id, sessionId),
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
  if (!found) throw notFound("Session not found");
  const { session, instructions } = found;

  if (key) {
    const user = deduped.find((row) => row.role === "user");
    const assistant = deduped.find((row) => row.role === "assistant");
    if (user && assistant) return { created: false, result: sendResult(sessionId, user, assistant) };
  }
  if (running.length) throw runConflict();

  assertOwnMemories(memoryIds, ownedMemories);
  const effortMode = body.effortMode ?? session.effortMode;
  const models = await activeModels(env);
  const capability = plannedCapability(
    env,
    models,
    body.capabilityKey ? { key: body.capabilityKey, parameters: capabilityParameters(body) } : null,
  );
  // The choice is checked (plan, entitlement, availability) even when a capability answers instead.
  const chosen = selectModel(models, { ...modelChoice(body), effortMode }, auth.plan, auth.entitlements);
  const model = replyModel(models, capability, chosen);
  if (capability) await assertEditableImage(db, auth.user.id, capability.parameters);
  await checkAttachments(db, env, auth.user.id, body.attachmentIds ?? [], model, capability !== null);
  await admit();
  await consumeAllowance(env, auth);

  const now = nowIso();
  const request: StoredRequest = {
    modelKey: chosen.key,
    effortMode,
    capability,
    attachmentIds: body.attachmentIds ?? [],
    memoryIds,
    structuredBlocks: body.structuredBlocks ?? [],
  };
  const user: MessageRow = {
    ...assistantRow({
      sessionId,
      seq: (seqRows[0]?.last ?? 0) + 1,
      parentId: "",
      model,
      idempotencyKey: key,
      createdAt: now,
    }),
    role: "user",
    content: body.content,
    status: null,
    parentId: null,
    runId: null,
    runStatus: null,
    modelId: null,
    modelName: null,
    providerKey: null,
    request: request as unknown as Record<string, unknown>,
  };
  const assistant = assistantRow({
    sessionId,
    seq: user.seq,
    parentId: user.id,
    model,
    idempotencyKey: null,
    createdAt: now,
  });
  try {
    await db.batch([db.insert(aiMessages).values(user), db.insert(aiMessages).values(assistant)]);
  } catch (error) {
    if (isRunningConflict(error)) throw runConflict();
    if (key && isUniqueViolation(error)) {
      // A concurrent send with the same key won: answer with its result.
      return sendMessage(db, env, auth, sessionId, body, admit);
    }
    throw error;
  }
  await launch(db, env, runSpec(auth, session, user, assistant, request, model, instructions, env));
  return { created: true, result: sendResult(sessionId, user, assistant) };
}

/** The assistant message and its turn's user message, within a session of the caller's. */
async function turnOf(db: Db, userId: string, sessionId: string, assistantMessageId: string) {
  const [sessions, targets] = await db.batch([
    sessionQuery(db, userId, sessionId),
    db
      .select()
      .from(aiMessages)
      .where(
        and(
          eq(aiMessages.id, assistantMessageId),
          eq(aiMessages.sessionId, sessionId),
          eq(aiMessages.role, "assistant"),
        ),
      ),
  ]);
  if (!sessions[0]) throw notFound("Session not found");
  if (!targets[0]) throw notFound("Message not found");
  return { session: sessions[0].session, instructions: sessions[0].instructions, target: targets[0] };
}

/** Another version of an assistant reply, with its own run; it becomes the active version. */
export async function retryMessage(
  db: Db,
  env: Env,
  auth: AuthContext,
  sessionId: string,
  assistantMessageId: string,
  key: string,
) {
  const [sessions, targets, users, existing, running] = await db.batch([
    sessionQuery(db, auth.user.id, sessionId),
    db
      .select({ assistant: aiMessages })
      .from(aiMessages)
      .where(
        and(
          eq(aiMessages.id, assistantMessageId),
          eq(aiMessages.sessionId, sessionId),
          eq(aiMessages.role, "assistant"),
        ),
      ),
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
  if (!sessions[0]) throw notFound("Session not found");
  const target = targets[0]?.assistant;
  if (!target?.parentId) throw notFound("Message not found");
  const user = users[0];
  if (!user) throw notFound("Message not found");
  if (existing[0]) return { created: false, result: sendResult(sessionId, user, existing[0]) };
  if (running.length) throw runConflict();

  const stored = user.request as unknown as StoredRequest;
  const models = await activeModels(env);
  // The capability as it runs today (its provider may have been configured or removed since).
  const request: StoredRequest = { ...stored, capability: plannedCapability(env, models, stored.capability) };
  // The same model as the original request when it is still active, else today's default.
  const chosen =
    models.find((m) => m.key === request.modelKey) ??
    selectModel(models, { effortMode: request.effortMode }, auth.plan, auth.entitlements);
  const model = replyModel(models, request.capability, chosen);
  await consumeAllowance(env, auth);

  const assistant = assistantRow({
    sessionId,
    seq: user.seq,
    parentId: user.id,
    model,
    idempotencyKey: key,
    createdAt: nowIso(),
  });
  try {
    await db.batch([
      db
        .update(aiMessages)
        .set({ isActive: false })
        .where(and(eq(aiMessages.parentId, user.id), eq(aiMessages.role, "assistant"))),
      db.insert(aiMessages).values(assistant),
    ]);
  } catch (error) {
    if (isRunningConflict(error)) throw runConflict();
    if (isUniqueViolation(error)) return retryMessage(db, env, auth, sessionId, assistantMessageId, key);
    throw error;
  }
  await launch(
    db,
    env,
    runSpec(auth, sessions[0].session, user, assistant, request, model, sessions[0].instructions, env),
  );
  return { created: true, result: sendResult(sessionId, user, assistant) };
}

/** Makes one version of a turn's reply the active one: history and later context follow it. */
export async function selectVersion(db: Db, userId: string, sessionId: string, assistantMessageId: string) {
  const { target } = await turnOf(db, userId, sessionId, assistantMessageId);
  await db
    .update(aiMessages)
    .set({ isActive: sql`CASE WHEN ${aiMessages.id} = ${target.id} THEN 1 ELSE 0 END` })
    .where(and(eq(aiMessages.parentId, target.parentId!), eq(aiMessages.role, "assistant")));
  return { activeMessageId: target.id, selectedMessage: publicMessage({ ...target, isActive: true }) };
}

const nothingToStop = (ended: "completed" | "failed") =>
  conflict(`The reply has already ${ended}; there is nothing to stop`);

/**
 * Stops a running reply; stopping it again (also concurrently) answers the same stop object; a
 * reply that completed or failed, even one that did so while this stop was on its way, is a 409.
 */
export async function stopMessage(db: Db, env: Env, userId: string, sessionId: string, assistantMessageId: string) {
  const { target } = await turnOf(db, userId, sessionId, assistantMessageId);
  if (target.status === "stopped") {
    return { id: target.id, status: "stopped" as const, content: target.content ?? "", stoppedAt: target.stoppedAt! };
  }
  if (target.status === "completed" || target.status === "failed") throw nothingToStop(target.status);
  const answer = await stopRun(env, target.id);
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
  db: Db,
  env: Env,
  userId: string,
  sessionId: string,
  assistantMessageId: string,
  callId: string,
  approve: boolean,
) {
  const { target } = await turnOf(db, userId, sessionId, assistantMessageId);
  if (target.status !== "running") throw notPending();
  const call = await decideToolCall(env, target.id, callId, approve);
  if (!call) throw notPending();
  return call;
}

/** A reply's D1 row by id alone (the operator's tail, which is not scoped to a user). */
export async function storedRun(db: Db, messageId: string) {
  return (await db.select().from(aiMessages).where(eq(aiMessages.id, messageId)))[0];
}

/** The stream's message must be an assistant message of a session of the caller's. */
export async function streamTarget(db: Db, userId: string, sessionId: string, messageId: string) {
  const { target } = await turnOf(db, userId, sessionId, messageId);
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
export async function listMessages(db: Db, env: Env, userId: string, sessionId: string, query: ListQuery) {
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
    db
      .select({ personaId: aiSessions.personaId })
      .from(aiSessions)
      .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, userId))),
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
  if (!session) throw notFound("Session not found");
  if (query.personaId && session.personaId !== query.personaId) throw notFound("This session has another persona");
  const { page, meta } = cursorPage(rows, query.limit, (row) => ({ key: String(row.seq), id: row.role }));
  return {
    // Generated media in tool outputs get URLs signed now (CONTRACT "Media": every read signs afresh).
    data: await Promise.all(
      page.map(async (row) => publicMessage({ ...row, toolCalls: await signedValue(env, row.toolCalls) })),
    ),
    meta: { cursor: meta.nextCursor, hasMore: meta.hasNextPage, total: totals[0]?.total ?? 0 },
  };
}
