import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./identity";

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
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    customerId: text("customer_id"),
    plan: text("plan", { enum: ["pro", "business"] }).notNull(),
    status: text("status", { enum: ["active", "canceled"] }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("billing_subscriptions_account_idx").on(t.accountId)],
);
