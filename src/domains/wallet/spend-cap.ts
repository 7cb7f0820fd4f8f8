import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, users, walletEntries, wallets } from "../../db/schema";
import { toIso } from "../../lib/clock";
import { ApiError } from "../../lib/errors";
import { logError, describeError } from "../../lib/log";
import { accountLimiter, RECENT_DEBITS_MS, releaseSpend, reserveSpend } from "../limits";
import { notify } from "../notifications";
import { microsToUsd } from "./money";

/**
 * The monthly spend cap (CONTRACT Wallet "Spend cap"; docs/wallet.md "Spend cap"): what the month
 * spent is, the admission of a run against it (a hold of its maximum estimated cost in the
 * account's limiter object), and the settlement of that hold with the 80 % and 100 % notices.
 */

/** The notices, in percent of the cap, each sent once a calendar month. */
const NOTICE_PERCENTS = [100, 80] as const;

/** The calendar month (UTC) of `now`: its key (`YYYY-MM`), its start, and the next one's (when the cap resets). */
export function capMonth(now = Date.now()) {
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { key: toIso(start).slice(0, 7), startsAt: toIso(start), resetsAt: toIso(next) };
}

/**
 * The month's spend in micro-USD as a column: minus the sum of its `usage` entries (never deleted,
 * also when their session is), over the ledger's (account, created_at) index.
 */
export const monthSpentMicros = (accountId: string, startsAt: string) =>
  sql<number>`(SELECT -coalesce(sum(${walletEntries.amountMicros}), 0) FROM ${walletEntries} WHERE ${walletEntries.accountId} = ${accountId} AND ${walletEntries.createdAt} >= ${startsAt} AND ${walletEntries.kind} = 'usage')`.mapWith(
    Number,
  );

/**
 * The cap and the month's spend of an account, as one read (for a batch). The spend is summed only
 * under a cap (`CASE` evaluates the branch it takes): most accounts have none, and every send reads
 * this, so theirs reads 0 without scanning the month's ledger.
 */
function spendStateQuery(db: Db, accountId: string, now = Date.now()) {
  const month = capMonth(now);
  return db
    .select({
      capMicros: wallets.monthlyCapMicros,
      spentMicros:
        sql<number>`CASE WHEN ${wallets.monthlyCapMicros} IS NULL THEN 0 ELSE ${monthSpentMicros(accountId, month.startsAt)} END`.mapWith(
          Number,
        ),
      noticeMonth: wallets.capNoticeMonth,
      noticePercent: wallets.capNoticePercent,
    })
    .from(accounts)
    .leftJoin(wallets, eq(wallets.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
}

type SpendRow = Awaited<ReturnType<typeof spendStateQuery>>[number];

/** An account's cap and month spend, and the recent debits that spend counts (`SpendRequest.debitedKeys`). */
export interface SpendState {
  accountId: string;
  capMicros: number | null;
  spentMicros: number;
  debitedKeys: string[];
  /** When the read began (epoch ms): the month it read. */
  readAt: number;
}

/**
 * The references (run keys) of the account's usage entries since `since`, under a cap only (none
 * read for an account without one, as `spendStateQuery`): one statement, for a batch.
 */
const recentDebitsQuery = (db: Db, accountId: string, since: string) =>
  db
    .select({ reference: walletEntries.reference })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.accountId, accountId),
        gte(walletEntries.createdAt, since),
        eq(walletEntries.kind, "usage"),
        sql`EXISTS (SELECT 1 FROM ${wallets} WHERE ${wallets.accountId} = ${accountId} AND ${wallets.monthlyCapMicros} IS NOT NULL)`,
      ),
    );

/**
 * The two reads of an account's spend state as of `readAt`, for a D1 batch (the turn's own: no
 * round trip of their own); `spendStateOf` makes the state of their rows.
 */
export const spendStateQueries = (db: Db, accountId: string, readAt: number) =>
  [spendStateQuery(db, accountId, readAt), recentDebitsQuery(db, accountId, toIso(readAt - RECENT_DEBITS_MS))] as const;

type SpendRows = readonly [Awaited<ReturnType<typeof spendStateQuery>>, Awaited<ReturnType<typeof recentDebitsQuery>>];

/** The state the rows of `spendStateQueries` describe. */
export function spendStateOf(accountId: string, readAt: number, [[row], recent]: SpendRows): SpendState {
  return {
    accountId,
    capMicros: row?.capMicros ?? null,
    spentMicros: row?.spentMicros ?? 0,
    debitedKeys: recent.flatMap((entry) => (entry.reference ? [entry.reference] : [])),
    readAt,
  };
}

/** A dollar amount as people read it: cents, more digits only where they count ($0.005). */
function usdText(micros: number) {
  const usd = microsToUsd(micros);
  const text = usd.toFixed(6).replace(/0+$/, "");
  const [whole, fraction = ""] = text.split(".");
  return `$${whole}.${fraction.padEnd(2, "0")}`;
}

/** The 402 of a run the cap refuses; `why` says what is short, the rest names the cap and its reset. */
function capRefusal(state: SpendState, why: string, reservedMicros = 0) {
  const { resetsAt } = capMonth(state.readAt);
  return new ApiError(
    "spend_cap_reached",
    `${why}; the monthly spend cap of ${usdText(state.capMicros!)} resets on ${resetsAt}`,
    {
      monthlyCapUsd: microsToUsd(state.capMicros!),
      monthSpentUsd: microsToUsd(state.spentMicros),
      reservedUsd: microsToUsd(reservedMicros),
      resetsAt,
    },
  );
}

