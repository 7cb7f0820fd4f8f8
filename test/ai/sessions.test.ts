import { describe, expect, it } from "vitest";
import { call, createUser, expectError, expectFieldError, expectShape } from "../helpers/api";
import { api } from "../helpers/client";
import { responseSchemas } from "../../src/domains/ai/response-schemas";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { MessageRun } from "../../src/durable-objects/message-run";
import { runObject } from "../../src/domains/ai/runs";
import { aiUser, finished, frameReader, newSession, openStream, sent, streamPath } from "./helpers";
import { awaitRoomInWindow } from "../helpers/rate-window";

const { modelSchema, personaSchema, sessionSchema } = responseSchemas();

const ZERO = "00000000-0000-4000-8000-000000000000";

describe("AI sessions and personas", () => {
  it("creates, reads, lists (newest first, cursor) and deletes sessions", async () => {
    const user = await aiUser();
    const created = await api(user).POST("/api/v1/ai/sessions", { body: { title: "Trip", effortMode: "pro" } });
    expect(created.status).toBe(201);
    const session = expectShape(sessionSchema, created.body.data);
    expect(session).toMatchObject({ title: "Trip", personaId: null, effortMode: "pro" });
    const second = await newSession(user);
    expect(second.effortMode).toBe("basic");

    const byId = { params: { path: { sessionId: session.id } } };
    const got = await api(user).GET("/api/v1/ai/sessions/{sessionId}", byId);
    expect(got.body.data).toEqual(session);

    const page1 = await api(user).GET("/api/v1/ai/sessions", { params: { query: { limit: 1 } } });
    expect(page1.body.data.map((s) => s.id)).toEqual([second.id]);
    expect(page1.body.meta).toMatchObject({ limit: 1, hasNextPage: true });
    const page2 = await api(user).GET("/api/v1/ai/sessions", {
      params: { query: { limit: 1, cursor: page1.body.meta.nextCursor! } },
    });
    expect(page2.body.data.map((s) => s.id)).toEqual([session.id]);
    expect(page2.body.meta.hasNextPage).toBe(false);

    const result = await sent(user, session.id, { content: "hello", model: "demo" });
    await finished(user, session.id, result.assistantMessage.id);
    const deleted = await api(user).DELETE("/api/v1/ai/sessions/{sessionId}", byId);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: session.id, deleted: true });
    expectError(await api(user).GET("/api/v1/ai/sessions/{sessionId}", byId), 404, "not_found");
    expectError(await api(user).GET("/api/v1/ai/sessions/{sessionId}/messages", byId), 404, "not_found");
  });

  it("deleting a session stops its running reply and erases every reply's run storage", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const done = await sent(user, session.id, { content: "first", model: "demo" });
    await finished(user, session.id, done.assistantMessage.id);
    const hanging = await sent(user, session.id, { content: "wait #scenario=hang" });
    const listener = frameReader(await openStream(user, session.id, hanging.assistantMessage.id));
    expect((await listener.nextEvent())?.event).toBe("message.delta");

    const deleted = await api(user).DELETE("/api/v1/ai/sessions/{sessionId}", {
      params: { path: { sessionId: session.id } },
    });
    expect(deleted.status).toBe(200);
    // The listener saw the run stop, then the end of its stream.
    const rest: (string | null)[] = [];
    for (let frame = await listener.nextEvent(); frame; frame = await listener.nextEvent()) rest.push(frame.event);
    expect(rest.at(-1)).toBe("message.stopped");
    // Both replies' objects forgot everything: no state, no event log table.
    for (const id of [done.assistantMessage.id, hanging.assistantMessage.id]) {
      const stub = runObject(env, id);
      expect(await stub.status()).toEqual({ status: null, lastEventId: 0, listeners: 0 });
      await runInDurableObject(stub, (_instance: MessageRun, state) => {
        expect(state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'events'").toArray()).toEqual([]);
        expect([...state.storage.kv.list()]).toEqual([]);
      });
    }
    expectError(
      await call("GET", streamPath(session.id, done.assistantMessage.id), { token: user.accessToken, ip: user.ip }),
      404,
      "not_found",
    );
  });

  it("validates session bodies", async () => {
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    expectFieldError(await call("POST", "/ai/sessions", { ...opts, body: { effortMode: "max" } }), "effortMode");
    expectFieldError(
      await call("POST", "/ai/sessions", { ...opts, body: { color: "red" } }),
      "color",
      "unknown property color",
    );
    expectFieldError(
      await call("POST", "/ai/sessions", { ...opts, body: { personaId: ZERO } }),
      "personaId",
      "is not one of your personas",
    );
    expectFieldError(await call("GET", "/ai/sessions?cursor=nope", opts), "cursor");
  });

  // The sessions list's group reads its query by hand and loads the create body's schema on the
  // first create (docs/performance.md): its answers are those of every other route's validation.
  it("answers a bad list query or create body as every other route does", async () => {
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const bad = await call("GET", "/ai/sessions?limit=abc&cursor=", opts);
    expectError(bad, 400, "bad_request");
    expect(bad.body.error.details.fields).toEqual([
      { field: "limit", message: "must be a number" },
      { field: "cursor", message: "must not be empty" },
    ]);
    expectFieldError(await call("GET", "/ai/sessions?limit=101", opts), "limit", "must be at most 100");
    expectFieldError(await call("GET", "/ai/sessions?limit=2.5", opts), "limit", "must be an integer");
    expectFieldError(
      await call("POST", "/ai/sessions", { ...opts, body: { title: "x".repeat(201) } }),
      "title",
      "must be at most 200 characters",
    );
    expectError(await call("POST", "/ai/sessions", { ...opts, body: "{not json" }), 400, "bad_request");
    expectError(
      await call("POST", "/ai/sessions", { ...opts, body: "title=x", headers: { "Content-Type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    // Bodiless: naming another type is 415; naming none creates a session with the defaults.
    expectError(
      await call("POST", "/ai/sessions", { ...opts, headers: { "Content-Type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    const plain = await call("POST", "/ai/sessions", opts);
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ title: null, effortMode: "basic" });
    const listed = await call("GET", "/ai/sessions?limit=1", opts);
    expect(listed.body.data.map((session: { id: string }) => session.id)).toEqual([plain.body.data.id]);
  });

  it("creates personas and binds them to sessions; another user's persona is refused", async () => {
    const user = await aiUser();
    const other = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const res = await api(user).POST("/api/v1/ai/personas", {
      body: { name: "Pirate", instructions: "Talk like a pirate." },
    });
    expect(res.status).toBe(201);
    const persona = expectShape(personaSchema, res.body.data);
    const session = await newSession(user, { personaId: persona.id });
    expect(session.personaId).toBe(persona.id);
    expect((await api(user).GET("/api/v1/ai/personas")).body.data).toEqual([persona]);
    expectFieldError(await api(other).POST("/api/v1/ai/sessions", { body: { personaId: persona.id } }), "personaId");
    expectFieldError(await call("POST", "/ai/personas", { ...opts, body: { name: "", instructions: "x" } }), "name");
    expectFieldError(await call("POST", "/ai/personas", { ...opts, body: { name: "x" } }), "instructions");
  });

  it("lists active models: the configured provider first, then the demo model (AI_DEMO_MODEL=on in the tests)", async () => {
    const user = await aiUser();
    const res = await api(user).GET("/api/v1/ai/models");
    expect(res.status).toBe(200);
    const models = res.body.data.map((m) => expectShape(modelSchema, m));
    expect(models.map((m) => m.key)).toEqual(["fake-basic", "fake-pro", "demo"]);
    expect(models[0]!.providerKey).toBe("openai");
    const demo = models.find((m) => m.key === "demo");
    expect(demo!.providerKey).toBe("demo");
    // Ids are stable across calls (derived from the key).
    const again = await api(user).GET("/api/v1/ai/models");
    expect(again.body.data).toEqual(res.body.data);
  });
});

describe("AI endpoints: authentication, entitlement, foreign resources", () => {
  const endpoints = (s: string, m: string): [string, string, unknown?][] => [
    ["POST", "/ai/sessions", {}],
    ["GET", "/ai/sessions"],
    ["GET", `/ai/sessions/${s}`],
    ["DELETE", `/ai/sessions/${s}`],
    ["POST", "/ai/personas", { name: "a", instructions: "b" }],
    ["GET", "/ai/personas"],
    ["GET", "/ai/models"],
    ["GET", `/ai/sessions/${s}/messages`],
    ["POST", `/ai/sessions/${s}/messages`, { content: "hi" }],
    ["POST", `/ai/sessions/${s}/messages/${m}/retries`, { idempotencyKey: "k" }],
    ["POST", `/ai/sessions/${s}/messages/${m}/selection`],
    ["POST", `/ai/sessions/${s}/messages/${m}/stop`],
    ["GET", `/ai/sessions/${s}/messages/${m}/stream`],
    ["GET", "/ai/operations/rate-limit"],
    ["GET", `/ai/operations/sessions/${s}/usage`],
  ];

  it("401 without a token on every endpoint", async () => {
    for (const [method, path, body] of endpoints(ZERO, ZERO)) {
      const res = await call(method, path, { body });
      expectError(res, 401, "unauthorized");
      expect(res.headers.get("WWW-Authenticate")).toBe("Bearer");
    }
  });

  it("403 without the ai entitlement on every endpoint", async () => {
    const user = await createUser({ entitlements: ["connectors"] });
    for (const [method, path, body] of endpoints(ZERO, ZERO)) {
      expectError(await call(method, path, { body, token: user.accessToken, ip: user.ip }), 403, "forbidden");
    }
  });

  it("403 in a workspace the caller is not a member of", async () => {
    const user = await aiUser();
    const other = await aiUser();
    const res = await call("GET", "/ai/sessions", {
      token: user.accessToken,
      ip: user.ip,
      workspaceId: other.personalWorkspaceId,
    });
    expectError(res, 403, "forbidden");
  });

  it("another user's session and messages are invisible (404) on every session endpoint", async () => {
    const owner = await aiUser();
    const intruder = await aiUser();
    const session = await newSession(owner);
    const result = await sent(owner, session.id, { content: "secret plans", model: "demo" });
    await finished(owner, session.id, result.assistantMessage.id);
    const sessionScoped = endpoints(session.id, result.assistantMessage.id).filter(([, path]) =>
      path.includes(session.id),
    );
    for (const [method, path, body] of sessionScoped) {
      expectError(await call(method, path, { body, token: intruder.accessToken, ip: intruder.ip }), 404, "not_found");
    }
    // A message id of one session under another session of the caller's is not found either.
    const mine = await newSession(intruder);
    const crossed = await call("POST", `/ai/sessions/${mine.id}/messages/${result.assistantMessage.id}/stop`, {
      token: intruder.accessToken,
      ip: intruder.ip,
    });
    expectError(crossed, 404, "not_found");
    // The owner still sees everything.
    expect((await call("GET", `/ai/sessions/${session.id}`, { token: owner.accessToken, ip: owner.ip })).status).toBe(
      200,
    );
    const list = await call("GET", "/ai/sessions", { token: intruder.accessToken, ip: intruder.ip });
    expect(list.body.data.map((s: { id: string }) => s.id)).not.toContain(session.id);
  });

  it("malformed ids are the same 404 as unknown ones (test/platform/path-ids.test.ts covers every route)", async () => {
    const user = await aiUser();
    expectError(
      await call("GET", "/ai/sessions/not-a-uuid", { token: user.accessToken, ip: user.ip }),
      404,
      "not_found",
    );
  });

  it("applies the spec's per-endpoint limit (stop: 30/min) with RateLimit headers", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const opts = { token: user.accessToken, ip: user.ip };
    await awaitRoomInWindow(60);
    let last;
    for (let i = 0; i < 30; i++) last = await call("POST", `/ai/sessions/${session.id}/messages/${ZERO}/stop`, opts);
    expect(last!.status).toBe(404);
    expect(last!.headers.get("RateLimit-Limit")).toBe("30");
    const limited = await call("POST", `/ai/sessions/${session.id}/messages/${ZERO}/stop`, opts);
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });
});
