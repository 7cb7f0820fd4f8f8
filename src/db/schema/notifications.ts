import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { ownedByUser } from "./identity";

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
    userId: ownedByUser(),
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
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_status_created_idx").on(t.userId, t.status, t.createdAt, t.id, t.expiresAt),
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id, t.status, t.expiresAt),
    index("notifications_expires_idx").on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`),
    // The rows of one user and status that expire, by expiry: the few expired-but-not-yet-purged
    // rows the counters still include are found here without walking the inbox.
    index("notifications_user_status_expiring_idx")
      .on(t.userId, t.status, t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL`),
  ],
);

/**
 * How many notifications each user has in each status, so counts never walk the inbox. Kept by
 * triggers on `notifications` (migrations/0005_notification_counters.sql): every insert, status
 * change and delete moves the counters in the same statement, whoever writes. Rows that expired
 * but are not purged yet are still counted here; readers subtract them (an index range).
 */
export const notificationCounters = sqliteTable(
  "notification_counters",
  {
    userId: text("user_id").notNull(),
    status: text("status", { enum: NOTIFICATION_STATUSES }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
