import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { planCapability } from "../../src/domains/ai/capabilities";
import { activeModels } from "../../src/domains/ai/models";
import { endToolCalls } from "../../src/domains/ai/run/tool-calls";
import { call, expectError } from "../helpers/api";
import { requests as openAiRequests } from "./fakes/openai";
import { braveRequests, installFakeSearch } from "./fakes/search";
import { aiUser, events, finished, history, newSession, readStream, send, sent, type SendBody } from "./helpers";

installFakeSearch();

const search = (content: string, extra: Record<string, unknown> = {}): SendBody => ({
  content,
  capabilityKey: "ai.search.web",
  ...extra,
});

describe("GET /ai/capabilities", () => {
  it("lists every capability with availability, the default and configured providers, and parameter ranges", async () => {
    const user = await aiUser();
    const res = await call("GET", "/ai/capabilities", { token: user.accessToken, ip: user.ip });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.map((c: any) => [c.key, c]));
    expect(Object.keys(byKey)).toEqual([
      "ai.search.web",
      "ai.research.deep",
      "ai.image.generate",
      "ai.video.generate",
      "ai.audio.generate",
    ]);
    expect(byKey["ai.search.web"]).toMatchObject({
      available: true,
      provider: "brave",
      providers: ["brave", "tavily"],
    });
    expect(byKey["ai.search.web"].parameters.maxResults).toMatchObject({ type: "integer", minimum: 1, maximum: 20 });
    expect(byKey["ai.research.deep"]).toMatchObject({
      available: true,
      provider: "brave",
      parameters: { depth: { enum: ["standard", "deep"] } },
    });
    // No media provider is configured in the tests; the demo model (AI_DEMO_MODEL=on) answers them.
    expect(byKey["ai.audio.generate"]).toMatchObject({ available: true, provider: null, providers: [] });
    expect(byKey["ai.audio.generate"].parameters.durationSeconds).toMatchObject({ minimum: 5, maximum: 30 });
  });

  it("an unconfigured capability is unavailable, and a send naming it a 400 on capabilityKey, where the demo model is off", async () => {
    expect(planCapability(env, await activeModels(env), "ai.image.generate")).toEqual({ provider: null });
    // The catalogue of a deployment with a real model and the demo model off does not list demo.
    const off = { ...env, AI_DEMO_MODEL: "off" } as Env;
    const models = await activeModels(off);
    expect(planCapability(off, models, "ai.search.web")).toEqual({ provider: "brave" });
    expect(planCapability({ ...off, SEARCH_PROVIDER: "tavily" } as Env, models, "ai.search.web")).toEqual({
      provider: "tavily",
    });
    let error: any;
    try {
      planCapability(off, models, "ai.image.generate");
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: "bad_request",
      details: {
        fields: [
          {
            field: "capabilityKey",
            message: '"ai.image.generate" is not available: none of its providers is configured',
          },
        ],
      },
    });
    const noSearch = { ...off, BRAVE_API_KEY: "", TAVILY_API_KEY: "" } as Env;
    expect(() => planCapability(noSearch, models, "ai.research.deep")).toThrow();
  });
});