/** A run asking to be admitted: its key (the assistant message id) and its maximum estimated cost. */
export interface SpendAsk {
  key: string;
  /** Micro-USD; null when a part of the run has no price (its cost cannot be bounded). */
  maxCostMicros: number | null;
}

/**
 * Admits a run against its account's cap, or throws the 402. No cap, or a run that costs nothing:
 * admitted as it is. Month spend at the cap (spent >= cap): refused, unpriced runs included. An
 * unpriced run below the cap: admitted without a hold (its cost has no bound to hold). Else its
 * maximum estimated cost is held in the limiter object, and refused when it does not fit in cap −
 * spent − what other runs hold. Returns whether a hold was taken (to settle or drop).
 */
export async function admitSpend(env: Env, state: SpendState, ask: SpendAsk): Promise<boolean> {
  if (state.capMicros === null || ask.maxCostMicros === 0) return false;
  if (state.spentMicros >= state.capMicros)
    throw capRefusal(state, `This month's spend of ${usdText(state.spentMicros)} has reached the cap`);
  if (ask.maxCostMicros === null) return false;
  const decision = await reserveSpend(env, accountLimiter(state.accountId), {
    key: ask.key,
    micros: ask.maxCostMicros,
    availableMicros: state.capMicros - state.spentMicros,
    debitedKeys: state.debitedKeys,
  });
  if (decision.allowed) return true;
  const left = Math.max(0, state.capMicros - state.spentMicros - decision.reservedMicros);
  throw capRefusal(
    state,
    `This run may cost up to ${usdText(ask.maxCostMicros)}, more than the ${usdText(left)} the cap leaves this month (spent ${usdText(state.spentMicros)}, held by runs in progress ${usdText(decision.reservedMicros)})`,
    decision.reservedMicros,
  );
}

/** Drops the hold of a run that never started (nothing will be debited). */
export async function dropSpendHold(env: Env, accountId: string, key: string) {
  await releaseSpend(env, accountLimiter(accountId), key, null);
}

/** A run whose end and debit committed (or never will: its session is gone). */
export interface SettledRun {
  accountId: string;
  /** The assistant message id: the hold's key and the usage entry's reference. */
  messageId: string;
  /** Whether the run was admitted with a hold (else there is nothing to release, only notices). */
  held: boolean;
}

/** The run's usage entry (micro-USD, negative), by its reference: one statement, for a batch. */
const runDebitQuery = (db: Db, messageId: string) =>
  db
    .select({ amountMicros: walletEntries.amountMicros })
    .from(walletEntries)
    .where(and(eq(walletEntries.kind, "usage"), eq(walletEntries.reference, messageId)));

/**
 * After a run of a capped account ended and its debit committed (its conversation calls this on
 * whichever try commits it; until then the hold keeps the run's whole estimate): its hold settles
 * at its debit (none: released; held on for reads of the spend made before the debit committed),
 * and the month's spend is checked against the 80 % and 100 % notices. Never throws: a failure is
 * logged, and the hold expires on its own (`SPEND_HOLD_MS`).
 */
export async function settleSpend(env: Env, db: Db, run: SettledRun) {
  try {
    const now = Date.now();
    const [states, debits] = await db.batch([
      spendStateQuery(db, run.accountId, now),
      runDebitQuery(db, run.messageId),
    ]);
    if (run.held)
      await releaseSpend(env, accountLimiter(run.accountId), run.messageId, -(debits[0]?.amountMicros ?? 0));
    const state = states[0];
    if (state) await sendNotice(db, run.accountId, state, capMonth(now));
  } catch (error) {
    logError(env, { accountId: run.accountId, messageId: run.messageId, spendCap: true, ...describeError(error) });
  }
}

/**
 * The highest notice the month's spend has reached, sent once that month: claimed by a
 * conditional update of the wallet row (two runs ending at once send it once). Spend that jumps
 * past both thresholds sends the 100 % notice only (the 80 % one would say less, at the same time).
 */
async function sendNotice(db: Db, accountId: string, state: SpendRow, month: ReturnType<typeof capMonth>) {
  if (state.capMicros === null) return;
  const percent = NOTICE_PERCENTS.find((p) => state.spentMicros * 100 >= state.capMicros! * p);
  if (percent === undefined) return;
  const claimed = await db
    .update(wallets)
    .set({ capNoticeMonth: month.key, capNoticePercent: percent })
    .where(
      and(
        eq(wallets.accountId, accountId),
        or(
          isNull(wallets.capNoticeMonth),
          sql`${wallets.capNoticeMonth} <> ${month.key}`,
          lt(wallets.capNoticePercent, percent),
        ),
      ),
    )
    .returning({ accountId: wallets.accountId });
  if (!claimed.length) return;
  const members = await db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
  const cap = usdText(state.capMicros);
  const spent = usdText(state.spentMicros);
  const notice =
    percent === 100
      ? {
          title: "Monthly AI spend cap reached",
          body: `This month's AI spend (${spent}) has reached your cap of ${cap}: priced AI runs are refused until it resets on ${month.resetsAt.slice(0, 10)} (UTC), or until you raise the cap.`,
          priority: "high" as const,
        }
      : {
          title: "80% of your monthly AI spend cap used",
          body: `This month's AI spend is ${spent} of your ${cap} cap. Priced AI runs are refused once it is reached; it resets on ${month.resetsAt.slice(0, 10)} (UTC).`,
          priority: "normal" as const,
        };
  await Promise.all(
    members.map((member) =>
      notify({ db }, member.id, { ...notice, category: "wallet", actionUrl: "/settings/wallet" }),
    ),
  );
}
