import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb, type Db } from "../../src/db/client";
import {
  archive,
  listNotifications,
  markAllRead,
  markRead,
  notify,
  purgeExpiredNotifications,
  unreadCount,
} from "../../src/domains/notifications/service";
import { createUser } from "../helpers/api";

/**
 * The trigger-kept counters against a full count of the rows, after a random mix of every kind of
 * write (create, read, archive, mark-all-read, purge) and at moments on both sides of expiries.
 * A seeded generator makes a failure reproducible.
 */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** A caller's request at `now` (the verbs read the database, the caller and the request's time). */
const caller = (db: Db, userId: string, now = new Date().toISOString()) => ({
  db,
  now,
  auth: { user: { id: userId } },
});

async function fullCount(userId: string, statuses: string[], now: string) {
  const marks = statuses.map(() => "?").join(",");
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM notifications WHERE user_id = ? AND status IN (${marks}) AND (expires_at IS NULL OR expires_at > ?)`,
  )
    .bind(userId, ...statuses, now)
    .first<{ n: number }>();
  return row!.n;
}

describe("notification counters", () => {
  it.each([1, 2, 3])("equal a full count after random writes (seed %i)", async (seed) => {
    const next = random(seed);
    const db = createDb(env.DB);
    const [user, other] = await Promise.all([createUser(), createUser()]);
    const start = Date.now();
    const ids: string[] = [];
    for (let step = 0; step < 120; step++) {
      const roll = next();
      const owner = next() < 0.85 ? user.id : other.id;
      if (roll < 0.45 || ids.length === 0) {
        // Some expire within the next minute, so "now" below lands on both sides of expiries.
        const expiresAt =
          next() < 0.4 ? new Date(start + 1_000 + Math.floor(next() * 60_000)).toISOString() : undefined;
        const created = await notify({ db }, owner, { title: `n${step}`, body: "b", expiresAt });
        if (owner === user.id) ids.push(created.id);
      } else if (roll < 0.7) {
        await markRead(caller(db, user.id), ids[Math.floor(next() * ids.length)]!).catch(() => undefined);
      } else if (roll < 0.85) {
        await archive(caller(db, user.id), ids[Math.floor(next() * ids.length)]!).catch(() => undefined);
      } else if (roll < 0.93) {
        await markAllRead(caller(db, user.id));
      } else {
        await purgeExpiredNotifications(db, new Date(start + Math.floor(next() * 60_000)).toISOString());
      }
    }
    for (const offset of [0, 15_000, 30_000, 45_000, 61_000]) {
      const now = new Date(start + offset).toISOString();
      expect(await unreadCount(caller(db, user.id, now)), `unread at +${offset} ms`).toBe(
        await fullCount(user.id, ["unread"], now),
      );
      for (const status of [undefined, "unread", "read", "archived"] as const) {
        const { total } = await listNotifications(caller(db, user.id, now), { status, limit: 1, offset: 0 });
        expect(total, `${status ?? "default"} at +${offset} ms`).toBe(
          await fullCount(user.id, status ? [status] : ["unread", "read"], now),
        );
      }
    }
  });

  it("an expired notification stops counting the instant it expires, before any purge", async () => {
    const db = createDb(env.DB);
    const user = await createUser();
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    await notify({ db }, user.id, { title: "soon gone", body: "b", expiresAt });
    await notify({ db }, user.id, { title: "stays", body: "b" });
    expect(await unreadCount(caller(db, user.id))).toBe(2);
    expect(await unreadCount(caller(db, user.id, expiresAt))).toBe(1);
    expect((await listNotifications(caller(db, user.id, expiresAt), { limit: 20, offset: 0 })).total).toBe(1);
  });
});
