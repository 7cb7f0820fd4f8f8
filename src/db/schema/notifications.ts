import { sql } from "drizzle-orm";
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

export const NOTIFICATION_STATUSES = ["unread", "read", "archived"] as const;
export const NOTIFICATION_PRIORITIES = ["low", "normal", "high"] as const;

/**
 * In-app notifications, one row per notification, owned by one user. Nothing in a row is secret.
 *
 * The indexes are what keep the list and the counts one query each at 100,000 rows per user
 * (see docs/notifications.md for the query plans):
 * - `notifications_user_status_created_idx` (user_id, status, created_at, id, expires_at): the unread
 *   count and any listing filtered by one status walk one contiguous range, already in
 *   newest-first order, and never touch the table to test expiry (expires_at is in the index).
 * - `notifications_user_created_idx` (user_id, created_at, id, status, expires_at): the default
 *   listing (unread and read together) walks the caller's rows newest first without a sort, and
 *   its total is counted from the index alone.
 * - `notifications_expires_idx` (partial, rows that expire): the purge finds due rows without a scan.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    icon: text("icon"),
    actionUrl: text("action_url"),
    category: text("category").notNull(),
    priority: text("priority", { enum: NOTIFICATION_PRIORITIES }).notNull(),
    status: text("status", { enum: NOTIFICATION_STATUSES }).notNull(),
    readAt: text("read_at"),
    /** Past this instant the notification is invisible, and the cron job deletes it. */
    expiresAt: text("expires_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("notifications_user_status_created_idx").on(t.userId, t.status, t.createdAt, t.id, t.expiresAt),
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id, t.status, t.expiresAt),
    index("notifications_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
