import { count, desc, eq, sql } from "drizzle-orm";
import { accounts, walletEntries, wallets } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { entryView } from "./ledger";
import { microsToUsd } from "./money";
import { capMonth, monthSpentMicros } from "./spend-cap";
import type { Ctx } from "../identity";

/**
 * The caller's account's balance, spend cap and this calendar month's spend (UTC); an account that
 * never had an entry has 0 since it was opened, and no cap.
 */
export async function walletOf({ db, auth }: Pick<Ctx, "db" | "auth">) {
  const { accountId } = auth;
  const [row] = await db
    .select({
      balanceMicros: wallets.balanceMicros,
      updatedAt: wallets.updatedAt,
      openedAt: accounts.createdAt,
      capMicros: wallets.monthlyCapMicros,
      spentMicros: monthSpentMicros(accountId, capMonth().startsAt),
    })
    .from(accounts)
    .leftJoin(wallets, eq(wallets.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound("No such account");
  return {
    balanceUsd: microsToUsd(row.balanceMicros ?? 0),
    currency: "USD" as const,
    updatedAt: row.updatedAt ?? row.openedAt,
    monthlyCapUsd: row.capMicros === null ? null : microsToUsd(row.capMicros),
    monthSpentUsd: microsToUsd(row.spentMicros),
  };
}

/** The ledger, newest first (entries of the same instant in the order they were written, last first). */
export async function listEntries({ db, auth }: Ctx, page: { limit: number; offset: number }) {
  const { accountId } = auth;
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.accountId, accountId))
      .orderBy(desc(walletEntries.createdAt), desc(sql`rowid`))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(walletEntries).where(eq(walletEntries.accountId, accountId)),
  ]);
  return { items: rows.map(entryView), total: totals[0]?.total ?? 0 };
}
