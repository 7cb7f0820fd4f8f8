import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../../src/durable-objects/rate-limiter";
import { admin, call, createUser, expectError, uniqueIp } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";

const limiter = (caller: string) => env.RATE_LIMITER.getByName(caller);
const storedBuckets = (caller: string) =>
  runInDurableObject(limiter(caller), (_instance: RateLimiter, state) =>
    [...state.storage.kv.list()].map(([key]) => key),
  );

describe("rate limiter storage", () => {
  it("sweeps buckets whose window has ended, keeping live ones", async () => {
    const caller = `test:${crypto.randomUUID()}`;
    const stub = limiter(caller);
    await awaitRoomInWindow(1, 600);
    expect((await stub.hit("short", 5, 1)).allowed).toBe(true);
    expect((await stub.hit("long", 5, 3600)).allowed).toBe(true);
    expect((await storedBuckets(caller)).sort()).toEqual(["long", "short"]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await storedBuckets(caller)).toEqual(["long"]);
    // The next sweep is scheduled for the live window's end.
    const alarm = await runInDurableObject(stub, (_i: RateLimiter, state) => state.storage.getAlarm());
    expect(alarm).toBe(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  });

  it("bounds the login bucket key however long the e-mail a caller sends", async () => {
    const ip = uniqueIp();
    const res = await call("POST", "/auth/login", {
      body: { email: `${"a".repeat(100_000)}@example.com`, password: "x" },
      ip,
    });
    expect(res.status).toBe(400);
    const keys = await storedBuckets(`ip:${ip}`);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.length).toBeLessThan(300);
  });
});

describe("the daily AI allowance's 429", () => {
  it("carries the allowance's own RateLimit headers, not the endpoint's", async () => {
    const user = await createUser({ plan: "pro" });
    expect((await admin("PATCH", `/admin/users/${user.id}/account`, { aiDailyAllowance: 0 })).status).toBe(200);
    const opts = { token: user.accessToken, ip: user.ip };
    const session = await call("POST", "/ai/sessions", { ...opts, body: {} });
    expect(session.status).toBe(201);
    const refused = await call("POST", `/ai/sessions/${session.body.data.id}/messages`, {
      ...opts,
      body: { content: "hi", model: "demo" },
    });
    expectError(refused, 429, "RATE_LIMIT_EXCEEDED");
    expect(refused.headers.get("RateLimit-Limit")).toBe("0");
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("RateLimit-Reset")).toBe(refused.headers.get("Retry-After"));
    const secondsToMidnight = Math.ceil((86_400_000 - (Date.now() % 86_400_000)) / 1000);
    expect(Math.abs(Number(refused.headers.get("Retry-After")) - secondsToMidnight)).toBeLessThanOrEqual(2);
  });
});
