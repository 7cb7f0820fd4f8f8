import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { listNotificationsQuery, notificationSchema, unreadCountSchema } from "../../src/domains/notifications/schemas";
import { listQuery, unreadCountQuery } from "../../src/domains/notifications/service";
import { offsetMeta } from "../../src/lib/pagination-schemas";
import { pagedEnvelope, envelope } from "../../src/http/openapi";
import { call, createUser, expectFieldError, expectShape } from "../helpers/api";
import { z } from "zod";
import { archive, insertRow, isoIn, list, markAllRead, markRead, send, testDb, unreadCount } from "./helpers";

const listShape = pagedEnvelope(z.array(notificationSchema), offsetMeta);
const ids = (body: { data: { id: string }[] }) => body.data.map((n) => n.id);

describe("GET /notifications", () => {
  it("lists the caller's notifications newest first with offset meta", async () => {
    const user = await createUser();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await send(user.id, { title: `n${i}` }));
    const newestFirst = sent.map((n) => n.id).reverse();

    const first = await list(user, { limit: 2 });
    expect(first.status).toBe(200);
    const body = expectShape(listShape, first.body);
    expect(ids(body)).toEqual(newestFirst.slice(0, 2));
    expect(body.meta).toMatchObject({ limit: 2, offset: 0, total: 5, hasNextPage: true });

    const last = await list(user, { limit: 2, offset: 4 });
    expect(ids(last.body)).toEqual(newestFirst.slice(4));
    expect(last.body.meta).toMatchObject({ limit: 2, offset: 4, total: 5, hasNextPage: false });

    const defaults = await list(user);
    expect(defaults.body.meta).toMatchObject({ limit: 20, offset: 0, total: 5, hasNextPage: false });
  });

  it("orders ties on createdAt by id, so pages never overlap", async () => {
    const user = await createUser();
    const createdAt = new Date().toISOString();
    const rows = await Promise.all([1, 2, 3, 4].map(() => insertRow(user.id, { createdAt })));
    const expected = rows
      .map((r) => r.id)
      .sort()
      .reverse();
    const page1 = await list(user, { limit: 2 });
    const page2 = await list(user, { limit: 2, offset: 2 });
    expect([...ids(page1.body), ...ids(page2.body)]).toEqual(expected);
  });

  it("still reports the total on a page past the end, and an empty list for a new user", async () => {
    const user = await createUser();
    const empty = await list(user);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta).toMatchObject({ total: 0, hasNextPage: false });
    await send(user.id);
    await send(user.id);
    const past = await list(user, { offset: 10 });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ total: 2, offset: 10, hasNextPage: false });
  });

  it("excludes archived and expired notifications by default; `status` selects one state", async () => {
    const user = await createUser();
    const unread = await send(user.id, { title: "unread" });
    const read = await send(user.id, { title: "read" });
    const archived = await send(user.id, { title: "archived" });
    await markRead(user, read.id);
    await archive(user, archived.id);
    await insertRow(user.id, { expiresAt: isoIn(-1_000) });
    await insertRow(user.id, { status: "archived", expiresAt: isoIn(-1_000) });
    const later = await send(user.id, { title: "expires later", expiresAt: isoIn(3_600_000) });

    const byDefault = await list(user);
    expect(ids(byDefault.body)).toEqual([later.id, read.id, unread.id]);
    expect(byDefault.body.meta.total).toBe(3);

    for (const [status, expected] of [
      ["unread", [later.id, unread.id]],
      ["read", [read.id]],
      ["archived", [archived.id]],
    ] as const) {
      const res = await list(user, { status });
      expect(ids(res.body), status).toEqual(expected);
      expect(res.body.meta.total).toBe(expected.length);
      expect(res.body.data.every((n) => n.status === status)).toBe(true);
    }
  });

  it("never shows another user's notifications", async () => {
    const alice = await createUser();
    const bob = await createUser();
    await send(alice.id);
    const res = await list(bob);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=abc", "limit"],
    ["offset=-1", "offset"],
    ["status=deleted", "status"],
  ])("refuses ?%s with 400 on %s", async (query, field) => {
    const user = await createUser();
    expectFieldError(await call("GET", `/notifications?${query}`, { token: user.accessToken }), field);
  });
});

describe("GET /notifications/unread-count", () => {
  it("counts unread, unexpired notifications only", async () => {
    const user = await createUser();
    const other = await createUser();
    const count = async () => {
      const res = await unreadCount(user);
      expect(res.status).toBe(200);
      return expectShape(envelope(unreadCountSchema), res.body).data.count;
    };
    expect(await count()).toBe(0);
    const a = await send(user.id);
    const b = await send(user.id);
    await send(user.id);
    await send(other.id);
    await insertRow(user.id, { expiresAt: isoIn(-1) });
    expect(await count()).toBe(3);
    await markRead(user, a.id);
    expect(await count()).toBe(2);
    await archive(user, b.id);
    expect(await count()).toBe(1);
    await markAllRead(user);
    expect(await count()).toBe(0);
  });
});

/**
 * The query plans behind "fast at 100,000 notifications per user": every notifications access
 * is an index search on the caller's user_id, counts never leave the index, and pages are read
 * in index order (no sort of the caller's rows). The one temporary B-tree allowed is the outer
 * re-sort of the page itself (at most `limit` rows).
 */
describe("query plans", () => {
  type PlanRow = { id: number; parent: number; detail: string };
  async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<PlanRow>();
    return results;
  }
  const now = new Date().toISOString();
  const userId = crypto.randomUUID();

  it.each([undefined, "unread", "read", "archived"] as const)(
    "list (status %s) is one statement over indexes",
    async (status) => {
      const filter = listNotificationsQuery.parse({ status, limit: 50, offset: 1000 });
      const rows = await plan(listQuery(testDb(), userId, filter, now));
      const details = rows.map((r) => r.detail);
      const searches = details.filter((d) => d.startsWith("SEARCH"));
      for (const search of searches)
        expect(search).toMatch(
          /^SEARCH (notifications|notification_counters) USING (COVERING )?INDEX \w+ \(user_id=\?/,
        );
      // The total reads the counters and the expired-but-unpurged range, never the inbox.
      expect(searches.filter((d) => d.includes("notification_counters"))).toHaveLength(1);
      expect(searches.filter((d) => d.includes("notifications_user_status_expiring_idx")).length).toBeGreaterThan(0);
      // The only scans are of the two one-statement halves themselves (one total row, one page).
      expect(details.filter((d) => d.startsWith("SCAN") && !/^SCAN (totals|page)\b/.test(d))).toEqual([]);
      // Only the outer ORDER BY over the materialized page may sort; nothing inside the page does.
      const pageNode = rows.find((r) => r.detail === "MATERIALIZE page")!;
      expect(
        rows
          .filter((r) => r.parent === pageNode.id)
          .map((r) => r.detail)
          .join(),
      ).not.toContain("TEMP B-TREE");
    },
  );

  it("unread count reads one counter row and the expired-but-unpurged index range", async () => {
    const details = (await plan(unreadCountQuery(testDb(), userId, now))).map((r) => r.detail);
    expect(details).toEqual([
      "SEARCH notification_counters USING INDEX sqlite_autoindex_notification_counters_1 (user_id=? AND status=?)",
      "SCALAR SUBQUERY 1",
      "SEARCH notifications USING COVERING INDEX notifications_user_status_expiring_idx (user_id=? AND status=? AND expires_at>? AND expires_at<?)",
    ]);
  });
});
