import { and, desc, eq, lt, or } from "drizzle-orm";
import { aiPersonas, aiSessions } from "../../db/schema/ai";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { cursorPage, decodeCursor } from "../../lib/pagination";
import type { Ctx } from "../identity";
import type { EffortMode } from "./models";
import { conversationOf, sessionNotFound } from "./conversations";

type SessionRow = typeof aiSessions.$inferSelect;

export const publicSession = (row: SessionRow) => ({
  id: row.id,
  title: row.title,
  personaId: row.personaId,
  effortMode: row.effortMode,
  createdAt: row.createdAt,
});

const publicPersona = (row: typeof aiPersonas.$inferSelect) => ({
  id: row.id,
  name: row.name,
  instructions: row.instructions,
  createdAt: row.createdAt,
});

export async function createPersona({ db, auth, now }: Ctx, input: { name: string; instructions: string }) {
  const row = { id: newId(), userId: auth.user.id, name: input.name, instructions: input.instructions, createdAt: now };
  await db.insert(aiPersonas).values(row);
  return publicPersona(row);
}

export async function listPersonas({ db, auth }: Ctx) {
  const rows = await db
    .select()
    .from(aiPersonas)
    .where(eq(aiPersonas.userId, auth.user.id))
    .orderBy(desc(aiPersonas.createdAt));
  return rows.map(publicPersona);
}

export async function createSession(
  { db, env, auth, now }: Ctx,
  input: { title?: string; personaId?: string; effortMode?: EffortMode },
) {
  if (input.personaId) {
    const [persona] = await db
      .select({ id: aiPersonas.id })
      .from(aiPersonas)
      .where(and(eq(aiPersonas.id, input.personaId), eq(aiPersonas.userId, auth.user.id)));
    if (!persona) throw badRequest([{ field: "personaId", message: "is not one of your personas" }]);
  }
  const row: SessionRow = {
    id: newId(),
    userId: auth.user.id,
    workspaceId: auth.workspace.id,
    title: input.title ?? null,
    personaId: input.personaId ?? null,
    effortMode: input.effortMode ?? "basic",
    createdAt: now,
    // Counted from the start: its messages are only ever in its object (nothing to import from D1).
    messageCount: 0,
    lastActivityAt: now,
    updatedAt: now,
    mcpClient: null,
  };
  await db.insert(aiSessions).values(row);
  // The session's conversation object is made with it (its tables), so the first send finds it
  // there rather than creating it on its way to the provider. Whether D1 holds rows to import is
  // still asked on first touch (a row written there by the release before, during the rollout).
  await conversationOf(env, row.id).warm();
  return publicSession(row);
}

/** Newest first, by (createdAt, id) so equal timestamps still page without gaps. */
export async function listSessions({ db, auth }: Ctx, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(aiSessions)
    .where(
      and(
        eq(aiSessions.userId, auth.user.id),
        after
          ? or(
              lt(aiSessions.createdAt, after.key),
              and(eq(aiSessions.createdAt, after.key), lt(aiSessions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(aiSessions.createdAt), desc(aiSessions.id))
    .limit(limit + 1);
  const { page, meta } = cursorPage(rows, limit, (row) => ({ key: row.createdAt, id: row.id }));
  return { data: page.map(publicSession), meta };
}

/**
 * The ownership check every verb on a session makes: the caller's session with this id. Another
 * user's session is indistinguishable from none (`sessionNotFound`). Verbs that read more in the
 * same batch put this condition in it; the others open the session through `openSession`.
 */
export const callersSession = ({ auth }: Ctx, sessionId: string) =>
  and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, auth.user.id));

export { sessionNotFound };

/** A session of the caller's, or 404: the door to a session for a verb that reads nothing else with it. */
export async function openSession(ctx: Ctx, sessionId: string) {
  const [row] = await ctx.db.select().from(aiSessions).where(callersSession(ctx, sessionId));
  if (!row) throw sessionNotFound();
  return row;
}
