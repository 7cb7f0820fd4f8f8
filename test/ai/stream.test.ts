import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { admin, call, expectError, expectFieldError } from "../helpers/api";
import {
  aiUser,
  events,
  frameReader,
  history,
  newSession,
  openStream,
  parseSse,
  readStream,
  send,
  sent,
  streamPath,
} from "./helpers";
import { SLOW_CHUNKS } from "./fakes/openai";

const signature = (frames: ReturnType<typeof parseSse>) =>
  events(frames).map((f) => `${f.id}:${f.event}:${JSON.stringify(f.data)}`);

describe("SSE stream", () => {
  it("frames: retry first, gapless ids from 1, envelope per CONTRACT, terminal events, then the end", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "hello #scenario=suggest" });
    const frames = await readStream(user, session.id, result.assistantMessage.id);
    expect(frames[0]).toMatchObject({ retry: 3000, event: null });
    const list = events(frames);
    expect(list.map((f) => f.id)).toEqual(list.map((_, i) => i + 1));
    for (const frame of list) {
      expect(frame.data).toMatchObject({
        eventId: frame.id,
        type: frame.event,
        runId: result.run.id,
        payload: expect.any(Object),
      });
    }
    expect(list.slice(-2).map((f) => f.event)).toEqual(["message.completed", "message.suggestions"]);
    const content = list
      .filter((f) => f.event === "message.delta")
      .map((f) => f.data!.payload.delta)
      .join("");
    expect(content).toBe("Here you go.");
    expect(list.at(-2)!.data!.payload).toEqual({ messageId: result.assistantMessage.id, content: "Here you go." });
    expect(list.at(-1)!.data!.payload).toEqual({
      messageId: result.assistantMessage.id,
      suggestions: [
        { suggestion: "Tell me more", priority: 1 },
        { suggestion: "Another one", priority: 2 },
      ],
    });
    // History has the same content and the suggestions, never the marker.
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({
      status: "completed",
      content: "Here you go.",
      suggestions: list.at(-1)!.data!.payload.suggestions,
    });
  });

  it("replays strictly after every Last-Event-ID with no gap or duplicate; 204 when nothing is left", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "hi" });
    const full = await readStream(user, session.id, result.assistantMessage.id);
    const all = signature(full);
    for (let after = 0; after < all.length; after++) {
      const replay = await readStream(user, session.id, result.assistantMessage.id, after);
      expect(signature(replay)).toEqual(all.slice(after));
    }
    const gone = await openStream(user, session.id, result.assistantMessage.id, all.length);
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe("");
    expect((await openStream(user, session.id, result.assistantMessage.id, all.length + 10)).status).toBe(204);
    // The query parameter works like the header (for clients that cannot set headers).
    const viaQuery = await call(
      "GET",
      `${streamPath(session.id, result.assistantMessage.id)}?lastEventId=${all.length - 1}`,
      { token: user.accessToken, ip: user.ip },
    );
    expect(signature(parseSse(viaQuery.body))).toEqual(all.slice(-1));
  });

  it("three listeners at once receive identical sequences; one leaving does not stop the run", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "long one #scenario=slow" });
    const [a, b, c, leaver] = await Promise.all(
      Array.from({ length: 4 }, () => openStream(user, session.id, result.assistantMessage.id)),
    );
    const early = frameReader(leaver!);
    await early.nextEvent();
    await early.stop();
    const texts = await Promise.all([a!, b!, c!].map((r) => r.text()));
    const [first, ...rest] = texts.map((t) => signature(parseSse(t)));
    expect(first!.length).toBe(SLOW_CHUNKS + 2);
    for (const other of rest) expect(other).toEqual(first);
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant.status).toBe("completed");
  });

  it("a reloaded page: drop mid-run, reconnect with Last-Event-ID, continue live without loss or duplicates", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "reload me #scenario=slow" });
    const first = frameReader(await openStream(user, session.id, result.assistantMessage.id));
    const seen: string[] = [];
    let lastId = 0;
    for (let i = 0; i < 5; i++) {
      const frame = (await first.nextEvent())!;
      seen.push(`${frame.id}:${frame.event}:${JSON.stringify(frame.data)}`);
      lastId = frame.id!;
    }
    await first.stop();
    // Mid-run, history shows the reply running with its runId (how a page finds the stream again).
    const during = (await history(user, session.id)).data[1];
    expect(during).toMatchObject({ status: "running", content: null, runId: result.run.id });
    const resumed = parseSse(await (await openStream(user, session.id, result.assistantMessage.id, lastId)).text());
    const combined = [...seen, ...signature(resumed)];
    const reference = signature(await readStream(user, session.id, result.assistantMessage.id));
    expect(combined).toEqual(reference);
    // A fresh page without Last-Event-ID gets the full replay.
    expect(reference.length).toBe(SLOW_CHUNKS + 2);
  });

  it("rejects a malformed Last-Event-ID; 404 for a user message or another user's message", async () => {
    const user = await aiUser();
    const other = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "hi" });
    await readStream(user, session.id, result.assistantMessage.id);
    const bad = await call("GET", streamPath(session.id, result.assistantMessage.id), {
      token: user.accessToken,
      ip: user.ip,
      headers: { "Last-Event-ID": "abc" },
    });
    expectFieldError(bad, "Last-Event-ID", "non-negative integer");
    expectError(
      await call("GET", streamPath(session.id, result.userMessage.id), { token: user.accessToken, ip: user.ip }),
      404,
      "not_found",
    );
    expectError(
      await call("GET", streamPath(session.id, result.assistantMessage.id), { token: other.accessToken, ip: other.ip }),
      404,
      "not_found",
    );
  });

  it("the operator tail gives the same frames behind the admin token (401 without it)", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "hi" });
    const reference = signature(await readStream(user, session.id, result.assistantMessage.id));
    const tail = await admin("GET", `/admin/ai/messages/${result.assistantMessage.id}/stream?lastEventId=1`);
    expect(tail.status).toBe(200);
    expect(signature(parseSse(tail.body))).toEqual(reference.slice(1));
    expectError(
      await call("GET", `/admin/ai/messages/${result.assistantMessage.id}/stream`, { token: user.accessToken }),
      401,
      "unauthorized",
    );
  });
});

