import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { walletEntries, wallets } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { isUniqueViolation } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { microsToUsd } from "./money";

export type EntryKind = (typeof walletEntries.$inferSelect)["kind"];

export interface LedgerEntry {
  accountId: string;
  kind: EntryKind;
  /** Micro-USD, signed: credits positive, debits negative. */
  amountMicros: number;
  /** What the entry is for (a top-up, an assistant message, an operator's key): at most one entry per kind and reference. */
  reference: string | null;
  description: string | null;
}

type EntryRow = typeof walletEntries.$inferSelect;

/** An entry as the API shows it. */
export const entryView = (row: EntryRow) => ({
  id: row.id,
  kind: row.kind,
  amountUsd: microsToUsd(row.amountMicros),
  balanceAfterUsd: microsToUsd(row.balanceAfterMicros),
  reference: row.reference,
  description: row.description,
  createdAt: row.createdAt,
});

/**
 * The two statements of one entry, for a D1 batch (one transaction): the running total moves,
 * then the entry is appended with the balance it left. A second entry with the same kind and
 * reference fails the batch on the unique index, so the total cannot move without its entry.
 */
export function ledgerStatements(db: Db, entry: LedgerEntry, now = nowIso()) {
  const total = db
    .insert(wallets)
    .values({ accountId: entry.accountId, balanceMicros: entry.amountMicros, updatedAt: now })
    .onConflictDoUpdate({
      target: wallets.accountId,
      set: { balanceMicros: sql`balance_micros + excluded.balance_micros`, updatedAt: now },
    });
  const append = db
    .insert(walletEntries)
    .values({
      id: newId(),
      ...entry,
      balanceAfterMicros: sql`(SELECT balance_micros FROM wallets WHERE account_id = ${entry.accountId})`,
      createdAt: now,
    })
    .returning();
  return [total, append] as const satisfies readonly BatchItem<"sqlite">[];
}

/** Posts one entry on its own; null when an entry of that kind and reference exists already. */
export async function postEntry(db: Db, entry: LedgerEntry) {
  try {
    const [, appended] = await db.batch(ledgerStatements(db, entry));
    return entryView(appended[0]!);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
