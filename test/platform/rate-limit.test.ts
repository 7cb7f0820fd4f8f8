import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMIT, RATE_LIMITS } from "../../src/limits";
import { call, createUser, expectError, uniqueEmail, uniqueIp } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";

describe("rate limits", () => {
  it("the 121st request in a minute to one endpoint gets 429 with the envelope and headers", async () => {
    const user = await createUser();
    await awaitRoomInWindow(60);
    // createUser already made one GET /me; use another endpoint so the count starts at zero.
    for (let i = 1; i <= DEFAULT_RATE_LIMIT.limit; i++) {
      const res = await call("GET", "/workspaces", { token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBe("120");
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(120 - i));
      expect(Number(res.headers.get("RateLimit-Reset"))).toBeLessThanOrEqual(60);
    }
    const limited = await call("GET", "/workspaces", { token: user.accessToken });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(limited.body.error.message).toBe("Rate limit exceeded");
    expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Limits are per endpoint: another endpoint of the same user is unaffected.
    expect((await call("GET", "/me", { token: user.accessToken })).status).toBe(200);
  });

  it("lets no more than the limit through when 200 requests arrive at once", async () => {
    const user = await createUser();
    await awaitRoomInWindow(60);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => call("GET", "/workspaces", { token: user.accessToken })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
  });

  it("counts per user: another user is not limited by the first", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await awaitRoomInWindow(60);
    await Promise.all(Array.from({ length: 121 }, () => call("GET", "/workspaces", { token: a.accessToken })));
    expect((await call("GET", "/workspaces", { token: b.accessToken })).status).toBe(200);
  });

  it("register: 10 per 5 minutes per client IP", async () => {
    const ip = uniqueIp();
    await awaitRoomInWindow(300);
    const rule = RATE_LIMITS["POST /auth/register"]!;
    expect(rule).toEqual({ limit: 10, windowSeconds: 300, by: "ip" });
    for (let i = 0; i < 10; i++) {
      expect(
        (await call("POST", "/auth/register", { body: { email: uniqueEmail(), password: "long-enough-pw" }, ip }))
          .status,
      ).toBe(201);
    }
    const limited = await call("POST", "/auth/register", {
      body: { email: uniqueEmail(), password: "long-enough-pw" },
      ip,
    });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(300);
    // Another address is unaffected.
    expect(
      (
        await call("POST", "/auth/register", {
          body: { email: uniqueEmail(), password: "long-enough-pw" },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(201);
  });

  it("login: 8 per minute per client IP and e-mail together", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    await awaitRoomInWindow(60);
    const attempt = (email: string, from = ip) =>
      call("POST", "/auth/login", { body: { email, password: "wrong-password-123" }, ip: from });
    for (let i = 0; i < 8; i++) expectError(await attempt(user.email), 401, "invalid_credentials");
    expectError(await attempt(user.email), 429, "RATE_LIMIT_EXCEEDED");
    // The same office (IP) can still sign in other people, and the same person from elsewhere.
    expectError(await attempt(uniqueEmail()), 401, "invalid_credentials");
    expect(
      (await call("POST", "/auth/login", { body: { email: user.email, password: user.password }, ip: uniqueIp() }))
        .status,
    ).toBe(200);
  });

  it("refresh: 120 per minute per client IP, whoever's token it is", async () => {
    const ip = uniqueIp();
    await awaitRoomInWindow(60);
    const refresh = (from: string) => call("POST", "/auth/refresh", { body: { refreshToken: "rt_unknown" }, ip: from });
    const statuses = await Promise.all(Array.from({ length: 121 }, () => refresh(ip).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect((await refresh(uniqueIp())).status).toBe(401);
  });

  it("has one rule per limited endpoint of the spec", () => {
    expect(RATE_LIMITS["POST /auth/login"]).toMatchObject({ limit: 8, windowSeconds: 60 });
    expect(RATE_LIMITS["POST /auth/forgot-password"]).toMatchObject({ limit: 3, windowSeconds: 300 });
    expect(RATE_LIMITS["POST /ai/sessions/:sessionId/messages"]).toMatchObject({ limit: 20, windowSeconds: 60 });
    expect(RATE_LIMITS["POST /notifications/mark-all-read"]).toMatchObject({ limit: 10, windowSeconds: 60 });
  });
});
