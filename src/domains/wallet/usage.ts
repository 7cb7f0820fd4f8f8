import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { describeError, logError } from "../../lib/log";
import { postEntry } from "./ledger";

export interface RunCost {
  /** The user who sent the run: their account pays. */
  userId: string;
  /** The assistant message of the run: one debit per message, however often its end is recorded. */
  messageId: string;
  /**
   * The run's priced parts in micro-USD (the AI domain prices them: `runDebitMicros`), or how to
   * compute them (its reads fail like the write: logged). 0 debits nothing.
   */
  costMicros: number | (() => Promise<number>);
}

/**
 * Debits an AI run's cost from its sender's wallet when the run ends. A run that costs nothing
 * (no priced part, a free model, under half a micro-dollar) writes no entry. A failure is logged,
 * never thrown: the run's end is already recorded, and a wallet write must not undo or stall it.
 */
export async function debitRunCost(db: Db, run: RunCost) {
  try {
    const micros = typeof run.costMicros === "number" ? run.costMicros : await run.costMicros();
    if (!Number.isSafeInteger(micros) || micros <= 0) return;
    const [sender] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, run.userId));
    if (!sender) return;
    await postEntry(db, {
      accountId: sender.accountId,
      kind: "usage",
      amountMicros: -micros,
      reference: run.messageId,
      description: "AI run",
    });
  } catch (error) {
    logError({}, { messageId: run.messageId, walletDebit: true, ...describeError(error) });
  }
}
