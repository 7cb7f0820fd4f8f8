import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { accounts, ownedByAccount } from "./identity";

/**
 * Every payment-provider event applied, by its id: Stripe delivers at least once (and retries),
 * so the id's primary key makes a second delivery a no-op. Written in the same transaction as
 * the event's effect, so an event is either applied and recorded or neither.
 */
export const billingEvents = sqliteTable(
  "billing_events",
  {
    /** Stripe's event id (`evt_...`). */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: text("received_at").notNull(),
  },
  (t) => [index("billing_events_received_idx").on(t.receivedAt)],
);

/** The paid subscription behind an account's plan, so its cancellation can find the account. */
export const billingSubscriptions = sqliteTable(
  "billing_subscriptions",
  {
    /** Stripe's subscription id (`sub_...`). */
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    customerId: text("customer_id"),
    plan: text("plan", { enum: ["pro", "business"] }).notNull(),
    status: text("status", { enum: ["active", "canceled"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("billing_subscriptions_account_idx").on(t.accountId)],
);

/**
 * The wallet's running balance per account (docs/billing.md "Wallet"): written in the same D1
 * batch as every ledger entry, so it always equals the sum of the account's entries. No row
 * means a balance of zero and no spend cap (setting a cap writes the row with a balance of zero).
 */
export const wallets = sqliteTable("wallets", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** Micro-USD (1e-6 USD), an integer so sums are exact. */
  balanceMicros: integer("balance_micros").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** The monthly spend cap in micro-USD (CONTRACT "Spend cap"); null: no cap. */
  monthlyCapMicros: integer("monthly_cap_micros"),
  /**
   * The cap notices sent (80 and 100 percent, once a calendar month each): the month (`YYYY-MM`,
   * UTC) of the last one and its percent. Claimed by a conditional update, so one run's end sends each.
   */
  capNoticeMonth: text("cap_notice_month"),
  capNoticePercent: integer("cap_notice_percent"),
});

/**
 * The wallet's append-only ledger: credits (`topup`), AI run costs (`usage`, negative) and
 * operator corrections (`adjustment`). `reference` names what an entry is for (the top-up, the
 * assistant message, the operator's key); unique per kind, so nothing is credited or debited twice.
 */
export const walletEntries = sqliteTable(
  "wallet_entries",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    kind: text("kind", { enum: ["topup", "usage", "adjustment"] }).notNull(),
    /** Micro-USD, signed: credits positive, debits negative. */
    amountMicros: integer("amount_micros").notNull(),
    /** The running balance just after this entry. */
    balanceAfterMicros: integer("balance_after_micros").notNull(),
    reference: text("reference"),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [
    index("wallet_entries_account_created_idx").on(t.accountId, t.createdAt),
    uniqueIndex("wallet_entries_kind_reference_idx").on(t.kind, t.reference),
  ],
);

/**
 * A wallet top-up bought through Stripe Checkout (payment mode): written before the Checkout
 * Session is created, so a paid session always finds the amount and account it was for; the
 * webhook credits it once (`credited`).
 */
export const walletTopUps = sqliteTable(
  "wallet_top_ups",
  {
    id: text("id").primaryKey(),
    accountId: ownedByAccount(),
    amountMicros: integer("amount_micros").notNull(),
    /** Stripe's Checkout Session id (`cs_...`), once Stripe has created it. */
    sessionId: text("session_id").unique(),
    status: text("status", { enum: ["pending", "credited"] }).notNull(),
    createdAt: createdAt(),
    creditedAt: text("credited_at"),
  },
  (t) => [index("wallet_top_ups_account_idx").on(t.accountId)],
);
