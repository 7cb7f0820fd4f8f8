import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError, type TestUser } from "../helpers/api";
import { api } from "../helpers/client";
import { requests as openAiRequests } from "./fakes/openai";
import { aiUser, finished, history, newSession, send, sent } from "./helpers";

const remember = (user: TestUser, content: string) => api(user).POST("/api/v1/ai/memories", { body: { content } });
const forget = (user: TestUser, memoryId: string) =>
  api(user).DELETE("/api/v1/ai/memories/{memoryId}", { params: { path: { memoryId } } });
const remaining = async (user: TestUser) =>
  (await api(user).GET("/api/v1/ai/operations/rate-limit")).body.data.remaining;

describe("/ai/memories", () => {
  it("adds, lists newest first with a cursor, and deletes the caller's memories; others' are 404", async () => {
    const user = await aiUser();
    const a = await remember(user, "I prefer metric units");
    expect(a.status).toBe(201);
    expect(a.body.data).toEqual({
      id: expect.any(String),
      content: "I prefer metric units",
      createdAt: expect.any(String),
    });
    const b = await remember(user, "My name is Ada");
    const first = await api(user).GET("/api/v1/ai/memories", { params: { query: { limit: 1 } } });
    expect(first.body.data.map((m) => m.id)).toEqual([b.body.data.id]);
    expect(first.body.meta).toMatchObject({ hasNextPage: true });
    const second = await api(user).GET("/api/v1/ai/memories", {
      params: { query: { limit: 1, cursor: first.body.meta.nextCursor! } },
    });
    expect(second.body.data.map((m) => m.id)).toEqual([a.body.data.id]);
    expect(second.body.meta).toMatchObject({ hasNextPage: false, nextCursor: null });

    const other = await aiUser();
    expectError(await forget(other, a.body.data.id), 404, "not_found");
    expect((await api(other).GET("/api/v1/ai/memories")).body.data).toEqual([]);
    const gone = await forget(user, a.body.data.id);
    expect(gone.body.data).toEqual({ id: a.body.data.id, deleted: true });
    expectError(await forget(user, a.body.data.id), 404, "not_found");
  });

  it("content is 1 to 2,000 characters; at most 200 memories per user (409)", async () => {
    const user = await aiUser();
    const long = await remember(user, "é".repeat(2001));
    expectError(long, 400, "bad_request");
    expect(long.body.error.details.fields).toEqual([{ field: "content", message: "must be at most 2000 characters" }]);
    expect((await remember(user, "é".repeat(2000))).status).toBe(201);
    expectError(await remember(user, "   "), 400, "bad_request");
    // 199 more straight into D1, then the 201st through the API.
    const now = new Date().toISOString();
    await env.DB.batch(
      Array.from({ length: 199 }, () =>
        env.DB.prepare("INSERT INTO ai_memories (id, user_id, content, created_at) VALUES (?, ?, ?, ?)").bind(
          crypto.randomUUID(),
          user.id,
          "filler",
          now,
        ),
      ),
    );
    const over = await remember(user, "one too many");
    expectError(over, 409, "conflict");
    expect(over.body.error.message).toBe("You have 200 memories, the most there may be; delete one to add another");
  });
});

describe("memoryIds on send", () => {
  it("pins the sender's memories into the run's instructions; history keeps memoryIds and attachmentIds as sent", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const m1 = (await remember(user, "Always answer in French")).body.data.id;
    const m2 = (await remember(user, "I live in Lyon")).body.data.id;
    const reply = await sent(user, session.id, { content: "weather? #memo-1", memoryIds: [m2, m1] });
    await finished(user, session.id, reply.assistantMessage.id);
    const asked = openAiRequests.findLast((r) => r.body.messages.some((m) => m.content === "weather? #memo-1"))!;
    expect(asked.body.messages[0]).toMatchObject({ role: "system" });
    expect(asked.body.messages[0]!.content).toContain("- I live in Lyon\n- Always answer in French");
    const [userMessage] = (await history(user, session.id)).data;
    expect(userMessage).toMatchObject({ role: "user", memoryIds: [m2, m1], attachmentIds: [] });

    // A retry after one memory was deleted runs with the one that remains.
    await forget(user, m1);
    // Counted before the retry: its run may reach the provider before the retry's answer does.
    const count = openAiRequests.length;
    const retry = await api(user).POST("/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/retries", {
      params: { path: { sessionId: session.id, assistantMessageId: reply.assistantMessage.id } },
      body: { idempotencyKey: "again" },
    });
    expect(retry.status).toBe(201);
    await finished(user, session.id, retry.body.data.assistantMessage.id);
    const again = openAiRequests
      .slice(count)
      .find((r) => r.body.messages.some((m) => m.content === "weather? #memo-1"))!;
    expect(again.body.messages[0]!.content).toContain("- I live in Lyon");
    expect(again.body.messages[0]!.content).not.toContain("French");
  });

  it("another user's or an unknown memory is a 400 on memoryIds.N, before any allowance is spent", async () => {
    const user = await aiUser();
    const other = await aiUser();
    const session = await newSession(user);
    const mine = (await remember(user, "mine")).body.data.id;
    const theirs = (await remember(other, "theirs")).body.data.id;
    const before = await remaining(user);
    const res = await send(user, session.id, { content: "hi", memoryIds: [mine, theirs, crypto.randomUUID()] });
    expectError(res, 400, "bad_request");
    expect(res.body.error.details.fields).toEqual([
      { field: "memoryIds.1", message: "is not one of your memories" },
      { field: "memoryIds.2", message: "is not one of your memories" },
    ]);
    expect(await remaining(user)).toBe(before);
    expect((await history(user, session.id)).data).toEqual([]);
  });

  it("at most 20 memoryIds: 20 pass the size check (then each is looked up), 21 are a 400 on memoryIds", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const twenty = await send(user, session.id, { content: "hi", memoryIds: ids(20) });
    expectError(twenty, 400, "bad_request");
    expect(twenty.body.error.details.fields).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ field: `memoryIds.${i}`, message: "is not one of your memories" })),
    );
    const twentyOne = await send(user, session.id, { content: "hi", memoryIds: ids(21) });
    expectError(twentyOne, 400, "bad_request");
    expect(twentyOne.body.error.details.fields).toEqual([
      { field: "memoryIds", message: "must have at most 20 items" },
    ]);
    expect((await history(user, session.id)).data).toEqual([]);
  });
});
