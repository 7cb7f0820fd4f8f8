import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../src/limits";
import { call, createUser, expectError, uniqueEmail, uniqueIp, type TestUser } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";

/**
 * The spec's Limits table for these endpoints: limit, window, and who it counts (CONTRACT "Errors
 * and limits": the unauthenticated ones per client IP, the authenticated ones per user).
 */
const SPEC: [endpoint: string, limit: number, windowSeconds: number, by: "ip" | "user"][] = [
  ["POST /auth/resend-confirmation", 5, 300, "ip"],
  ["POST /auth/confirm-email", 5, 300, "ip"],
  ["POST /auth/forgot-password", 3, 300, "ip"],
  ["POST /auth/reset-password", 5, 300, "ip"],
  ["POST /auth/exchange-recovery-code", 15, 300, "ip"],
  ["GET /auth/check-username", 20, 60, "ip"],
  ["POST /auth/claim-username", 5, 60, "user"],
  ["POST /auth/change-email", 10, 60, "user"],
  ["POST /auth/change-password", 10, 60, "user"],
];

let n = 0;
/** One request to the endpoint from `ip`; any answer but 429 counts as let through. */
const requestFor: Record<string, (ip: string, user: TestUser) => ReturnType<typeof call>> = {
  "POST /auth/resend-confirmation": (ip) =>
    call("POST", "/auth/resend-confirmation", { body: { email: uniqueEmail() }, ip }),
  "POST /auth/confirm-email": (ip) => call("POST", "/auth/confirm-email", { body: { token: "ect_unknown" }, ip }),
  "POST /auth/forgot-password": (ip) => call("POST", "/auth/forgot-password", { body: { email: uniqueEmail() }, ip }),
  "POST /auth/reset-password": (ip) =>
    call("POST", "/auth/reset-password", { body: { resetToken: "prt_unknown", password: "long-enough-pw" }, ip }),
  "POST /auth/exchange-recovery-code": (ip) =>
    call("POST", "/auth/exchange-recovery-code", { body: { email: uniqueEmail(), code: "000000" }, ip }),
  "GET /auth/check-username": (ip) => call("GET", "/auth/check-username?username=someone", { ip }),
  "POST /auth/claim-username": (ip, user) =>
    call("POST", "/auth/claim-username", { token: user.accessToken, body: { username: `n${Date.now()}_${++n}` }, ip }),
  "POST /auth/change-email": (ip, user) =>
    call("POST", "/auth/change-email", {
      token: user.accessToken,
      body: { email: uniqueEmail(), password: user.password },
      ip,
    }),
  "POST /auth/change-password": (ip, user) =>
    call("POST", "/auth/change-password", {
      token: user.accessToken,
      body: { currentPassword: "wrong-password", password: "long-enough-pw" },
      ip,
    }),
};

describe("account lifecycle limits", () => {
  it.each(SPEC.filter(([, , , by]) => by === "ip"))(
    "%s: %i per %i s per client IP",
    async (endpoint, limit, windowSeconds) => {
      expect(RATE_LIMITS[endpoint]).toEqual({ limit, windowSeconds, by: "ip" });
      const user = await createUser();
      const ip = uniqueIp();
      // Room for the limit's requests (a few slow PBKDF2 checks among them) inside one window.
      await awaitRoomInWindow(windowSeconds, 10_000);
      for (let i = 1; i <= limit; i++) {
        const res = await requestFor[endpoint]!(ip, user);
        expect(res.status, `${endpoint} #${i}: ${JSON.stringify(res.body)}`).not.toBe(429);
        expect(res.headers.get("RateLimit-Limit")).toBe(String(limit));
        expect(res.headers.get("RateLimit-Remaining")).toBe(String(limit - i));
      }
      const limited = await requestFor[endpoint]!(ip, user);
      expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
      expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(windowSeconds);
      // Per IP: the same caller from another address is let through.
      expect((await requestFor[endpoint]!(uniqueIp(), user)).status).not.toBe(429);
    },
  );

  it.each(SPEC.filter(([, , , by]) => by === "user"))(
    "%s: %i per %i s per authenticated user",
    async (endpoint, limit, windowSeconds) => {
      expect(RATE_LIMITS[endpoint]).toEqual({ limit, windowSeconds, by: "user" });
      const [user, neighbour] = await Promise.all([createUser(), createUser()]);
      const [home, office] = [uniqueIp(), uniqueIp()];
      await awaitRoomInWindow(windowSeconds, 10_000);
      // One user from two addresses: a single window, counted across both.
      for (let i = 1; i <= limit; i++) {
        const res = await requestFor[endpoint]!(i % 2 ? home : office, user);
        expect(res.status, `${endpoint} #${i}: ${JSON.stringify(res.body)}`).not.toBe(429);
        expect(res.headers.get("RateLimit-Limit")).toBe(String(limit));
        expect(res.headers.get("RateLimit-Remaining")).toBe(String(limit - i));
      }
      const limited = await requestFor[endpoint]!(uniqueIp(), user);
      expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
      expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(windowSeconds);
      // Another user behind the same address has a window of their own.
      const other = await requestFor[endpoint]!(home, neighbour);
      expect(other.status, JSON.stringify(other.body)).not.toBe(429);
      expect(other.headers.get("RateLimit-Remaining")).toBe(String(limit - 1));
    },
  );
});
