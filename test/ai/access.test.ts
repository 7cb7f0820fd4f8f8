import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { RATE_LIMITS } from "../../src/limits";
import { BASE, call, expectError, type TestUser } from "../helpers/api";
import { awaitRoomInWindow } from "../helpers/rate-window";
import { signTestToken } from "../helpers/tokens";
import { aiUser, events, parseSse } from "./helpers";

/** A third-party (OAuth) access token for the user, as the authorization server would issue it. */
const oauthToken = (user: TestUser, scope: string) =>
  signTestToken(
    { sub: user.id, client_id: crypto.randomUUID(), scope },
    { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
  );

describe("AI endpoints with OAuth access tokens", () => {
  it("a token with execution:run creates a session, sends, streams and lists messages", async () => {
    const user = await aiUser();
    const token = await oauthToken(user, "profile:read execution:run");

    const session = await call("POST", "/ai/sessions", { token, body: {} });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sessionId = session.body.data.id as string;

    const sent = await call("POST", `/ai/sessions/${sessionId}/messages`, {
      token,
      body: { content: "hi from an app", model: "demo" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const assistantId = sent.body.data.assistantMessage.id as string;

    const stream = await exports.default.fetch(
      new Request(`${BASE}/ai/sessions/${sessionId}/messages/${assistantId}/stream`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    expect(stream.status).toBe(200);
    expect(events(parseSse(await stream.text())).at(-1)!.event).toMatch(/^message\.(completed|suggestions)$/);

    const list = await call("GET", `/ai/sessions/${sessionId}/messages`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([sent.body.data.userMessage.id, assistantId]);
    expect(list.body.data[1].status).toBe("completed");

    // The first-party token of the same user sees the same conversation.
    const firstParty = await call("GET", `/ai/sessions/${sessionId}`, { token: user.accessToken, ip: user.ip });
    expect(firstParty.status).toBe(200);
  });

  // Every AI operation refusing a token without execution:run (403 insufficient_scope) is checked
  // by the shared access suite (test/access.test.ts); what a refusal must not do is checked here.
  it("a refused send creates nothing", async () => {
    const user = await aiUser();
    const token = await oauthToken(user, "email:read profile:read");
    const session = await call("POST", "/ai/sessions", { token: user.accessToken, ip: user.ip, body: {} });
    const sessionId = session.body.data.id as string;
    const res = await call("POST", `/ai/sessions/${sessionId}/messages`, { token, body: { content: "hi" } });
    expectError(res, 403, "forbidden");
    expect(res.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope", scope="execution:run"');
    // Nothing was created on the refused send.
    const list = await call("GET", `/ai/sessions/${sessionId}/messages`, { token: user.accessToken, ip: user.ip });
    expect(list.body.data).toEqual([]);
  });
});

describe("AI rate limits", () => {
  // Requests that the limiter counts but that cost nothing else: the limiter runs before the body
  // is validated and before the session is looked up, so a 400 or 404 still uses up the budget.
  const cases = [
    {
      endpoint: "GET /ai/sessions/:sessionId/messages",
      limit: 60,
      method: "GET",
      path: (s: string) => `/ai/sessions/${s}/messages`,
      status: 404,
    },
    {
      endpoint: "POST /ai/sessions/:sessionId/messages",
      limit: 20,
      method: "POST",
      path: (s: string) => `/ai/sessions/${s}/messages`,
      body: {},
      status: 400,
    },
    {
      endpoint: "POST /ai/sessions/:sessionId/messages/:assistantMessageId/retries",
      limit: 20,
      method: "POST",
      path: (s: string) => `/ai/sessions/${s}/messages/${crypto.randomUUID()}/retries`,
      body: {},
      status: 400,
    },
    {
      endpoint: "GET /ai/sessions/:sessionId/messages/:messageId/stream",
      limit: 20,
      method: "GET",
      path: (s: string) => `/ai/sessions/${s}/messages/${crypto.randomUUID()}/stream`,
      status: 404,
    },
    {
      endpoint: "POST /ai/sessions/:sessionId/messages/:assistantMessageId/stop",
      limit: 30,
      method: "POST",
      path: (s: string) => `/ai/sessions/${s}/messages/${crypto.randomUUID()}/stop`,
      status: 404,
    },
  ];

  it("the limits table states the spec's per-minute limits, counted per user", () => {
    for (const { endpoint, limit } of cases)
      expect(RATE_LIMITS[endpoint], endpoint).toEqual({ limit, windowSeconds: 60, by: "user" });
  });

  it.each(cases)(
    "$endpoint: request $limit + 1 in a minute gets 429 with the headers",
    async ({ limit, method, path, body, status }) => {
      const user = await aiUser();
      await awaitRoomInWindow(60, 15_000);
      const sessionId = crypto.randomUUID();
      for (let i = 1; i <= limit; i++) {
        const res = await call(method, path(sessionId), { token: user.accessToken, ip: user.ip, body });
        expect(res.status, `request ${i}`).toBe(status);
        expect(res.headers.get("RateLimit-Limit")).toBe(String(limit));
        expect(res.headers.get("RateLimit-Remaining")).toBe(String(limit - i));
      }
      const limited = await call(method, path(sessionId), { token: user.accessToken, ip: user.ip, body });
      expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
      expect(limited.body.error.message).toBe("Rate limit exceeded");
      expect(limited.headers.get("RateLimit-Limit")).toBe(String(limit));
      expect(limited.headers.get("RateLimit-Remaining")).toBe("0");
      const reset = Number(limited.headers.get("RateLimit-Reset"));
      expect(reset).toBeGreaterThanOrEqual(0);
      expect(reset).toBeLessThanOrEqual(60);
      expect(limited.headers.get("Retry-After")).toBe(String(reset));

      // Per endpoint and per user: another AI endpoint of the same user still answers.
      expect((await call("GET", "/ai/models", { token: user.accessToken, ip: user.ip })).status).toBe(200);
    },
  );
});
