import { count, desc, eq, sql } from "drizzle-orm";
import { accounts, walletEntries, wallets } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { entryView } from "./ledger";
import { microsToUsd } from "./money";
import { capMonth, monthSpentMicros } from "./spend-cap";
import type { Db } from "../../db/client";
import type { Ctx } from "../identity";

/** The read of an account's wallet (`walletOf`), as one statement: for a batch of its own or a writer's. */
export const walletQuery = (db: Db, accountId: string) =>
  db
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

/** The wallet as the API shows it, from `walletQuery`'s rows. */
export function walletView([row]: Awaited<ReturnType<typeof walletQuery>>) {
  if (!row) throw notFound("No such account");
  return {
    balanceUsd: microsToUsd(row.balanceMicros ?? 0),
    currency: "USD" as const,
    updatedAt: row.updatedAt ?? row.openedAt,
    monthlyCapUsd: row.capMicros === null ? null : microsToUsd(row.capMicros),
    monthSpentUsd: microsToUsd(row.spentMicros),
  };
}

/**
 * The caller's account's balance, spend cap and this calendar month's spend (UTC); an account that
 * never had an entry has 0 since it was opened, and no cap.
 */
export const walletOf = async ({ db, auth }: Pick<Ctx, "db" | "auth">) =>
  walletView(await walletQuery(db, auth.accountId));

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
