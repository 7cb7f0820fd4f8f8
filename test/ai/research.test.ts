import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runObject } from "../../src/domains/ai/runs";
import { braveRequests, pageLog } from "./fakes/search";
import {
  aiUser,
  events,
  finished,
  frameReader,
  newSession,
  openStream,
  readStream,
  sent,
  type Frame,
  type SendBody,
  stop,
  usageOf,
} from "./helpers";

const research = (content: string, depth?: "standard" | "deep"): SendBody => ({
  content,
  capabilityKey: "ai.research.deep",
  model: "demo",
  ...(depth ? { depth } : {}),
});

const calls = (frames: Frame[], toolKey: string, type = "tool.completed") =>
  frames.filter((f) => f.event === type && f.data!.payload.toolKey === toolKey).map((f) => f.data!.payload);

const sourcesOf = (content: string) =>
  (content.split("\n\nSources:\n")[1] ?? "")
    .split("\n")
    .filter(Boolean)
    .map((line) => /^\[(\d+)\] .* - (\S+)$/.exec(line)![2]!);

describe("ai.research.deep (Brave's fake, pages from a fake site)", () => {
  it("standard: 4 planned searches, 6 pages read (at most 6 at once), a private redirect and an oversized page refused, a report citing only pages read", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    pageLog.maxInFlight = 0;
    const reply = await sent(user, session.id, research("otter habitats #traps"));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.at(-2)!.event).toBe("message.completed");

    const searches = calls(frames, "web.search");
    expect(searches.map((s) => s.input.query)).toEqual([
      "otter habitats #traps",
      "otter habitats #traps overview",
      "otter habitats #traps evidence",
      "otter habitats #traps latest developments",
    ]);
    const fetches = calls(frames, "web.fetch");
    const read = fetches.filter((f) => f.status === "completed");
    expect(read).toHaveLength(6);
    expect(fetches.length).toBeLessThanOrEqual(12);
    const redirect = fetches.find((f) => f.input.url === "https://pages.fake.test/redirect-private")!;
    expect(redirect).toMatchObject({
      status: "failed",
      error: "IP addresses may not be used as hosts; use a public DNS name",
    });
    const huge = fetches.find((f) => f.input.url === "https://pages.fake.test/huge")!;
    expect(huge).toMatchObject({ status: "failed", error: "The page is larger than 2097152 bytes (2 MiB)" });
    // Readable text only: no script, style, navigation or footer.
    expect(read[0]!.output.excerpt).toContain("Readable fact one about");
    expect(read[0]!.output.excerpt).not.toMatch(/script text|color:red|Menu Home|Copyright footer/);
    expect(read[0]!.output.title).toMatch(/^Page /);
    // Page reads ran in parallel, never more than 6 at once.
    expect(pageLog.maxInFlight).toBeGreaterThan(1);
    expect(pageLog.maxInFlight).toBeLessThanOrEqual(6);
    // Every started call also progressed through the event log in order.
    expect(calls(frames, "web.fetch", "tool.started")).toHaveLength(fetches.length);

    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    const cited = sourcesOf(message.content);
    expect(cited).toHaveLength(6);
    expect(new Set(cited)).toEqual(new Set(read.map((f) => f.output.url)));
    expect(message.content).toMatch(/^Demo report/);
    expect(message.toolCalls.filter((c: any) => c.toolKey === "web.fetch" && c.status === "completed")).toHaveLength(6);

    const usage = await usageOf(user, session.id);
    expect(usage.costUnits).toEqual({ "search.brave": 4, "page.read": 6 });
    expect(usage.estimatedCostUsd).toBe(0.02);
  });

  it("deep: 3 rounds, 12 queries, 20 pages read", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, research("beaver dams", "deep"));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.at(-2)!.event).toBe("message.completed");
    const searches = calls(frames, "web.search");
    expect(searches).toHaveLength(12);
    expect(new Set(searches.map((s) => s.input.query)).size).toBe(12);
    const read = calls(frames, "web.fetch").filter((f) => f.status === "completed");
    expect(read).toHaveLength(20);
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(sourcesOf(message.content)).toHaveLength(20);
  });

  it("a stop in the middle keeps what exists: finished reads stay, reads in flight are skipped, nothing stays open", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, research("slow otters #slowpages", "deep"));
    const reader = frameReader(await openStream(user, session.id, reply.assistantMessage.id));
    for (;;) {
      const frame = await reader.nextEvent();
      if (!frame) throw new Error("the stream ended before a page was read");
      if (frame.event === "tool.completed" && frame.data!.payload.toolKey === "web.fetch") break;
    }
    const stopped = await stop(user, session.id, reply.assistantMessage.id);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({ status: "stopped", content: "" });
    const rest: Frame[] = [];
    for (let frame = await reader.nextEvent(); frame; frame = await reader.nextEvent()) rest.push(frame);
    expect(rest.at(-1)!.event).toBe("message.stopped");
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("stopped");
    const statuses = new Set(message.toolCalls.map((c: any) => c.status));
    expect(statuses.has("executing")).toBe(false);
    expect(statuses.has("skipped")).toBe(true);
    expect(
      message.toolCalls.filter((c: any) => c.toolKey === "web.fetch" && c.status === "completed").length,
    ).toBeGreaterThan(0);
    for (const skipped of message.toolCalls.filter((c: any) => c.status === "skipped"))
      expect(skipped.error).toBe("The run was stopped before the tool finished");
  });

  it("a second listener joining mid-way with Last-Event-ID sees every step after it, then the end", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, research("reload otters #slowpages"));
    const first = frameReader(await openStream(user, session.id, reply.assistantMessage.id));
    let seen = 0;
    for (;;) {
      const frame = (await first.nextEvent())!;
      seen = frame.id!;
      if (frame.event === "tool.completed" && frame.data!.payload.toolKey === "web.fetch") break;
    }
    const second = frameReader(await openStream(user, session.id, reply.assistantMessage.id, seen));
    const a: Frame[] = [];
    const b: Frame[] = [];
    for (let frame = await first.nextEvent(); frame; frame = await first.nextEvent()) a.push(frame);
    for (let frame = await second.nextEvent(); frame; frame = await second.nextEvent()) b.push(frame);
    expect(b.map((f) => f.id)).toEqual(a.map((f) => f.id));
    expect(b[0]!.id).toBe(seen + 1);
    expect(b.some((f) => f.event === "tool.completed" && f.data!.payload.toolKey === "web.fetch")).toBe(true);
    expect(b.at(-2)!.event).toBe("message.completed");
  });

  it("an object evicted mid-research resumes from its last finished step at its alarm: nothing finished runs twice", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, research("evicted otters #slowpages"));
    const reader = frameReader(await openStream(user, session.id, reply.assistantMessage.id));
    let firstRead = "";
    for (;;) {
      const frame = (await reader.nextEvent())!;
      if (
        frame.event === "tool.completed" &&
        frame.data!.payload.toolKey === "web.fetch" &&
        frame.data!.payload.status === "completed"
      ) {
        firstRead = new URL(frame.data!.payload.input.url).pathname;
        break;
      }
    }
    await reader.stop();
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(runObject(env, reply.assistantMessage.id))).toBe(true);
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.at(-2)!.event).toBe("message.completed");
    // Ids stay gapless across the resume.
    expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => i + 1));
    // Each planned search reached the provider once; the page read before the eviction was not read again.
    const searched = braveRequests
      .map((r) => r.url.searchParams.get("q"))
      .filter((q) => q?.startsWith("evicted otters"));
    expect(searched).toHaveLength(4);
    expect(new Set(searched).size).toBe(4);
    expect(pageLog.requests.filter((path) => path === firstRead)).toHaveLength(1);
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    expect(sourcesOf(message.content)).toHaveLength(6);
    expect(message.toolCalls.some((c: any) => c.status === "executing")).toBe(false);
  });
});
