import { and, eq } from "drizzle-orm";
import { aiRuns, aiSessions } from "../../db/schema/ai";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { sseData } from "../../lib/sse";
import { fieldErrors } from "../../http/router";
import { openMedia, type MediaItem } from "../media";
import type { Ctx } from "../identity";
import { withSignedMedia, type CapabilityKey } from "./capabilities";
import { unsignedMediaUrl } from "./capabilities/media-urls";
import type { MessageRow } from "./conversation/turns";
import { conversationOf, present } from "./conversations";
import { sendMessage } from "./messages";
import { activeModels } from "./models";
import type { LoggedEvent } from "./run/event-log";
import { streamRun } from "./runs";
import { sendMessageBody } from "./schemas";
import { sessionRef } from "./turn";

/**
 * The assistant's capabilities called by an MCP client (CONTRACT "Capabilities over MCP"): each
 * call is a turn of the caller's MCP session for that client, run exactly as a session's send
 * runs (providers, allowance, usage, wallet, spend cap), several at once.
 */

/** Calls of one user and client that may run side by side (CONTRACT: the fifth is refused). */
export const MCP_CALLS_AT_ONCE = 4;
const MCP_TURNS = { maxRunning: MCP_CALLS_AT_ONCE, withHistory: false };

/** The client an MCP call comes from: its OAuth client id, or `first-party` for a first-party token. */
export const mcpClientOf = ({ auth }: Pick<Ctx, "auth">) =>
  auth.token.kind === "oauth" ? auth.token.clientId : "first-party";

/**
 * The caller's MCP session for their client, found or created in one batch: a conditional insert
 * on the (user, client) unique index (kept out when the session exists), then the read. A new one
 * is made in the workspace of the call that creates it.
 */
async function mcpSession(ctx: Ctx): Promise<string> {
  const { db, auth, now } = ctx;
  const client = mcpClientOf(ctx);
  const [, [found]] = await db.batch([
    db
      .insert(aiSessions)
      .values({
        id: newId(),
        userId: auth.user.id,
        workspaceId: auth.workspace.id,
        title: "MCP",
        personaId: null,
        effortMode: "basic",
        createdAt: now,
        messageCount: 0,
        lastActivityAt: now,
        updatedAt: now,
        mcpClient: client,
      })
      .onConflictDoNothing(),
    db
      .select({ id: aiSessions.id })
      .from(aiSessions)
      .where(and(eq(aiSessions.userId, auth.user.id), eq(aiSessions.mcpClient, client))),
  ]);
  return found!.id;
}

export interface CapabilityCall {
  key: CapabilityKey;
  /** What the user asks (the query, the question, the prompt): the turn's user message. */
  prompt: string;
  parameters: Record<string, unknown>;
}

/** Where a started call runs. */
export interface StartedCall {
  runId: string;
  sessionId: string;
  messageId: string;
}

/**
 * Starts a capability call as a send of the caller's MCP session: validated as a send's body is
 * (the same 400), answered by the default chat model (the first `GET /ai/models` lists: the
 * session's effort is that model's, so the send selects it). The gateway's own rate limit has
 * admitted it already.
 */
export async function startCapabilityCall(ctx: Ctx, call: CapabilityCall): Promise<StartedCall> {
  const [models, sessionId] = await Promise.all([activeModels(ctx.env), mcpSession(ctx)]);
  const parsed = sendMessageBody().safeParse({
    content: call.prompt,
    capabilityKey: call.key,
    parameters: call.parameters,
    effortMode: models[0]?.effort,
  });
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
  const turn = await sendMessage(ctx, sessionId, parsed.data, () => Promise.resolve(), MCP_TURNS);
  return { runId: turn.result.run.id, sessionId, messageId: turn.result.assistantMessage.id };
}

/**
 * A run of the caller's MCP session for their client, by its id, in one read (the session is
 * found, never made: a run to fetch implies it): another client's run, another session's and
 * another user's are the 404 of an unknown id.
 */