describe("ai.search.web with Brave (its local fake)", () => {
  it("one web.search tool call with maxResults results, then the demo model's answer citing [n] with exactly those sources", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const before = braveRequests.length;
    const reply = await sent(user, session.id, search("sea otters", { model: "demo", parameters: { maxResults: 3 } }));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    const types = frames.map((f) => f.event);
    expect(types.slice(0, 2)).toEqual(["tool.started", "tool.completed"]);
    expect(types.slice(-2)).toEqual(["message.completed", "message.suggestions"]);
    const started = frames[0]!.data!.payload;
    expect(started).toMatchObject({
      toolKey: "web.search",
      status: "executing",
      input: { query: "sea otters", maxResults: 3 },
      activity: { status: "searching", subject: "Brave Search" },
    });
    const completed = frames[1]!.data!.payload;
    expect(completed.status).toBe("completed");
    expect(completed.output.query).toBe("sea otters");
    expect(completed.output.results).toHaveLength(3);
    expect(completed.output.results[0]).toEqual({
      title: "Result 1 about sea otters",
      url: "https://pages.fake.test/page/sea-otters/1",
      snippet: "Snippet 1 & more on sea-otters",
      publishedAt: "2026-11-01T10:00:00",
    });
    expect(braveRequests.slice(before).map((r) => r.url.searchParams.get("count"))).toEqual(["3"]);

    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message).toMatchObject({ status: "completed", providerKey: "demo" });
    expect(message.content).toContain("[1] Result 1 about sea otters: Snippet 1 & more on sea-otters");
    const sources = message.content.split("\n\nSources:\n")[1].split("\n");
    expect(sources).toEqual(
      [1, 2, 3].map((n) => `[${n}] Result ${n} about sea otters - https://pages.fake.test/page/sea-otters/${n}`),
    );
    expect(message.toolCalls).toEqual([
      expect.objectContaining({ toolKey: "web.search", status: "completed", output: completed.output }),
    ]);

    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data).toMatchObject({ costUnits: { "search.brave": 1 }, estimatedCostUsd: 0.005 });
  });

  it("the session's chat model writes the answer from the numbered results; the run appends the sources list", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, search("river otters", { maxResults: 2 }));
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message).toMatchObject({ status: "completed", modelName: "fake-basic" });
    const asked = openAiRequests.findLast((r) => r.body.messages.some((m) => m.content?.startsWith("river otters")))!;
    expect(asked.body.messages[0]!.content).toContain("Cite every claim with the source's number in square brackets");
    expect(asked.body.messages[1]!.content).toContain(
      "[1] Result 1 about river otters\nhttps://pages.fake.test/page/river-otters/1\nSnippet 1",
    );
    expect(asked.body.messages[1]!.content).toContain("[2] Result 2 about river otters");
    expect(message.content).toBe(
      "Hello from the fake model.\n\nSources:\n[1] Result 1 about river otters - https://pages.fake.test/page/river-otters/1\n[2] Result 2 about river otters - https://pages.fake.test/page/river-otters/2",
    );
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data).toMatchObject({
      totalInputTokens: 12,
      totalOutputTokens: 5,
      costUnits: { "search.brave": 1 },
    });
  });

  it("a 429 is retried inside the run (the card says so) and the search goes on", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, search("busy otters #429x2", { model: "demo" }));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    const progress = frames.filter((f) => f.event === "tool.progress").map((f) => f.data!.payload.activity);
    expect(progress).toEqual([
      expect.objectContaining({
        status: "retrying",
        detail: "Brave Search answered 429: Request rate limit exceeded for plan.; retry 1 of 3",
      }),
      expect.objectContaining({ status: "retrying", detail: expect.stringContaining("retry 2 of 3") }),
    ]);
    expect(frames.at(-2)!.event).toBe("message.completed");
  });

  it("a 4xx fails the tool call and the run with the provider's reason", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, search("bad otters #422", { model: "demo" }));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.map((f) => f.event)).toEqual(["tool.started", "tool.completed", "run.error"]);
    expect(frames[1]!.data!.payload).toMatchObject({
      status: "failed",
      error: "Brave Search answered 422: Unable to validate request parameter(s).",
    });
    expect(frames[2]!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Brave Search answered 422: Unable to validate request parameter(s).",
    });
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("failed");
    expect(message.toolCalls[0]).toMatchObject({ status: "failed", toolKey: "web.search" });
  });

  it("a capability with no provider is answered by the demo runner, which says so", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const res = await send(user, session.id, {
      content: "a calm tune",
      capabilityKey: "ai.audio.generate",
      durationSeconds: 10,
    });
    expect(res.status).toBe(201);
    const message = await finished(user, session.id, res.body.data.assistantMessage.id);
    expect(message.content).toBe(
      'Demo capability ai.audio.generate (offline and deterministic; no provider is configured, so nothing was generated or searched). It would run with {"durationSeconds":10} for: "a calm tune".',
    );
    expect(message.providerKey).toBe("demo");
  });

  it("a parameter error is refused before any allowance is spent", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const before = (await call("GET", "/ai/operations/rate-limit", { token: user.accessToken, ip: user.ip })).body.data
      .remaining;
    expectError(await send(user, session.id, search("x", { maxResults: 99 })), 400, "bad_request");
    const after = (await call("GET", "/ai/operations/rate-limit", { token: user.accessToken, ip: user.ip })).body.data
      .remaining;
    expect(after).toBe(before);
    expect((await history(user, session.id)).data).toEqual([]);
  });
});

describe("a stopped capability's steps", () => {
  it("a running step with partial output ends completed with it; one with nothing is skipped", () => {
    const step = (id: string, output: Record<string, unknown> | null) => ({
      id,
      toolKey: "web.fetch",
      input: {},
      status: "executing" as const,
      output,
      error: null,
      executionMs: null,
    });
    const { all, ended } = endToolCalls(
      [step("a", { partial: true }), step("b", null)],
      { a: 1000, b: 1500 },
      "The run was stopped before the tool finished",
      2000,
      true,
    );
    expect(all).toEqual([
      { ...step("a", { partial: true }), status: "completed", executionMs: 1000 },
      {
        ...step("b", null),
        status: "skipped",
        error: "The run was stopped before the tool finished",
        executionMs: 500,
      },
    ]);
    expect(ended).toHaveLength(2);
  });
});
