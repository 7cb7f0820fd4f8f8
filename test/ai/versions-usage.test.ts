import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, call, expectError, expectFieldError, expectShape } from "../helpers/api";
import { responseSchemas } from "../../src/domains/ai/response-schemas";
import { aiUser, history, newSession, readStream, send, sent } from "./helpers";
import { demoReply } from "../../src/domains/ai/providers/demo";
import { requests } from "./fakes/openai";
import { awaitRoomInWindow } from "../helpers/rate-window";

const { allowanceSchema, messageSchema, sendResultSchema, sessionUsageSchema } = responseSchemas();

const retryPath = (s: string, m: string) => `/ai/sessions/${s}/messages/${m}/retries`;
const selectPath = (s: string, m: string) => `/ai/sessions/${s}/messages/${m}/selection`;

describe("retries and selection", () => {
  it("a retry is a new active version with its own run; selection switches; history and context follow", async () => {
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const session = await newSession(user);
    const first = await sent(user, session.id, { content: "first question" });
    await readStream(user, session.id, first.assistantMessage.id);

    const retry = await call("POST", retryPath(session.id, first.assistantMessage.id), {
      ...opts,
      body: { idempotencyKey: "r1" },
    });
    expect(retry.status).toBe(201);
    const data = expectShape(sendResultSchema, retry.body.data);
    expect(data.userMessage.id).toBe(first.userMessage.id);
    expect(data.assistantMessage.id).not.toBe(first.assistantMessage.id);
    expect(data.run).toMatchObject({ status: "queued" });
    expect(data.run.id).not.toBe(first.run.id);
    await readStream(user, session.id, data.assistantMessage.id);

    // Same key again: the first retry's result, no new version.
    const again = await call("POST", retryPath(session.id, first.assistantMessage.id), {
      ...opts,
      body: { idempotencyKey: "r1" },
    });
    expect(again.body.data.assistantMessage.id).toBe(data.assistantMessage.id);

    let list = (await history(user, session.id)).data;
    expect(list.map((m) => m.id)).toEqual([first.userMessage.id, data.assistantMessage.id]);

    const selected = await call("POST", selectPath(session.id, first.assistantMessage.id), opts);
    expect(selected.status).toBe(201);
    expect(selected.body.data.activeMessageId).toBe(first.assistantMessage.id);
    expectShape(messageSchema, selected.body.data.selectedMessage);
    list = (await history(user, session.id)).data;
    expect(list.map((m) => m.id)).toEqual([first.userMessage.id, first.assistantMessage.id]);

    // The next run's context carries the active version only.
    const next = await sent(user, session.id, { content: "second question" });
    await readStream(user, session.id, next.assistantMessage.id);
    const context = requests.filter((r) => r.body.messages.some((m) => m.content === "second question")).at(-1)!
      .body.messages;
    expect(context.filter((m) => m.role !== "system").map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(context.filter((m) => m.role === "assistant")).toHaveLength(1);
    expect(context.some((m) => m.role === "system" && m.content?.includes("<suggestions>"))).toBe(true);

    // Usage counts every run (both versions and the next message).
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, opts);
    const u = expectShape(sessionUsageSchema, usage.body.data);
    expect(u).toEqual({
      sessionId: session.id,
      totalInputTokens: 36,
      totalOutputTokens: 15,
      totalTokens: 51,
      runCount: 3,
      costUnits: {},
      estimatedCostUsd: null,
      // The fake models have no price: their tokens are the part that makes the estimate null.
      unpricedUnits: [`tokens.${list.find((m) => m.role === "assistant")!.modelId}`],
    });
  });

  it("validates retries: key required, not blank, at most 200; 404 for a user message or unknown id; 409 while running", async () => {
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const session = await newSession(user);
    const first = await sent(user, session.id, { content: "#scenario=hang" });
    const path = retryPath(session.id, first.assistantMessage.id);
    expectFieldError(await call("POST", path, { ...opts, body: {} }), "idempotencyKey");
    expectFieldError(
      await call("POST", path, { ...opts, body: { idempotencyKey: "   " } }),
      "idempotencyKey",
      "must not be blank",
    );
    expectFieldError(
      await call("POST", path, { ...opts, body: { idempotencyKey: "k".repeat(201) } }),
      "idempotencyKey",
      "at most 200",
    );
    expectFieldError(
      await call("POST", path, { ...opts, body: { idempotencyKey: "k", extra: 1 } }),
      "extra",
      "unknown property extra",
    );
    expectError(await call("POST", path, { ...opts, body: { idempotencyKey: "k" } }), 409, "conflict");
    expectError(
      await call("POST", retryPath(session.id, first.userMessage.id), { ...opts, body: { idempotencyKey: "k" } }),
      404,
      "not_found",
    );
    expectError(await call("POST", selectPath(session.id, first.userMessage.id), opts), 404, "not_found");
    await call("POST", `/ai/sessions/${session.id}/messages/${first.assistantMessage.id}/stop`, opts);
    const ok = await call("POST", path, { ...opts, body: { idempotencyKey: "k".repeat(200) } });
    expect(ok.status).toBe(201);
  });
});

