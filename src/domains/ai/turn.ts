import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aiMessages, aiPersonas, aiSessions } from "../../db/schema/ai";
import { ApiError, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assistantToolQueries, assistantToolsOf, type AssistantTool, type ToolRows } from "../connectors";
import type { Ctx } from "../identity";
import { consumeAllowance, refundAllowance } from "./allowance";
import { planCapability } from "./capabilities";
import type { SessionRef } from "./conversation/object";
import type { MessageRow, NewRow, TurnAnswer } from "./conversation/turns";
import { conversationOf } from "./conversations";
import { aiConfig, DEMO_MODEL_KEY, type EffortMode, type ModelEntry } from "./models";
import type { RunSpec } from "./run/types";
import type { RunMention } from "./mentions";
import { dropRunStatement } from "./run-record";
import { refuseRun, RUN_NOT_STARTED, runObject } from "./runs";
import { callersSession } from "./sessions";
import { SpendCapCheck } from "./spend-cap";
import { attachmentsOf, type StructuredBlock } from "./structured-blocks";

export type { MessageRow };

/** The 409 a send or retry answers while the session already has a reply running. */
export const runningReplyConflict = () =>
  conflict("A reply in this session is still being generated; stop it or wait for it to finish");

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

export type Turn = { created: boolean; result: ReturnType<typeof sendResult> };

/** The ids a turn's reply and run get before anything is written (the run row is written first). */
export const newTurnIds = () => ({ messageId: newId(), runId: newId() });

/**
 * The caller's session (with its persona's instructions), for a batch; `inD1`: whether D1 still
 * holds messages of it (the tree before kept them there), so its object knows whether to import.
 */
export function sessionQuery(ctx: Ctx, sessionId: string) {
  return ctx.db
    .select({ session: aiSessions, instructions: aiPersonas.instructions, inD1: d1MessagesOf(sessionId) })
    .from(aiSessions)
    .leftJoin(aiPersonas, eq(aiPersonas.id, aiSessions.personaId))
    .where(callersSession(ctx, sessionId));
}

/**
 * The account's allowance for one turn (one request of the day), consumed early: as soon as the
 * send's own limit admits it, beside the turn's reads, so it is not on the way to the provider.
 * It is required only once the conversation has written the turn, and given back when the turn
 * does not start (a replay, a 409, a 400 found after it was consumed).
 */
export class TurnCharge {
  private readonly consumed: Promise<unknown>;
  /** The account's monthly spend cap: its reads go in the turn's D1 batch (`answerTurn` decides). */
  readonly spendCap: SpendCapCheck;

  constructor(
    private readonly ctx: Ctx,
    admitted: Promise<unknown> = Promise.resolve(),
  ) {
    this.consumed = admitted.then(() => consumeAllowance(ctx));
    // Looked at later (`required`, `release`); a refusal must not go unhandled meanwhile.
    this.consumed.catch(() => undefined);
    this.spendCap = new SpendCapCheck(ctx);
  }

  /** Resolves once the request is consumed; rejects with the 429 when none is left. */
  async required(): Promise<void> {
    await this.consumed;
  }

  /** Gives the request back if one was consumed. */
  async release(): Promise<void> {
    const consumed = await this.consumed.then(
      () => true,
      () => false,
    );
    if (consumed) await refundAllowance(this.ctx);
  }
}

/**
 * Runs a turn whose run row the first batch wrote: the row and the allowance stay only when a run
 * starts (the turn answers `created`); a replay, a 409 or any refusal removes the row and gives
 * the allowance back.
 */
export async function keepingRunRow(db: Db, runId: string, charge: TurnCharge, work: () => Promise<Turn>) {
  let started = false;
  try {
    const turn = await work();
    started = turn.created;
    return turn;
  } finally {
    if (!started) await Promise.all([dropRunStatement(db, runId), charge.release()]);
  }
}

type RunStub = ReturnType<typeof runObject>;

/**
 * Builds the turn's two objects (the session's conversation, the reply's run) beside the turn's D1
 * batch, so neither is created on the way to the provider; a turn that does not start leaves them
 * empty (nothing is stored). Returns the run's stub for the start, or the error of getting it,
 * which the start then throws (the run refused).
 */
