import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { isUniqueViolation } from "../../lib/errors";
import { ledgerStatements } from "./ledger";

export interface RunCost {
  /** The user who sent the run: their account pays. */
  userId: string;
  /**
   * That user's account when the caller read it already (the run's end reads it with the reply),
   * so the debit looks nothing up; null when the user is gone.
   */
  accountId?: string | null;
  /** The assistant message of the run: one debit per message, however often its end is recorded. */
  messageId: string;
  /**
   * The run's priced parts in micro-USD (the AI domain prices them: `runDebitMicros`), or how to
   * compute them (its reads fail like the write). 0 debits nothing.
   */
  costMicros: number | (() => Promise<number>);
  /**
   * The statements that commit with the debit, in its D1 batch (the AI run row's completion): both
   * or neither. They are committed even when the run costs nothing, or when its entry exists already.
   */
  with?: BatchItem<"sqlite">[];
}

/**
 * Debits an AI run's cost from its sender's wallet when the run ends, in one batch with `run.with`.
 * A run that costs nothing (no priced part, a free model, under half a micro-dollar) writes no
 * entry. A second debit of the same message fails the batch on the ledger's unique index (kind,
 * reference): the first one stands, and `with` is committed alone (its own guards make it a no-op
 * when the first batch wrote it). Any other failure is thrown: the caller (the conversation's
 * object) keeps the run's end and tries again from its alarm until the batch commits.
 */
export async function debitRunCost(db: Db, run: RunCost) {
  const micros = typeof run.costMicros === "number" ? run.costMicros : await run.costMicros();
  const debit = Number.isSafeInteger(micros) && micros > 0 ? await entryOf(db, run, micros) : [];
  const alongside = run.with ?? [];
  try {
    await batchOf(db, [...alongside, ...debit]);
  } catch (error) {
    if (debit.length === 0 || !isUniqueViolation(error)) throw error;
    await batchOf(db, alongside);
  }
}

/** One D1 batch (one transaction) of `statements`; none for no statement. */
async function batchOf(db: Db, statements: BatchItem<"sqlite">[]) {
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** The sender's account, as given or read. */
async function accountOf(db: Db, run: RunCost): Promise<string | null> {
  if (run.accountId !== undefined) return run.accountId;
  const [sender] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, run.userId));
  return sender?.accountId ?? null;
}

/** The ledger statements of the run's debit, or none when its sender is gone. */
async function entryOf(db: Db, run: RunCost, micros: number): Promise<BatchItem<"sqlite">[]> {
  const accountId = await accountOf(db, run);
  if (!accountId) return [];
  return [
    ...ledgerStatements(db, {
      accountId,
      kind: "usage",
      amountMicros: -micros,
      reference: run.messageId,
      description: "AI run",
    }),
  ];
}
