import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { notificationCounters, notifications, users, type NotificationRow } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { ApiError, badRequest, forbidden, notFound } from "../../lib/errors";
import { isUuid, newId } from "../../lib/ids";
import { fieldErrors } from "../../http/router";
import { notificationInput, type NotificationInput } from "./input";
import type { ListFilter, Notification } from "./schemas";
import type { Ctx } from "../identity";

/** The purge deletes in slices so one cron run never holds a long write on D1. */
export const PURGE_BATCH_SIZE = 1_000;
/** Slices per cron run; whatever is left waits five minutes for the next run. */
const PURGE_MAX_BATCHES = 20;

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  icon: row.icon,
  actionUrl: row.actionUrl,
  category: row.category,
  priority: row.priority,
  status: row.status,
  readAt: row.readAt,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
});

/** Expired notifications are gone for every reader, even before the cron job deletes them. */
const notExpired = (now: string) => or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now))!;

type Status = NotificationRow["status"];
/** The statuses a listing shows: by default unread and read (archived ones are retained but hidden). */
const listedStatuses = (status: ListFilter["status"]): Status[] => (status ? [status] : ["unread", "read"]);

/** The rows a listing shows. */
function visible(userId: string, status: ListFilter["status"], now: string): SQL {
  return and(eq(notifications.userId, userId), inArray(notifications.status, listedStatuses(status)), notExpired(now))!;
}

/**
 * How many visible notifications of `statuses` a user has, without walking the inbox: the
 * trigger-kept counters, less the rows that expired and wait for the purge (an index range of at
 * most five minutes of expiries), so an expired notification stops counting the instant it expires.
 */
function visibleCount(db: Db, userId: string, statuses: Status[], now: string) {
  const expiredUnpurged = db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.status, statuses),
        isNotNull(notifications.expiresAt),
        lte(notifications.expiresAt, now),
      ),
    );
  return db
    .select({ total: sql<number>`coalesce(sum(${notificationCounters.count}), 0) - (${expiredUnpurged})`.as("total") })
    .from(notificationCounters)
    .where(and(eq(notificationCounters.userId, userId), inArray(notificationCounters.status, statuses)));
}

/**
 * Notifies a user: the one entry point for every domain (and the operator API). The insert reads
 * the user in the same statement, so an unknown user is a 404 rather than a foreign-key failure.
 */
export async function notify({ db }: Pick<Ctx, "db">, userId: string, input: NotificationInput): Promise<Notification> {
  const parsed = notificationInput.safeParse(input);
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
  if (!isUuid(userId)) throw notFound("No such user");
  const value = parsed.data;
  const inserted = await db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql`${newId()}`.as("id"),
          userId: users.id,
          title: sql`${value.title}`.as("title"),
          body: sql`${value.body}`.as("body"),
          icon: sql`${value.icon ?? null}`.as("icon"),
          actionUrl: sql`${value.actionUrl ?? null}`.as("action_url"),
          category: sql`${value.category}`.as("category"),
          priority: sql`${value.priority}`.as("priority"),
          status: sql`'unread'`.as("status"),
          readAt: sql`NULL`.as("read_at"),
          expiresAt: sql`${value.expiresAt ?? null}`.as("expires_at"),
          createdAt: sql`${nowIso()}`.as("created_at"),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .returning();
  const row = inserted[0];
  if (!row) throw notFound("No such user");
  return toNotification(row);
}

/**
 * One page, newest first, and the total of the same filter, in ONE statement: the count is a
 * one-row subquery the page is left-joined to, so an empty page (offset past the end) still
 * carries the total. Both halves walk an index (see the schema file), never the table.
 */
export function listQuery(db: Db, userId: string, filter: ListFilter, now: string) {
  const where = visible(userId, filter.status, now);
  const totals = visibleCount(db, userId, listedStatuses(filter.status), now).as("totals");
  const page = db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .as("page");
  return db
    .select({
      total: totals.total,
      id: page.id,
      userId: page.userId,
      title: page.title,
      body: page.body,
      icon: page.icon,
      actionUrl: page.actionUrl,
      category: page.category,
      priority: page.priority,
      status: page.status,
      readAt: page.readAt,
      expiresAt: page.expiresAt,
      createdAt: page.createdAt,
    })
    .from(totals)
    .leftJoin(page, sql`1 = 1`)
    .orderBy(desc(page.createdAt), desc(page.id));
}

/**
 * What the caller-facing verbs read of the request: the database, the caller and the request's
 * time, which stamps every state change of one request and bounds what it may see.
 */
