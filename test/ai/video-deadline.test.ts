import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { executeRun, type RunIo } from "../../src/domains/ai/run/executor";
import type { RunSpec } from "../../src/domains/ai/run/types";
import { NO_TOOLS } from "../../src/domains/ai/tool-source";
import { hold, installFakeVideo, release, soraRequests } from "./fakes/video";
import { demoRunSpec } from "./helpers";

// The "video" project: Sora against its fake, polled every 20 ms (VIDEO_POLL_MS).
installFakeVideo();

const tag = `#hold-deadline-${crypto.randomUUID()}`;
afterEach(() => release(tag));

describe("a video job's deadline (CONTRACT: 30 minutes; MEDIA_JOB_DEADLINE_MS shortens it)", () => {
  it("a job still running past it fails the step and the run, without a second job", async () => {
    hold(tag);
    const events: { type: string; payload: Record<string, unknown> }[] = [];
    const io: RunIo = {
      signal: new AbortController().signal,
      emit: (type, payload) => events.push({ type, payload }),
      saveToolCalls: () => {},
      saveUsage: () => {},
      awaitToolResult: () => Promise.reject(new Error("no tools")),
      awaitDecision: () => Promise.resolve("timeout"),
    };
    const prompt = `a long take ${tag}`;
    const spec: RunSpec = {
      ...demoRunSpec(prompt),
      capability: { key: "ai.video.generate", parameters: { duration: 4 }, provider: "sora" },
    };
    const started = Date.now();
    const error = await executeRun({ ...env, MEDIA_JOB_DEADLINE_MS: "300" } as Env, spec, io, NO_TOOLS).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "provider_error", message: "The provider's job did not finish within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(events.find((e) => e.type === "tool.completed")!.payload).toMatchObject({
      toolKey: "video.generate",
      status: "failed",
      error: "The provider's job did not finish within 0.3 s",
    });
    const mine = soraRequests.filter((r) => r.method === "POST" && r.body.includes(tag));
    expect(mine).toHaveLength(1);
  });
});
