import { and, eq } from "drizzle-orm";
import { createDb } from "../../../db/client";
import { aiMessages, type ToolCallRecord } from "../../../db/schema/ai";
import { debitRunCost } from "../../wallet";
import { endedRun, runDebitMicros } from "./cost";

export type RunEnd = Partial<typeof aiMessages.$inferInsert> & { status: "completed" | "stopped" | "failed" };

/**
 * Writes how a run ended onto its reply's D1 row. Only a row still `running` is written, so a
 * reply whose session was deleted meanwhile stays deleted.
 */
export async function recordRunEnd(d1: D1Database, messageId: string, values: RunEnd) {
  const db = createDb(d1);
  const [ended] = await db
    .update(aiMessages)
    .set({ ...values, runStatus: values.status })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.status, "running")))
    .returning(endedRun);
  // The run's priced parts (tokens and capability units) leave the sender's wallet as its end is
  // first recorded (docs/billing.md "Wallet").
  if (ended)
    await debitRunCost(db, {
      userId: ended.userId,
      messageId,
      costMicros: () => runDebitMicros(db, ended),
    });
}

/**
 * The tool calls of a run still going, onto its reply's row, so a page reloaded meanwhile rebuilds
 * their cards (a call awaiting approval above all) from history.
 */
export async function recordToolCalls(d1: D1Database, messageId: string, toolCalls: ToolCallRecord[]) {
  await createDb(d1)
    .update(aiMessages)
    .set({ toolCalls })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.status, "running")));
}
