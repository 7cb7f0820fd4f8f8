import { desc, sql } from "drizzle-orm";
import { outbox } from "../../db/schema";
import type { Ctx } from "../identity";

/** Mail written while no mail provider is configured, newest first, with the total, in one round trip. */
export async function listOutbox({ db }: Pick<Ctx, "db">, limit: number, offset: number) {
  const [rows, [count]] = await db.batch([
    db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)` }).from(outbox),
  ]);
  return { messages: rows.map(({ recipient, ...row }) => ({ ...row, to: recipient })), total: count?.total ?? 0 };
}