export async function clientsRun(ctx: Ctx, runId: string): Promise<StartedCall> {
  const [run] = await ctx.db
    .select({ sessionId: aiRuns.sessionId, messageId: aiRuns.messageId })
    .from(aiRuns)
    .innerJoin(aiSessions, eq(aiSessions.id, aiRuns.sessionId))
    .where(
      and(eq(aiRuns.runId, runId), eq(aiSessions.userId, ctx.auth.user.id), eq(aiSessions.mcpClient, mcpClientOf(ctx))),
    );
  if (!run) throw notFound("Run not found");
  return { runId, ...run };
}

/** An event of a run as its stream carries it. */
export type RunEvent = Pick<LoggedEvent, "type" | "payload">;
const TERMINAL = new Set(["message.completed", "message.stopped", "run.error"]);

/**
 * Follows a run's events from its object until its terminal event or `signal`; ends at once for
 * a run with no events left (its object refused it, or it ended and its log was read).
 */
export async function* followRun(env: Env, messageId: string, signal: AbortSignal): AsyncGenerator<RunEvent> {
  const response = await streamRun(env, messageId, 0);
  if (response.status !== 200 || !response.body) return;
  const body = response.body as unknown as ReadableStream<Uint8Array>;
  const ended = new AbortController();
  const stop = AbortSignal.any([signal, ended.signal]);
  try {
    for await (const data of sseData(body, stop)) {
      const event = JSON.parse(data) as LoggedEvent;
      yield { type: event.type, payload: event.payload };
      if (TERMINAL.has(event.type)) return;
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    // The object's stream ends a moment after its terminal event; nothing more is read.
    ended.abort();
  }
}

/** A generated item as a call's result carries it: signed afresh, with its bytes when asked for. */
export interface ResultMedia extends MediaItem {
  bytes?: Uint8Array;
}

/** Where a call stands: its reply's text, how it ended (or that it runs), the media it made. */
export interface CallOutcome {
  status: "running" | "completed" | "stopped" | "failed";
  content: string;
  error: { code: string; message: string } | null;
  /** The steps it has finished (a running call's progress). */
  stepsDone: number;
  media: ResultMedia[];
}

const isMediaItem = (value: unknown): value is MediaItem =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as MediaItem).id === "string" &&
  typeof (value as MediaItem).url === "string" &&
  typeof (value as MediaItem).mimeType === "string";

/** The items a reply's tool calls made (their `url` the unsigned path the run stores: media-urls.ts). */
function madeMedia(reply: MessageRow): MediaItem[] {
  const found = new Map<string, MediaItem>();
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    if (isMediaItem(value) && value.url.startsWith(unsignedMediaUrl(value.id))) found.set(value.id, value);
    else for (const inner of Object.values(value)) visit(inner);
  };
  for (const call of reply.toolCalls ?? []) visit(call.output);
  return [...found.values()];
}

/**
 * The outcome of a call: its reply read from the conversation, its media signed for the caller
 * (only their own items are), with the bytes of images smaller than `inlineImagesUnder`.
 */
export async function callOutcome(ctx: Ctx, call: StartedCall, inlineImagesUnder: number): Promise<CallOutcome> {
  const ref = sessionRef(ctx, call.sessionId);
  const reply = present(await conversationOf(ctx.env, call.sessionId).reply(ref, call.messageId));
  if (!reply) throw notFound("Run not found");
  const [signed] = await withSignedMedia(ctx.db, ctx.env, ctx.auth.user.id, [reply]);
  const status = reply.status ?? "running";
  const media = await Promise.all(
    madeMedia(signed!).map(async (item): Promise<ResultMedia> => {
      if (item.kind !== "image" || item.size >= inlineImagesUnder) return item;
      const object = await openMedia(ctx.env, item.id);
      return object ? { ...item, bytes: new Uint8Array(await new Response(object.body).arrayBuffer()) } : item;
    }),
  );
  return {
    status,
    content: reply.content ?? "",
    error: reply.runError ? (JSON.parse(reply.runError) as { code: string; message: string }) : null,
    stepsDone: (reply.toolCalls ?? []).filter((step) => step.status === "completed").length,
    media: status === "completed" ? media : [],
  };
}
