import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiMessages, aiPersonas, aiSessions, violatesOneRunningReply } from "../../db/schema";
import { conflict, isUniqueViolation } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { Ctx } from "../identity";
import { consumeAllowance } from "./allowance";
import { planCapability } from "./capabilities";
import { activeModels, aiConfig, DEMO_MODEL_KEY, type EffortMode, type ModelEntry } from "./models";
import type { RunSpec } from "./run/types";
import type { RunMention } from "./mentions";
import { dropRunStatement, newRunStatement } from "./run-record";
import { RUN_NOT_STARTED, startRun } from "./runs";
import { callersSession } from "./sessions";
import { attachmentsOf, type StructuredBlock } from "./structured-blocks";

/** The 409 a send or retry answers while the session already has a reply running. */
const runningReplyConflict = () =>
  conflict("A reply in this session is still being generated; stop it or wait for it to finish");

export type MessageRow = typeof aiMessages.$inferSelect;

/** The options a user message was sent with, kept so a retry runs the same request. */
export interface StoredRequest {
  modelKey: string;
  effortMode: EffortMode;
  capability: RunSpec["capability"];
  attachmentIds: string[];
  memoryIds: string[];
  /** As sent (CONTRACT "Structured blocks on send"); media blocks attach after `attachmentIds`. */
  structuredBlocks: StructuredBlock[];
}

/** What a turn's reads found: its session, an earlier answer to the same key, a reply still running. */
export interface TurnReading {
  session: { id: string };
  instructions: string | null;
  /** The turn this key already started (answered again, not started twice). */
  replay: { user: MessageRow; assistant: MessageRow } | null;
  running: boolean;
}

/**
 * What differs between starting a reply to a new user message (send) and another version of a
 * reply (retry); `startTurn` does the rest, in the same order for both.
 */
export interface TurnPlan<R extends TurnReading> {
  sessionId: string;
  /** The reply's idempotency key (a retry's; a send keeps its key on the user message). */
  replyKey: string | null;
  /** Whether a unique violation means a concurrent request with the same key won (answer with its turn). */
  keyed: boolean;
  /** The turn's reads, in one batch (the session and the running check among them); throws its 404s. */
  read(ctx: Ctx): Promise<R>;
  /** The request the run makes and the model chosen for it (checked for the caller). */
  request(ctx: Ctx, reading: R, models: ModelEntry[]): Promise<{ request: StoredRequest; chosen: ModelEntry }>;
  /** Checks that need the reply's model, and the rate limit; before any allowance is spent. */
  admit?(ctx: Ctx, request: StoredRequest, model: ModelEntry): Promise<void>;
  /** The connector instances the message mentions, as the run is told them (after `admit`). */
  mentions?(ctx: Ctx, request: StoredRequest): Promise<RunMention[]>;
  /** The user message the reply answers: `fresh` when this turn writes it. */
  userMessage(ctx: Ctx, reading: R, request: StoredRequest): { row: MessageRow; fresh: boolean };
}