describe("SSE stream: a run that never started, and a blank Last-Event-ID", () => {
  it("a reply whose object refused its run streams one run.error (event 1) and ends; 204 after it; no run in usage", async () => {
    const user = await aiUser();
    const opts = { token: user.accessToken, ip: user.ip };
    const session = await newSession(user);
    // The run's object cannot be reached when the send hands it the run.
    const refuse = vi.spyOn(env.MESSAGE_RUN, "getByName").mockImplementationOnce(() => {
      throw new Error("the object is unavailable");
    });
    const res = await send(user, session.id, { content: "hi" });
    refuse.mockRestore();
    expect(res.status).toBe(500);
    const [, assistant] = (await history(user, session.id)).data;
    expect(assistant).toMatchObject({ status: "failed", content: "", runId: expect.any(String), tokensUsed: 0 });

    const frames = await readStream(user, session.id, assistant.id);
    expect(frames[0]).toMatchObject({ retry: 3000, event: null });
    expect(events(frames)).toEqual([
      {
        id: 1,
        event: "run.error",
        data: {
          eventId: 1,
          type: "run.error",
          runId: assistant.runId,
          payload: {
            messageId: assistant.id,
            error: { code: "run_not_started", message: "The run could not be started" },
          },
        },
      },
    ]);
    expect((await openStream(user, session.id, assistant.id, 1)).status).toBe(204);
    // The operator tail answers the same.
    expect(events(parseSse((await admin("GET", `/admin/ai/messages/${assistant.id}/stream`)).body))).toEqual(
      events(frames),
    );

    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, opts);
    expect(usage.body.data).toMatchObject({ runCount: 0, totalTokens: 0, estimatedCostUsd: 0 });
    // The session is not blocked: the next message runs (and is the one run counted).
    const next = await sent(user, session.id, { content: "again" });
    await readStream(user, session.id, next.assistantMessage.id);
    expect((await call("GET", `/ai/operations/sessions/${session.id}/usage`, opts)).body.data.runCount).toBe(1);
  });

  it("a blank Last-Event-ID header does not hide the lastEventId query", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "hi" });
    const all = signature(await readStream(user, session.id, result.assistantMessage.id));
    const path = `${streamPath(session.id, result.assistantMessage.id)}?lastEventId=${all.length - 1}`;
    for (const blank of ["", "  "]) {
      const res = await call("GET", path, {
        token: user.accessToken,
        ip: user.ip,
        headers: { "Last-Event-ID": blank },
      });
      expect(res.status).toBe(200);
      expect(signature(parseSse(res.body))).toEqual(all.slice(-1));
    }
    // A bad query value is reported under its own name.
    const bad = await call("GET", `${streamPath(session.id, result.assistantMessage.id)}?lastEventId=x`, {
      token: user.accessToken,
      ip: user.ip,
      headers: { "Last-Event-ID": "" },
    });
    expectFieldError(bad, "lastEventId", "non-negative integer");
  });
});
