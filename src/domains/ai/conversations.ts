import type { ConversationCore, SessionRef } from "./conversation/object";
import type { ReplyEnd } from "./conversation/turns";
import type { RunSpec, SpendCapOfRun } from "./run/types";
import { notFound } from "../../lib/errors";

/**
 * The one place that addresses a session's Conversation object (its messages live there:
 * docs/ai.md "Where a conversation lives"), and reads its answers.
 */
export const conversationOf = (env: Env, sessionId: string) =>
  env.CONVERSATION.getByName(sessionId) as unknown as ConversationApi;

/** The answer of a call on a session that is gone (erased, or no index row in D1). */
type Gone = { gone: true };
type Core = ConversationCore;
type OnSession = "send" | "retryReading" | "retry" | "abandon" | "reply" | "select" | "list" | "history";
type MoreOnSession = "saveToolCalls" | "failUnstarted";

/**
 * The object's RPC as its callers see it (durable-objects/conversation.ts): each call names its
 * session first and answers as the core does, or Gone. Spelled out because the stub's generated
 * types cannot carry rows with JSON columns (`unknown` is not serializable to the type checker).
 */
type ConversationApi = {
  [K in OnSession | MoreOnSession]: (
    ref: SessionRef,
    ...args: Parameters<Core[K]>
  ) => Promise<Awaited<ReturnType<Core[K]>> | Gone>;
} & {
  endRun(ref: SessionRef, messageId: string, end: ReplyEnd, spendCap?: SpendCapOfRun): Promise<undefined | Gone>;
  warm(): Promise<void>;
  drain(sessionId: string): Promise<void>;
  erase(messageIds: string[]): Promise<void>;
};

/** A run's session, as its MessageRun object names it (D1 may still hold the session's rows). */
export const refOfRun = (spec: Pick<RunSpec, "sessionId" | "userId" | "caller">): SessionRef => ({
  sessionId: spec.sessionId,
  userId: spec.userId,
  accountId: spec.caller?.accountId,
});

/** Another user's session is indistinguishable from none. */
export const sessionNotFound = () => notFound("Session not found");

/** Whether the object found the session gone. */
export const isGone = (answer: unknown): answer is Gone =>
  answer !== null && typeof answer === "object" && "gone" in answer;

/** The object's answer, or the session's 404 when the object found the session gone. */
export function present<T>(answer: T): Exclude<T, { gone: true }> {
  if (isGone(answer)) throw sessionNotFound();
  return answer as Exclude<T, { gone: true }>;
}