describe("list messages", () => {
  it("pages by cursor and by offset with meta cursor/hasMore/total; persona filter 404s on another persona", async () => {
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const persona = (await call("POST", "/ai/personas", { ...opts, body: { name: "P", instructions: "Be brief." } }))
      .body.data;
    const other = (await call("POST", "/ai/personas", { ...opts, body: { name: "Q", instructions: "Be long." } })).body
      .data;
    const session = await newSession(user, { personaId: persona.id });
    for (const content of ["one", "two", "three"]) {
      const r = await sent(user, session.id, { content, model: "demo" });
      await readStream(user, session.id, r.assistantMessage.id);
    }
    const all = await history(user, session.id);
    expect(all.meta).toMatchObject({ cursor: null, hasMore: false, total: 6 });
    expect(all.data.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant"]);
    expect(all.data.filter((m) => m.role === "user").map((m) => m.content)).toEqual(["one", "two", "three"]);
    for (const message of all.data) expectShape(messageSchema, message);
    // The persona's instructions reached the model (the demo echoes nothing of them, so check the stored system prompt via content).
    expect(all.data[1].tokensUsed).toBeGreaterThan(0);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof history>> = await history(
        user,
        session.id,
        `?limit=4${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.data.map((m) => m.id));
      expect(page.meta.total).toBe(6);
      cursor = page.meta.hasMore ? page.meta.cursor : null;
    } while (cursor);
    expect(seen).toEqual(all.data.map((m) => m.id));

    const byOffset = await history(user, session.id, "?limit=2&offset=2");
    expect(byOffset.data.map((m) => m.id)).toEqual(all.data.slice(2, 4).map((m) => m.id));
    expect(byOffset.meta).toMatchObject({ hasMore: true, total: 6, cursor: expect.any(String) });

    expect((await history(user, session.id, `?personaId=${persona.id}`)).meta.total).toBe(6);
    expectError(await call("GET", `/ai/sessions/${session.id}/messages?personaId=${other.id}`, opts), 404, "not_found");
    expectFieldError(await call("GET", `/ai/sessions/${session.id}/messages?cursor=x&offset=1`, opts), "offset");
    expectFieldError(await call("GET", `/ai/sessions/${session.id}/messages?limit=0`, opts), "limit");
  });
});

describe("AI usage", () => {
  it("reports and consumes the daily allowance per account; 429 when exhausted; an account override applies", async () => {
    // The allowance is a UTC-day window; do not straddle midnight.
    await awaitRoomInWindow(86_400, 10_000);
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const before = await call("GET", "/ai/operations/rate-limit", opts);
    expect(before.status).toBe(200);
    const allowance = expectShape(allowanceSchema, before.body.data);
    expect(allowance).toMatchObject({ limit: 100, remaining: 100, scope: "account" });
    expect(Date.parse(allowance.resetsAt)).toBeGreaterThan(Date.now());

    const session = await newSession(user);
    const r = await sent(user, session.id, { content: "hi", model: "demo" });
    await readStream(user, session.id, r.assistantMessage.id);
    expect((await call("GET", "/ai/operations/rate-limit", opts)).body.data.remaining).toBe(99);

    const updated = await admin("PATCH", `/admin/users/${user.id}/account`, { aiDailyAllowance: 2 });
    expect(updated.status).toBe(200);
    expect((await call("GET", "/ai/operations/rate-limit", opts)).body.data).toMatchObject({ limit: 2, remaining: 1 });
    const second = await sent(user, session.id, { content: "again", model: "demo" });
    await readStream(user, session.id, second.assistantMessage.id);
    const refused = await send(user, session.id, { content: "one too many", model: "demo" });
    expectError(refused, 429, "RATE_LIMIT_EXCEEDED");
    expect(refused.body.error.message).toBe("Rate limit exceeded");
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expectError(
      await call("POST", retryPath(session.id, second.assistantMessage.id), { ...opts, body: { idempotencyKey: "x" } }),
      429,
      "RATE_LIMIT_EXCEEDED",
    );
  });

  it("the allowance is consumed beside the conversation's answer: a replay or a 409 gives it back; a refused turn leaves nothing", async () => {
    await awaitRoomInWindow(86_400, 10_000);
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const remaining = async () => (await call("GET", "/ai/operations/rate-limit", opts)).body.data.remaining;
    const session = await newSession(user);
    const first = await sent(user, session.id, { content: "hi", model: "demo", idempotencyKey: "k-1" });
    expect(await remaining()).toBe(99);
    // The reply is still running: a second send is the 409, a replay of the first is answered again.
    const conflict = await send(user, session.id, { content: "meanwhile", model: "demo" });
    expectError(conflict, 409, "conflict");
    const replay = await send(user, session.id, { content: "hi", model: "demo", idempotencyKey: "k-1" });
    expect(replay.status).toBe(200);
    expect(replay.body.data.assistantMessage.id).toBe(first.assistantMessage.id);
    expect(await remaining()).toBe(99);
    await readStream(user, session.id, first.assistantMessage.id);

    // Refused by the allowance after the conversation wrote the turn: the turn is taken back.
    await admin("PATCH", `/admin/users/${user.id}/account`, { aiDailyAllowance: 1 });
    expectError(await send(user, session.id, { content: "over", model: "demo" }), 429, "RATE_LIMIT_EXCEEDED");
    const listed = await call("GET", `/ai/sessions/${session.id}/messages`, opts);
    expect(listed.body.data.map((m: { content: string | null }) => m.content)).toEqual(["hi", expect.any(String)]);
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM ai_runs WHERE session_id = ?")
      .bind(session.id)
      .first("n");
    expect(runs).toBe(1);
    // A replay still answers with nothing left to consume.
    expect((await send(user, session.id, { content: "hi", model: "demo", idempotencyKey: "k-1" })).status).toBe(200);
  });

  it("prices demo runs at zero and counts demo tokens by the documented estimate", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const r = await sent(user, session.id, { content: "abcd", model: "demo" });
    await readStream(user, session.id, r.assistantMessage.id);
    const usage = (
      await call("GET", `/ai/operations/sessions/${session.id}/usage`, { token: user.accessToken, ip: user.ip })
    ).body.data;
    expect(usage.runCount).toBe(1);
    expect(usage.estimatedCostUsd).toBe(0);
    const [, assistant] = (await history(user, session.id)).data;
    expect(usage.totalTokens).toBe(assistant.tokensUsed);
    // The demo counts what it generated (the reply and its suggestions block), one token per 4 characters.
    expect(usage.totalOutputTokens).toBe(Math.ceil(demoReply([{ role: "user", content: "abcd" }], true).length / 4));
    expect(assistant.content.length).toBeLessThan(demoReply([{ role: "user", content: "abcd" }], true).length);
  });
});
