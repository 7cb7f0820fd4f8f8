import { describe, expect, it } from "vitest";
import { rateLimitRule } from "../../src/limits";
import { call, createUser, expectError } from "../helpers/api";
import { insertRow, isoIn, send } from "./helpers";
import { awaitRoomInWindow } from "../helpers/rate-window";

// Who may call each endpoint (401, 403 for another workspace and another user's ids) is checked for
// every operation by the shared access suite (test/access.test.ts, fixtures in ./access.ts).

/**
 * Every notifications endpoint, by its key in src/limits.ts, with the spec's per-minute limit
 * (Notifications list, unread-count / read, archive / mark-all-read: 60 / 30 / 10; the spec's
 * endpoint table gives unread-count 60 and archive 30).
 */
const endpoints = [
  { key: "GET /notifications", limit: 60, method: "GET", path: () => "/notifications" },
  { key: "GET /notifications/unread-count", limit: 60, method: "GET", path: () => "/notifications/unread-count" },
  {
    key: "PATCH /notifications/:id/read",
    limit: 30,
    method: "PATCH",
    path: (id: string) => `/notifications/${id}/read`,
  },
  {
    key: "PATCH /notifications/:id/archive",
    limit: 30,
    method: "PATCH",
    path: (id: string) => `/notifications/${id}/archive`,
  },
  { key: "POST /notifications/mark-all-read", limit: 10, method: "POST", path: () => "/notifications/mark-all-read" },
] as const;

describe.each(endpoints)("$key", ({ key, limit, method, path }) => {
  it(`enforces the spec's limit of ${limit} per minute per user`, async () => {
    expect(rateLimitRule(key)).toEqual({ limit, windowSeconds: 60, by: "user" });
    const user = await createUser();
    const n = await send(user.id);
    await awaitRoomInWindow(60);
    for (let i = 0; i < limit; i++) {
      const res = await call(method, path(n.id), { token: user.accessToken });
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBe(String(limit));
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(limit - i - 1));
    }
    const limited = await call(method, path(n.id), { token: user.accessToken });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(limited.body.error.message).toBe("Rate limit exceeded");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Per user: someone else is not affected.
    const other = await createUser();
    const theirs = await send(other.id);
    expect((await call(method, path(theirs.id), { token: other.accessToken })).status).toBe(200);
  });
});

describe.each([
  ["read", "PATCH"],
  ["archive", "PATCH"],
] as const)("%s of a single notification", (action, method) => {
  it.each(["not-a-uuid", "123", "6f1c0a56-2a4b-4c8e-9d3f-0123456789", "6f1c0a56x2a4bx4c8ex9d3fx0123456789ab"])(
    "answers 422 for the non-UUID id %s",
    async (id) => {
      const user = await createUser();
      expectError(
        await call(method, `/notifications/${id}/${action}`, { token: user.accessToken }),
        422,
        "unprocessable_entity",
      );
    },
  );

  it("a refused request changes nothing", async () => {
    const user = await createUser();
    await send(user.id);
    expectError(
      await call(method, `/notifications/${crypto.randomUUID()}/${action}`, { token: "not-a-jwt" }),
      401,
      "unauthorized",
    );
    const unread = await call("GET", "/notifications/unread-count", { token: user.accessToken });
    expect(unread.body.data.count).toBe(1);
  });

  it("answers 401 before looking at the id", async () => {
    expectError(await call(method, `/notifications/not-a-uuid/${action}`), 401, "unauthorized");
  });

  it("answers 404 for an id that does not exist", async () => {
    const user = await createUser();
    expectError(
      await call(method, `/notifications/${crypto.randomUUID()}/${action}`, { token: user.accessToken }),
      404,
      "not_found",
    );
  });

  it("answers 403 for another user's notification and leaves it untouched", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const n = await send(owner.id);
    expectError(
      await call(method, `/notifications/${n.id}/${action}`, { token: intruder.accessToken }),
      403,
      "forbidden",
    );
    const list = await call("GET", "/notifications", { token: owner.accessToken });
    expect(list.body.data).toEqual([n]);
  });

  it("answers 404 for an expired notification (even before the purge)", async () => {
    const user = await createUser();
    const expired = await insertRow(user.id, { expiresAt: isoIn(-1_000) });
    expectError(
      await call(method, `/notifications/${expired.id}/${action}`, { token: user.accessToken }),
      404,
      "not_found",
    );
  });
});