export function warmTurnObjects(env: Env, sessionId: string, messageId: string): () => RunStub {
  conversationOf(env, sessionId)
    .warm()
    .catch(() => undefined);
  try {
    const run = runObject(env, messageId);
    run.status().catch(() => undefined);
    return () => run;
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/**
 * The connector tools the run will offer, read in the turn's own D1 batch (no read on the run's
 * way to the provider): the queries (none without the connectors entitlement), and the shaping
 * of their answer.
 */
export function connectorToolsRead(ctx: Ctx) {
  const offered = ctx.auth.entitlements.includes("connectors");
  return {
    queries: offered ? assistantToolQueries(ctx) : [],
    tools: (rows: unknown[]): AssistantTool[] => (offered ? assistantToolsOf(ctx, rows as ToolRows) : []),
  };
}

/** Whether D1 still holds messages of the session, as a column of the session's row. */
export const d1MessagesOf = (sessionId: string) =>
  sql<number>`EXISTS (SELECT 1 FROM ${aiMessages} WHERE ${aiMessages.sessionId} = ${sessionId})`.mapWith(Number);

/**
 * The caller's session as its conversation object is addressed; `inD1` (a turn's batch read it:
 * `d1MessagesOf`) tells the object whether it has anything to import.
 */
export const sessionRef = (ctx: Ctx, sessionId: string, inD1?: number): SessionRef => ({
  sessionId,
  userId: ctx.auth.user.id,
  nothingInD1: inD1 === 0,
});

/** A reply as a turn writes it: queued for its run, by the model that writes it. */
export function replyRow(input: {
  ids: { messageId: string; runId: string };
  sessionId: string;
  parentId: string;
  model: ModelEntry;
  idempotencyKey: string | null;
  createdAt: string;
}): NewRow {
  return {
    id: input.ids.messageId,
    sessionId: input.sessionId,
    role: "assistant",
    content: null,
    status: "running",
    parentId: input.parentId,
    isActive: true,
    runId: input.ids.runId,
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

/** A user message as a send writes it, with the options it was sent with. */
export function userRow(input: {
  sessionId: string;
  content: string;
  request: StoredRequest;
  idempotencyKey: string | null;
  createdAt: string;
}): NewRow {
  return {
    id: newId(),
    sessionId: input.sessionId,
    role: "user",
    content: input.content,
    status: null,
    parentId: null,
    isActive: true,
    runId: null,
    runStatus: null,
    runError: null,
    toolCalls: null,
    suggestions: [],
    modelId: null,
    modelName: null,
    providerKey: null,
    inputTokens: 0,
    outputTokens: 0,
    request: input.request as unknown as Record<string, unknown>,
    idempotencyKey: input.idempotencyKey,
    stoppedAt: null,
    costUnits: null,
    createdAt: input.createdAt,
  };
}

/** What a started turn hands its run, beside what the conversation wrote. */
export interface TurnLaunch {
  ref: SessionRef;
  instructions: string | null;
  request: StoredRequest;
  model: ModelEntry;
  mentions: RunMention[];
  memories: string[];
  connectorTools: AssistantTool[];
  /** The reply's MessageRun object (`warmTurnObjects`). */
  run: () => RunStub;
  /** Takes the turn back from the conversation (the allowance refused it). */
  undo(): Promise<unknown>;
}

/**
 * What follows the conversation's answer to a turn: a replay is answered again and a running reply
 * is the 409 (neither keeps the allowance: `keepingRunRow`); a written turn must pass the account's
 * spend cap (402) and needs the allowance (429), either refusal taking the turn back; then its run
 * is handed to its MessageRun object, and the answer leaves before any model output.
 */
export async function answerTurn(ctx: Ctx, answer: TurnAnswer, charge: TurnCharge, launch: TurnLaunch): Promise<Turn> {
  const sessionId = launch.ref.sessionId;
  if (answer.kind === "replay") return { created: false, result: sendResult(sessionId, answer.user, answer.assistant) };
  if (answer.kind === "running") throw runningReplyConflict();
  if (answer.kind === "busy")
    throw new ApiError(
      "RATE_LIMIT_EXCEEDED",
      `At most ${answer.limit} calls of one client run at once; wait for one of them to finish`,
    );
  try {
    await charge.spendCap.admit(answer.assistant.id, {
      model: launch.model,
      capability: launch.request.capability,
      context: {
        instructions: launch.instructions,
        memories: launch.memories,
        history: answer.history,
        prompt: answer.user.content ?? "",
      },
      tools: launch.connectorTools.length > 0,
    });
    await charge.required();
  } catch (error) {
    await Promise.all([launch.undo(), charge.spendCap.release()]);
    throw error;
  }
  const spec = runSpec(ctx, launch, answer.user, answer.assistant);
  const spendCap = charge.spendCap.ofRun;
  if (spendCap) spec.spendCap = spendCap;
  try {
    await launch.run().start(spec, {
      history: answer.history,
      memories: launch.memories,
      connectorTools: launch.connectorTools,
    });
  } catch (error) {
    // The run never started: the reply fails at once, and has no run row (it is not a run).
    const refused = { code: RUN_NOT_STARTED, message: "The run could not be started" };
    await conversationOf(ctx.env, sessionId).failUnstarted(launch.ref, spec.messageId, JSON.stringify(refused));
    await refuseRun(ctx.env, spec, refused).catch(() => undefined);
    await charge.spendCap.release();
    throw error;
  }
  return { created: true, result: sendResult(sessionId, answer.user, answer.assistant) };
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
export function replyModel(models: ModelEntry[], capability: RunSpec["capability"], chosen: ModelEntry): ModelEntry {
  if (!capability || capability.provider) return chosen;
  const demo = models.find((m) => m.key === DEMO_MODEL_KEY);
  if (!demo) throw new Error("The demo runner answers only where the demo model is enabled");
  return demo;
}

const suggestionsEnabled = (env: Env) => aiConfig(env).AI_SUGGESTIONS !== "false";

function runSpec({ env, auth }: Ctx, launch: TurnLaunch, user: MessageRow, assistant: MessageRow): RunSpec {
  const { model, request } = launch;
  return {
    runId: assistant.runId!,
    messageId: assistant.id,
    userMessageId: user.id,
    sessionId: launch.ref.sessionId,
    userId: auth.user.id,
    workspaceId: auth.workspace.id,
    seq: user.seq,
    prompt: user.content ?? "",
    instructions: launch.instructions,
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
    mentions: launch.mentions,
    suggestions: suggestionsEnabled(env) && !request.capability,
    caller: auth,
  };
}
