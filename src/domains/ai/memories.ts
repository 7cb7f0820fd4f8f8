import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { createDb, type Db } from "../../db/client";
import { aiMemories } from "../../db/schema/ai";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { cursorPage, decodeCursor } from "../../lib/pagination";
import type { Ctx } from "../identity";

/** CONTRACT "Memories": at most 200 per user (each at most 2,000 characters: schemas.ts). */
const MAX_MEMORIES_PER_USER = 200;

type MemoryRow = typeof aiMemories.$inferSelect;
const publicMemory = (row: MemoryRow) => ({ id: row.id, content: row.content, createdAt: row.createdAt });

/**
 * Adds a memory; the 201st is a 409. The count and the insert are one statement, so two adds
 * at once cannot both pass the limit.
 */
export async function createMemory({ db, auth, now }: Ctx, content: string) {
  const userId = auth.user.id;
  const row: MemoryRow = { id: newId(), userId, content, createdAt: now };
  const result = await db.run(sql`
    INSERT INTO ai_memories (id, user_id, content, created_at)
    SELECT ${row.id}, ${row.userId}, ${row.content}, ${row.createdAt}
    WHERE (SELECT count(*) FROM ai_memories WHERE user_id = ${userId}) < ${MAX_MEMORIES_PER_USER}`);
  if (!result.meta.changes)
    throw conflict(`You have ${MAX_MEMORIES_PER_USER} memories, the most there may be; delete one to add another`);
  return publicMemory(row);
}

/** Newest first, by (createdAt, id) so equal timestamps page without gaps. */
export async function listMemories({ db, auth }: Ctx, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(aiMemories)
    .where(
      and(
        eq(aiMemories.userId, auth.user.id),
        after
          ? or(
              lt(aiMemories.createdAt, after.key),
              and(eq(aiMemories.createdAt, after.key), lt(aiMemories.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(aiMemories.createdAt), desc(aiMemories.id))
    .limit(limit + 1);
  const { page, meta } = cursorPage(rows, limit, (row) => ({ key: row.createdAt, id: row.id }));
  return { data: page.map(publicMemory), meta };
}

/** Another user's memory is indistinguishable from none (404). */
export async function deleteMemory({ db, auth }: Ctx, id: string) {
  const deleted = await db
    .delete(aiMemories)
    .where(and(eq(aiMemories.id, id), eq(aiMemories.userId, auth.user.id)))
    .returning({ id: aiMemories.id });
  if (!deleted.length) throw notFound("Memory not found");
  return { id, deleted: true as const };
}

/** The user's memories among `ids`, with their contents (for a send's one read batch). */
export const ownedMemoriesQuery = (db: Db, userId: string, ids: string[]) =>
  db
    .select({ id: aiMemories.id, content: aiMemories.content })
    .from(aiMemories)
    .where(and(eq(aiMemories.userId, userId), inArray(aiMemories.id, ids.length ? ids : [""])));

/** A send's `memoryIds` must all be the sender's: else a 400 field error on each other one (`memoryIds.N`). */
export function assertOwnMemories(ids: string[], owned: { id: string }[]) {
  const mine = new Set(owned.map((row) => row.id));
  const fields = ids.flatMap((id, index) =>
    mine.has(id) ? [] : [{ field: `memoryIds.${index}`, message: "is not one of your memories" }],
  );
  if (fields.length) throw badRequest(fields);
}

/** The contents of the memories a run pins, in the order sent; those deleted since are left out. */
export async function pinnedMemories(env: Env, userId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return contentsInOrder(ids, await ownedMemoriesQuery(createDb(env.DB), userId, ids));
}

/** The contents of `rows` in the order of `ids`. */
export function contentsInOrder(ids: string[], rows: { id: string; content: string }[]): string[] {
  const byId = new Map(rows.map((row) => [row.id, row.content]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