type CallerCtx = Pick<Ctx, "db" | "now"> & { auth: { user: { id: string } } };

export async function listNotifications({ db, auth, now }: CallerCtx, filter: ListFilter) {
  const rows = await listQuery(db, auth.user.id, filter, now);
  const total = rows[0]?.total ?? 0;
  // The left join yields one all-null row when the page is empty; it carries only the total.
  const items = rows.flatMap(({ total: _total, ...row }) =>
    row.id === null ? [] : [toNotification(row as NotificationRow)],
  );
  return { items, total };
}

/** Unread, unexpired notifications: one counter row and an index range of expired ones. */
export const unreadCountQuery = (db: Db, userId: string, now: string) => visibleCount(db, userId, ["unread"], now);

export async function unreadCount({ db, auth, now }: CallerCtx) {
  const [row] = await unreadCountQuery(db, auth.user.id, now);
  return row?.total ?? 0;
}

/**
 * Applies a conditional UPDATE scoped to the caller and reads the row back in the same batch (one
 * round trip). The read tells the outcome apart: no row is 404, an expired one is 404 too (it is
 * gone for its owner as well), someone else's is 403, and otherwise the update applied or was a no-op.
 */
async function transition(
  db: Db,
  userId: string,
  id: string,
  set: SQLiteUpdateSetSource<typeof notifications>,
  applies: SQL,
  now: string,
) {
  if (!isUuid(id)) throw new ApiError("unprocessable_entity", "The notification id must be a UUID");
  const [, found] = await db.batch([
    db
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), notExpired(now), applies)),
    db
      .select({ userId: notifications.userId, expiresAt: notifications.expiresAt })
      .from(notifications)
      .where(eq(notifications.id, id)),
  ]);
  const row = found[0];
  if (!row || (row.expiresAt !== null && row.expiresAt <= now)) throw notFound("Notification not found");
  if (row.userId !== userId) throw forbidden("This notification belongs to another user");
}

/**
 * unread -> read with `readAt` = request time; already read is a no-op (the first `readAt` stays).
 * An archived notification stays archived; it only gains a `readAt` if it never had one. The
 * answer is always the spec's `{ status: "read" }`: it says the notification has been read, which
 * holds for an archived one too, not which state it is in.
 */
export async function markRead({ db, auth, now }: CallerCtx, id: string) {
  await transition(
    db,
    auth.user.id,
    id,
    {
      status: sql`CASE ${notifications.status} WHEN 'unread' THEN 'read' ELSE ${notifications.status} END`,
      readAt: now,
    },
    isNull(notifications.readAt),
    now,
  );
  return { status: "read" as const };
}

/** unread or read -> archived; retained (listed with `status=archived`); no-op when already archived. */
export async function archive({ db, auth, now }: CallerCtx, id: string) {
  await transition(db, auth.user.id, id, { status: "archived" }, ne(notifications.status, "archived"), now);
  return { status: "archived" as const };
}

/**
 * Every unread notification of the caller created up to the request's time becomes read, in one
 * statement. The bound is what keeps a notification that arrives while the call runs unread:
 * the caller cannot have seen it. Expired ones are invisible and left for the purge.
 */
export async function markAllRead({ db, auth, now }: CallerCtx) {
  const [, changed] = await db.batch([
    db
      .update(notifications)
      .set({ status: "read", readAt: now })
      .where(
        and(
          eq(notifications.userId, auth.user.id),
          eq(notifications.status, "unread"),
          lte(notifications.createdAt, now),
          notExpired(now),
        ),
      ),
    rowsChanged(db),
  ]);
  return { status: "all_read" as const, updated: changed[0]!.n };
}

/**
 * The rows the previous statement of a batch changed, without the counter triggers' own changes
 * (which D1's `meta.changes` adds in): SQLite's `changes()` counts the statement alone.
 */
const rowsChanged = (db: Db) => db.select({ n: sql<number>`changes()` }).from(sql`(SELECT 1)`);

/** Deletes expired notifications, a slice at a time (cron, every five minutes). Returns how many. */
export async function purgeExpiredNotifications(db: Db, now = nowIso()) {
  let purged = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
    const due = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(sql`${notifications.expiresAt} IS NOT NULL`, lte(notifications.expiresAt, now)))
      .limit(PURGE_BATCH_SIZE);
    const [, changed] = await db.batch([
      db.delete(notifications).where(inArray(notifications.id, due)),
      rowsChanged(db),
    ]);
    const deleted = changed[0]!.n;
    purged += deleted;
    if (deleted < PURGE_BATCH_SIZE) break;
  }
  return purged;
}