export const sendResult = (sessionId: string, user: MessageRow, assistant: MessageRow) => ({
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

/**
 * Starts a turn's reply: reads (one batch), answers a replayed key, refuses a second running reply,
 * plans the request and its model, admits and charges it, writes the rows (one batch: all or
 * none), then hands the run to its object and answers before any model output.
 */
export async function startTurn<R extends TurnReading>(
  ctx: Ctx,
  plan: TurnPlan<R>,
): Promise<{ created: boolean; result: ReturnType<typeof sendResult> }> {
  const { db, env } = ctx;
  const reading = await plan.read(ctx);
  if (reading.replay) {
    return { created: false, result: sendResult(plan.sessionId, reading.replay.user, reading.replay.assistant) };
  }
  if (reading.running) throw runningReplyConflict();

  const models = await activeModels(env);
  const { request, chosen } = await plan.request(ctx, reading, models);
  const model = replyModel(models, request.capability, chosen);
  await plan.admit?.(ctx, request, model);
  const mentions = (await plan.mentions?.(ctx, request)) ?? [];
  await consumeAllowance(ctx);

  const user = plan.userMessage(ctx, reading, request);
  const assistant = messageRow({
    sessionId: plan.sessionId,
    seq: user.row.seq,
    parentId: user.row.id,
    model,
    idempotencyKey: plan.replyKey,
    createdAt: ctx.now,
  });
  try {
    await db.batch([
      user.fresh
        ? db.insert(aiMessages).values(user.row)
        : // A new version: the turn's earlier replies step aside for it.
          db
            .update(aiMessages)
            .set({ isActive: false })
            .where(and(eq(aiMessages.parentId, user.row.id), eq(aiMessages.role, "assistant"))),
      db.insert(aiMessages).values(assistant),
      // The run record, in the same batch: no extra round trip, and no run without its reply.
      newRunStatement(db, {
        runId: assistant.runId!,
        messageId: assistant.id,
        sessionId: plan.sessionId,
        userId: ctx.auth.user.id,
        createdAt: ctx.now,
      }),
    ]);
  } catch (error) {
    if (violatesOneRunningReply(error)) throw runningReplyConflict();
    // A concurrent request with the same key won: answer with its turn.
    if (plan.keyed && isUniqueViolation(error)) return startTurn(ctx, plan);
    throw error;
  }
  await launch(db, env, runSpec(ctx, reading, user.row, assistant, request, model, mentions));
  return { created: true, result: sendResult(plan.sessionId, user.row, assistant) };
}

/** A message row as a turn writes it: an assistant reply queued for its run (a user message overrides). */
export function messageRow(input: {
  sessionId: string;
  seq: number;
  parentId: string;
  /** The model that writes it (none for a user message). */
  model: ModelEntry | null;
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
    modelId: input.model?.id ?? null,
    modelName: input.model?.displayName ?? null,
    providerKey: input.model?.providerKey ?? null,
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
export function plannedCapability(
  env: Env,
  models: ModelEntry[],
  capability: RunSpec["capability"],
): RunSpec["capability"] {
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

/**
 * Hands the run to its Durable Object; if that fails the message must not stay `running`, and a
 * run that never started has no run record (it is not a run: docs/ai.md "The run record").
 */
async function launch(db: Db, env: Env, spec: RunSpec) {
  try {
    await startRun(env, spec);
  } catch (error) {
    await db.batch([
      db
        .update(aiMessages)
        .set({
          status: "failed",
          runStatus: "failed",
          content: "",
          runError: JSON.stringify({ code: RUN_NOT_STARTED, message: "The run could not be started" }),
        })
        .where(eq(aiMessages.id, spec.messageId)),
      dropRunStatement(db, spec.runId),
    ]);
    throw error;
  }
}

const suggestionsEnabled = (env: Env) => aiConfig(env).AI_SUGGESTIONS !== "false";

function runSpec(
  { env, auth }: Ctx,
  reading: TurnReading,
  user: MessageRow,
  assistant: MessageRow,
  request: StoredRequest,
  model: ModelEntry,
  mentions: RunMention[],
): RunSpec {
  return {
    runId: assistant.runId!,
    messageId: assistant.id,
    userMessageId: user.id,
    sessionId: reading.session.id,
    userId: auth.user.id,
    workspaceId: auth.workspace.id,
    seq: user.seq,
    prompt: user.content ?? "",
    instructions: reading.instructions,
    model: {
      id: model.id,
      key: model.key,
      displayName: model.displayName,
      providerKey: model.providerKey,
      providerModel: model.providerModel,
    },
    capability: request.capability,
    memoryIds: request.memoryIds,
    // Media blocks are attachments too, after `attachmentIds` (CONTRACT "Structured blocks on send").
    attachmentIds: attachmentsOf(request),
    mentions,
    suggestions: suggestionsEnabled(env) && !request.capability,
    caller: auth,
  };
}

/** The caller's session (with its persona's instructions), for a batch. */
export function sessionQuery(ctx: Ctx, sessionId: string) {
  return ctx.db
    .select({ session: aiSessions, instructions: aiPersonas.instructions })
    .from(aiSessions)
    .leftJoin(aiPersonas, eq(aiPersonas.id, aiSessions.personaId))
    .where(callersSession(ctx, sessionId));
}

/** The session's running reply, if any (the one-running-reply rule, read before writing). */
export const runningQuery = (db: Db, sessionId: string) =>
  db
    .select({ id: aiMessages.id })
    .from(aiMessages)
    .where(and(eq(aiMessages.sessionId, sessionId), eq(aiMessages.status, "running")))
    .limit(1);
