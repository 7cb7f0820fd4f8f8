import { aiSessions } from "../../db/schema/ai";
import type { Ctx } from "../identity";
import { deleteSessionMedia } from "../media";
import { callersSession, sessionNotFound } from "./sessions";
import { eraseConversation } from "./upkeep";

// Apart from ./sessions.ts, which the AI router loads with every cold request (listing sessions):
// deleting one also takes the conversation's erasure and the media domain.

/**
 * Deletes the session: its D1 row in one batch with the ownership check (the delete matches nothing
 * when the session is not the caller's; its trigger files the erasure, with the replies of rows
 * never imported), then its conversation object, which stops a run still going and erases every
 * reply's event log, then its media.
 */
export async function deleteSession(ctx: Ctx, sessionId: string) {
  const { db, env } = ctx;
  const owned = callersSession(ctx, sessionId);
  const [sessions] = await db.batch([
    db.select({ id: aiSessions.id }).from(aiSessions).where(owned),
    db.delete(aiSessions).where(owned),
  ]);
  if (!sessions[0]) throw sessionNotFound();
  await eraseConversation(env, sessionId);
  await deleteSessionMedia(db, env, sessionId);
  return { id: sessionId, deleted: true as const };
}
