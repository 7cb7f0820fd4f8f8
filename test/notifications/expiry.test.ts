import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CRON_TASKS, EVERY_FIVE_MINUTES, runScheduled } from "../../src/cron";
import { notifications } from "../../src/db/schema";
import { PURGE_BATCH_SIZE, purgeExpiredNotifications } from "../../src/domains/notifications/service";
import { createUser } from "../helpers/api";
import { api } from "../helpers/client";
import { insertRow, isoIn, send, sleep, testDb } from "./helpers";

const stored = async (ids: string[]) =>
  (await testDb().select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, ids))).map(
    (r) => r.id,
  );

describe("expiry", () => {
  it("a notification disappears from list and count once expiresAt passes", async () => {
    const user = await createUser();
    const shortLived = await send(user.id, { expiresAt: isoIn(400) });
    const count = async () => (await api(user).GET("/api/v1/notifications/unread-count")).body.data.count;
    expect(await count()).toBe(1);
    await sleep(500);
    expect(await count()).toBe(0);
    const list = await api(user).GET("/api/v1/notifications");
    expect(list.body.meta.total).toBe(0);
    expectNotListed(list.body.data, shortLived.id);
  });

  it("the five-minute cron job deletes expired notifications of every user and keeps the rest", async () => {
    expect(CRON_TASKS[EVERY_FIVE_MINUTES]).toContainEqual(expect.any(Function));
    const alice = await createUser();
    const bob = await createUser();
    const expired = [
      await insertRow(alice.id, { expiresAt: isoIn(-60_000) }),
      await insertRow(bob.id, { expiresAt: isoIn(-1), status: "archived" }),
    ];
    const kept = [await insertRow(alice.id, { expiresAt: isoIn(3_600_000) }), await insertRow(bob.id)];
    const all = [...expired, ...kept].map((r) => r.id);

    await runScheduled(createScheduledController({ cron: EVERY_FIVE_MINUTES, scheduledTime: Date.now() }), env);
    expect((await stored(all)).sort()).toEqual(kept.map((r) => r.id).sort());
  });

  it("purges in slices until nothing expired is left", async () => {
    const user = await createUser();
    const db = testDb();
    const total = PURGE_BATCH_SIZE + 5;
    const rows = Array.from({ length: total }, () => ({
      id: crypto.randomUUID(),
      userId: user.id,
      title: "t",
      body: "b",
      category: "system",
      priority: "normal" as const,
      status: "unread" as const,
      expiresAt: isoIn(-1_000),
      createdAt: isoIn(-2_000),
    }));
    // D1 binds at most 100 parameters per statement: insert 8 rows (9 columns) at a time, one batch.
    const chunks = [];
    for (let i = 0; i < rows.length; i += 8) chunks.push(db.insert(notifications).values(rows.slice(i, i + 8)));
    await db.batch(chunks as [(typeof chunks)[0], ...typeof chunks]);
    const survivor = await insertRow(user.id);

    const purged = await purgeExpiredNotifications(db);
    expect(purged).toBeGreaterThanOrEqual(total);
    const left = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id));
    expect(left).toEqual([{ id: survivor.id }]);
  });
});

function expectNotListed(data: { id: string }[], id: string) {
  expect(data.map((n) => n.id)).not.toContain(id);
}
