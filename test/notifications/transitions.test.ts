import { describe, expect, it } from "vitest";
import {
  archiveResultSchema,
  markAllReadResultSchema,
  readResultSchema,
} from "../../src/domains/notifications/schemas";
import { markAllRead } from "../../src/domains/notifications/service";
import { envelope } from "../../src/http/openapi";
import { admin, createUser, expectShape, type TestUser } from "../helpers/api";
import { eq } from "drizzle-orm";
import { notifications } from "../../src/db/schema";
import {
  archive,
  insertRow,
  isoIn,
  list,
  markAllRead as markAllReadNow,
  markRead,
  send,
  sleep,
  testDb,
  unreadCount,
} from "./helpers";

/** The notification `id` as the caller's list shows it, in whichever state it is (it must be listed). */
async function find(user: TestUser, id: string) {
  for (const status of ["unread", "read", "archived"] as const) {
    const res = await list(user, { status, limit: 50 });
    const hit = res.body.data.find((n) => n.id === id);
    if (hit) return hit;
  }
  throw new Error(`notification ${id} is in none of the caller's lists`);
}

describe("PATCH /notifications/:id/read", () => {
  it("unread -> read, readAt set to the request time", async () => {
    const user = await createUser();
    const n = await send(user.id);
    const before = new Date().toISOString();
    const res = await markRead(user, n.id);
    const after = new Date().toISOString();
    expect(res.status).toBe(200);
    expect(expectShape(envelope(readResultSchema), res.body)).toEqual({ data: { status: "read" } });
    const stored = await find(user, n.id);
    expect(stored.status).toBe("read");
    expect(stored.readAt! >= before && stored.readAt! <= after).toBe(true);
  });

  it("is a no-op when already read: readAt keeps its first value", async () => {
    const user = await createUser();
    const n = await send(user.id);
    await markRead(user, n.id);
    const first = (await find(user, n.id)).readAt;
    await sleep(5);
    const again = await markRead(user, n.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ status: "read" });
    expect((await find(user, n.id)).readAt).toBe(first);
  });

  it("answers { status: read } for an archived notification, which stays archived and gains readAt once", async () => {
    const user = await createUser();
    const n = await send(user.id);
    await archive(user, n.id);
    const res = await markRead(user, n.id);
    expect(res.status).toBe(200);
    expect(expectShape(envelope(readResultSchema), res.body)).toEqual({ data: { status: "read" } });
    const stored = await find(user, n.id);
    expect(stored.status).toBe("archived");
    expect(stored.readAt).toEqual(expect.any(String));
    await sleep(5);
    const again = await markRead(user, n.id);
    expect(again.body).toMatchObject({ data: { status: "read" } });
    expect(await find(user, n.id)).toMatchObject({ status: "archived", readAt: stored.readAt });
  });
});

describe("PATCH /notifications/:id/archive", () => {
  it("unread -> archived: hidden from the default list, retained, readAt untouched", async () => {
    const user = await createUser();
    const n = await send(user.id);
    const res = await archive(user, n.id);
    expect(res.status).toBe(200);
    expect(expectShape(envelope(archiveResultSchema), res.body)).toEqual({ data: { status: "archived" } });
    const listed = await list(user);
    expect(listed.body.data).toEqual([]);
    const archived = await list(user, { status: "archived" });
    expect(archived.body.data).toEqual([{ ...n, status: "archived" }]);
  });

  it("read -> archived keeps readAt; archiving again is a no-op", async () => {
    const user = await createUser();
    const n = await send(user.id);
    await markRead(user, n.id);
    const readAt = (await find(user, n.id)).readAt;
    expect((await archive(user, n.id)).body.data).toEqual({
      status: "archived",
    });
    const again = await archive(user, n.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ status: "archived" });
    expect(await find(user, n.id)).toMatchObject({ status: "archived", readAt });
  });
});

describe("POST /notifications/mark-all-read", () => {
  it("marks every unread notification of the caller read, and nothing else", async () => {
    const user = await createUser();
    const other = await createUser();
    const unread = [await send(user.id), await send(user.id)];
    const archived = await send(user.id);
    await archive(user, archived.id);
    const alreadyRead = await send(user.id);
    await markRead(user, alreadyRead.id);
    const firstReadAt = (await find(user, alreadyRead.id)).readAt;
    const foreign = await send(other.id);
    const expired = await insertRow(user.id, { expiresAt: isoIn(-1000) });

    const before = new Date().toISOString();
    const res = await markAllReadNow(user);
    const after = new Date().toISOString();
    expect(res.status).toBe(200);
    expect(expectShape(envelope(markAllReadResultSchema), res.body)).toEqual({ data: { status: "all_read" } });

    for (const n of unread) {
      const stored = await find(user, n.id);
      expect(stored.status).toBe("read");
      expect(stored.readAt! >= before && stored.readAt! <= after).toBe(true);
    }
    expect(await find(user, archived.id)).toMatchObject({ status: "archived", readAt: null });
    expect(await find(user, alreadyRead.id)).toMatchObject({ status: "read", readAt: firstReadAt });
    expect(await find(other, foreign.id)).toMatchObject({ status: "unread", readAt: null });
    // An expired notification is invisible; it is left as it was for the purge.
    const [expiredRow] = await testDb().select().from(notifications).where(eq(notifications.id, expired.id));
    expect(expiredRow).toMatchObject({ status: "unread", readAt: null });

    const again = await markAllReadNow(user);
    expect(again.body.data).toEqual({ status: "all_read" });
  });

  it("leaves a notification that arrives after the request time unread (the race)", async () => {
    const user = await createUser();
    const seen = await send(user.id);
    const requestTime = new Date().toISOString();
    // A notification written while the mark-all-read call is in flight has createdAt > requestTime.
    const arriving = await insertRow(user.id, { createdAt: new Date(Date.parse(requestTime) + 1).toISOString() });

    const result = await markAllRead({ db: testDb(), now: requestTime, auth: { user: { id: user.id } } });
    expect(result).toEqual({ status: "all_read", updated: 1 });
    expect(await find(user, seen.id)).toMatchObject({ status: "read", readAt: requestTime });
    expect(await find(user, arriving.id)).toMatchObject({ status: "unread", readAt: null });
    const count = await unreadCount(user);
    expect(count.body.data.count).toBe(1);
  });

  it("under real concurrency, nothing created after the request arrived is marked read", async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) await send(user.id);
    const sending = Array.from({ length: 10 }, (_, i) =>
      admin("POST", "/admin/notifications", { userId: user.id, title: `during ${i}`, body: "b" }),
    );
    const [markRes, ...sent] = await Promise.all([markAllReadNow(user), ...sending]);
    expect(markRes.status).toBe(200);
    expect(sent.every((r) => r.status === 201)).toBe(true);
    // Every read notification was read at one instant (the request time) and created no later.
    const read = await list(user, { status: "read", limit: 50 });
    const readAts = new Set(read.body.data.map((n) => n.readAt));
    expect(readAts.size).toBe(1);
    const readAt = [...readAts][0] as string;
    for (const n of read.body.data) expect(n.createdAt <= readAt).toBe(true);
    const unread = await list(user, { status: "unread", limit: 50 });
    for (const n of unread.body.data) expect(n.createdAt > readAt).toBe(true);
    expect(read.body.data.length + unread.body.data.length).toBe(13);
  });
});
