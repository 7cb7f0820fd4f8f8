import { abortAllDurableObjects } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { describe, expect, it, vi } from "vitest";
import { planCapability } from "../../src/domains/ai/capabilities";
import { activeModels } from "../../src/domains/ai/models";
import { BASE, call, expectError, type TestUser } from "../helpers/api";
import {
  CAT_PNG,
  VIDEO_BYTES,
  hold,
  installFakeVideo,
  jobOf,
  klingRequests,
  release,
  soraRequests,
  veoRequests,
} from "./fakes/video";
import { installFakeOpenAi, requests as chatRequests } from "./fakes/openai";
import {
  aiUser,
  conversationSql,
  events,
  finished,
  frameReader,
  history,
  newSession,
  openStream,
  readStream,
  send,
  sent,
  type SendBody,
} from "./helpers";

// The chat fake first: the video fake takes Sora's paths on the same host and passes the rest on.
installFakeOpenAi();
installFakeVideo();

const video = (content: string, parameters: Record<string, unknown> = {}): SendBody => ({
  content,
  capabilityKey: "ai.video.generate",
  parameters,
});
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`${BASE}${url.replace(/^\/api\/v1/, "")}`, { headers }));

/** Sends, reads the whole stream, and returns its events and the finished message. */
async function generate(user: TestUser, parameters: Record<string, unknown>, content: string) {
  const session = await newSession(user);
  const reply = await sent(user, session.id, video(content, parameters));
  const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
  const message = await finished(user, session.id, reply.assistantMessage.id);
  return { session, reply, frames, message };
}

describe("ai.video.generate: Sora (its local fake)", () => {
  it("send → stream (progress) → history → the video from R2 with a Range request; another user's id is 404", async () => {
    const user = await aiUser();
    const before = soraRequests.length;
    const { session, frames, message } = await generate(
      user,
      { duration: 8, aspectRatio: "16:9", styleTokens: ["noir", "grainy"] },
      "a fox crossing a snowy road",
    );
    expect(frames.map((f) => f.event)).toEqual([
      "tool.started",
      "tool.progress",
      "tool.progress",
      "tool.progress",
      "tool.progress",
      "tool.completed",
      // The chat model's reply, as the fake streams it.
      "message.delta",
      "message.delta",
      "message.delta",
      "message.completed",
      "message.suggestions",
    ]);
    const progress = frames.filter((f) => f.event === "tool.progress").map((f) => f.data!.payload.activity);
    expect(progress.map((a) => [a.status, a.progress])).toEqual([
      ["queued", 0],
      ["running", 40],
      ["running", 80],
      ["saving", 100],
    ]);
    const completed = frames.find((f) => f.event === "tool.completed")!.data!.payload;
    expect(completed).toMatchObject({ toolKey: "video.generate", status: "completed", output: { provider: "sora" } });
    const [item] = completed.output.media;
    expect(item).toMatchObject({
      kind: "video",
      mimeType: "video/mp4",
      size: VIDEO_BYTES.length,
      durationSeconds: 8,
      sessionId: session.id,
      source: "generated",
    });
    expect(item.url).toMatch(new RegExp(`^/api/v1/media/${item.id}\\?exp=\\d+&sig=`));

    // The mapping, on the fake's recorded requests: a multipart create, then polls, then the content.
    const sent = soraRequests.slice(before);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.url.pathname).toBe("/v1/videos");
    expect(sent[0]!.form).toEqual({
      model: "sora-2",
      prompt: "a fox crossing a snowy road\n\nStyle: noir, grainy",
      seconds: "8",
      size: "1280x720",
    });
    expect(sent.map((r) => `${r.method} ${r.url.pathname.replace(/video_\d+/, ":id")}`)).toEqual([
      "POST /v1/videos",
      ...Array(4).fill("GET /v1/videos/:id"),
      "GET /v1/videos/:id/content",
    ]);

    // The reply is the session's chat model's, written from what was made (no fixed template).
    expect(message).toMatchObject({ status: "completed", content: "Hello from the fake model." });
    const asked = chatRequests.filter((r) => JSON.stringify(r.body).includes("a fox crossing a snowy road"));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.model).toBe("fake-basic");
    expect(asked[0]!.body.messages.at(-1)!.content).toBe(
      'a fox crossing a snowy road\n\nGenerated: a video (8 s, video/mp4) by Sora for "a fox crossing a snowy road".',
    );
    expect(message.toolCalls).toEqual([
      expect.objectContaining({
        toolKey: "video.generate",
        status: "completed",
        output: expect.objectContaining({ media: [expect.objectContaining({ id: item.id })] }),
      }),
    ]);

    // Storage keeps the unsigned path (the id); every read signs it afresh.
    const [stored] = await conversationSql<{ tool_calls: string }>(
      session.id,
      "SELECT tool_calls FROM ai_messages WHERE id = ?",
      message.id,
    );
    expect(JSON.parse(stored!.tool_calls)[0].output.media[0].url).toBe(`/api/v1/media/${item.id}`);
    const reread = (await history(user, session.id)).data.find((m: any) => m.id === message.id);
    expect(reread.toolCalls[0].output.media[0].url).toMatch(new RegExp(`^/api/v1/media/${item.id}\\?exp=\\d+&sig=`));

    const ranged = await fetchMedia(reread.toolCalls[0].output.media[0].url, { Range: "bytes=100-199" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe(`bytes 100-199/${VIDEO_BYTES.length}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(VIDEO_BYTES.slice(100, 200));

    const other = await aiUser();
    const foreign = await call("GET", `/media/${item.id}`, { token: other.accessToken, ip: other.ip });
    expectError(foreign, 404, "not_found");

    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data.costUnits).toEqual({ "video.sora.seconds": 8 });
  });

  it("a failed job fails the tool call and the run with the provider's reason", async () => {
    const user = await aiUser();
    const { frames, message } = await generate(user, {}, "a broken reel #fail");
    expect(frames.map((f) => f.event).slice(-2)).toEqual(["tool.completed", "run.error"]);
    expect(frames.at(-2)!.data!.payload).toMatchObject({
      status: "failed",
      error: "Sora: The video could not be generated.",
    });
    expect(frames.at(-1)!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Sora: The video could not be generated.",
    });
    expect(message).toMatchObject({ status: "failed" });
  });

  it("a content-policy refusal fails the run with the provider's reason", async () => {
    const user = await aiUser();
    const { frames } = await generate(user, {}, "something forbidden #policy");
    expect(frames.map((f) => f.event)).toEqual(["tool.started", "tool.completed", "run.error"]);
    expect(frames[2]!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Sora answered 400: Your request was blocked by our moderation system.",
    });
  });

  it("a 429 is retried with backoff (the card says so) and the job goes on", async () => {
    const user = await aiUser();
    const before = soraRequests.length;
    const { frames, message } = await generate(user, {}, "busy studio #429x2");
    const retries = frames
      .filter((f) => f.event === "tool.progress" && f.data!.payload.activity.status === "retrying")
      .map((f) => f.data!.payload.activity.detail);
    expect(retries).toEqual([
      "Sora answered 429: Rate limit reached for videos per minute.; retry 1 of 3",
      expect.stringContaining("retry 2 of 3"),
    ]);
    expect(soraRequests.slice(before).filter((r) => r.method === "POST")).toHaveLength(3);
    expect(message.status).toBe("completed");
  });

  it("a stop mid-job cancels it at the provider; the step ends skipped and the run stopped", async () => {
    hold("#hold-stop");
    try {
      const user = await aiUser();
      const session = await newSession(user);
      const before = soraRequests.length;
      const reply = await sent(user, session.id, video("a long take #hold-stop"));
      const reader = frameReader(await openStream(user, session.id, reply.assistantMessage.id));
      for (;;) {
        const frame = (await reader.nextEvent())!;
        if (frame.event === "tool.progress" && frame.data!.payload.activity.status === "running") break;
      }
      const stopped = await call("POST", `/ai/sessions/${session.id}/messages/${reply.assistantMessage.id}/stop`, {
        token: user.accessToken,
        ip: user.ip,
      });
      expect(stopped.status).toBe(200);
      const rest = [];
      for (let frame = await reader.nextEvent(); frame; frame = await reader.nextEvent()) rest.push(frame);
      expect(rest.map((f) => f.event).slice(-2)).toEqual(["tool.completed", "message.stopped"]);
      expect(rest.at(-2)!.data!.payload).toMatchObject({
        status: "skipped",
        error: "The run was stopped before the tool finished",
      });
      const jobId = soraRequests
        .slice(before)
        .find((r) => r.method === "GET")!
        .url.pathname.split("/")[3]!;
      await vi.waitFor(() =>
        expect(
          soraRequests.slice(before).some((r) => r.method === "DELETE" && r.url.pathname === `/v1/videos/${jobId}`),
        ).toBe(true),
      );
      expect(jobOf(jobId)!.deleted).toBe(true);
      const [, assistant] = (await history(user, session.id)).data;
      expect(assistant).toMatchObject({ status: "stopped" });
      expect(assistant.toolCalls[0]).toMatchObject({ status: "skipped" });
    } finally {
      release("#hold-stop");
    }
  });

  it("an object evicted mid-poll resumes polling the same job at its alarm: no second job is created", async () => {
    hold("#hold-evict");
    const user = await aiUser();
    const session = await newSession(user);
    const before = soraRequests.length;
    const reply = await sent(user, session.id, video("a patient shot #hold-evict"));
    const reader = frameReader(await openStream(user, session.id, reply.assistantMessage.id));
    for (;;) {
      const frame = (await reader.nextEvent())!;
      if (frame.event === "tool.progress" && frame.data!.payload.activity.status === "running") break;
    }
    await reader.stop();
    // The instance dies: memory (and its in-flight poll) is gone; storage and the alarm remain.
    await abortAllDurableObjects();
    release("#hold-evict");
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.at(-2)!.event).toBe("message.completed");
    expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => i + 1));
    const mine = soraRequests.slice(before).filter((r) => r.body.includes("#hold-evict") || r.method === "GET");
    const creates = mine.filter((r) => r.method === "POST");
    expect(creates).toHaveLength(1);
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    expect(message.toolCalls).toHaveLength(1);
    expect(message.toolCalls[0].output.media).toHaveLength(1);
  });
});

describe("ai.video.generate: Veo (Gemini API, its local fake)", () => {
  it("maps the parameters onto predictLongRunning, reads the input image through the SSRF rules, polls the operation and stores the file", async () => {
    const user = await aiUser();
    const before = veoRequests.length;
    const parameters = {
      provider: "veo",
      duration: "6",
      aspectRatio: "9:16",
      resolution: "1080p",
      negativePrompt: "blur",
      inputImageUrl: "https://images.fake.test/cat.png",
      referenceImages: ["https://images.fake.test/cat.png"],
    };
    const { frames, message } = await generate(user, parameters, "a cat waking up");
    expect(frames.filter((f) => f.event === "tool.progress").map((f) => f.data!.payload.activity.status)).toEqual([
      "running",
      "saving",
    ]);
    expect(message.status).toBe("completed");
    expect(message.toolCalls[0].output.media[0]).toMatchObject({ kind: "video", durationSeconds: 6 });
    const sent = veoRequests.slice(before);
    expect(sent[0]!.url.pathname).toBe("/v1beta/models/veo-3.1-generate-preview:predictLongRunning");
    expect(sent[0]!.headers.get("x-goog-api-key")).toBe("test-gemini-key");
    expect(JSON.parse(sent[0]!.body)).toEqual({
      instances: [
        {
          prompt: "a cat waking up",
          image: { bytesBase64Encoded: base64(CAT_PNG), mimeType: "image/png" },
          referenceImages: [
            { image: { bytesBase64Encoded: base64(CAT_PNG), mimeType: "image/png" }, referenceType: "asset" },
          ],
        },
      ],
      parameters: { durationSeconds: 6, aspectRatio: "9:16", resolution: "1080p", negativePrompt: "blur" },
    });
    expect(sent.map((r) => r.url.pathname.replace(/op\d+/, ":op"))).toEqual([
      "/v1beta/models/veo-3.1-generate-preview:predictLongRunning",
      ...Array(4).fill("/v1beta/models/veo-3.1-generate-preview/operations/:op"),
      "/v1beta/files/:op:download",
    ]);
  });

  it("a failed operation and a safety-filter refusal fail the run with the reason; a 429 is retried", async () => {
    const user = await aiUser();
    const failed = await generate(user, { provider: "veo" }, "a reel #fail");
    expect(failed.frames.at(-1)!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Veo: Video generation failed due to an internal error.",
    });
    const refused = await generate(user, { provider: "veo" }, "a reel #policy");
    expect(refused.frames.at(-1)!.data!.payload.error).toEqual({
      code: "provider_error",
      message:
        "Veo: refused by its safety filters: The prompt could not be submitted because it may violate our policies.",
    });
    const busy = await generate(user, { provider: "veo" }, "a reel #429x1");
    expect(busy.frames.filter((f) => f.data?.payload.activity?.status === "retrying")).toHaveLength(1);
    expect(busy.message.status).toBe("completed");
  });

  it("an input image URL that redirects to a private address is refused (SSRF rules): the run fails, nothing reaches Veo", async () => {
    const user = await aiUser();
    const before = veoRequests.length;
    const { frames } = await generate(
      user,
      { provider: "veo", inputImageUrl: "https://images.fake.test/redirect-private" },
      "a sneaky cat",
    );
    expect(frames.at(-1)!.event).toBe("run.error");
    expect(frames.at(-1)!.data!.payload.error.message).toMatch(/^inputImageUrl: IP addresses may not be used as hosts/);
    expect(veoRequests.length).toBe(before);
  });
});

describe("ai.video.generate: Kling (its local fake)", () => {
  it("signs every call with an HS256 JWT, maps the parameters onto text2video and copies the CDN file", async () => {
    const user = await aiUser();
    const before = klingRequests.length;
    const { frames, message } = await generate(
      user,
      { provider: "kling", duration: 10, resolution: "1080p", aspectRatio: "1:1", negativePrompt: "rain" },
      "a lighthouse at dusk",
    );
    expect(frames.filter((f) => f.event === "tool.progress").map((f) => f.data!.payload.activity.status)).toEqual([
      "queued",
      "running",
      "saving",
    ]);
    expect(message.status).toBe("completed");
    expect(message.toolCalls[0].output.media[0]).toMatchObject({ size: VIDEO_BYTES.length, durationSeconds: 10 });
    const sent = klingRequests.slice(before);
    expect(sent[0]!.url.pathname).toBe("/v1/videos/text2video");
    expect(JSON.parse(sent[0]!.body)).toEqual({
      model_name: "kling-v1-6",
      prompt: "a lighthouse at dusk",
      duration: "10",
      negative_prompt: "rain",
      mode: "pro",
      aspect_ratio: "1:1",
    });
    const claims = decodeJwt(sent[0]!.headers.get("Authorization")!.slice(7));
    expect(claims.iss).toBe("test-kling-access");
    expect(claims.exp! - claims.nbf!).toBe(1805);
    expect(sent.slice(1).every((r) => /^\/v1\/videos\/text2video\/task\d+$/.test(r.url.pathname))).toBe(true);
  });

  it("an input image makes an image2video task with the image's bytes", async () => {
    const user = await aiUser();
    const before = klingRequests.length;
    const { message } = await generate(
      user,
      { provider: "kling", inputImageUrl: "https://images.fake.test/cat.png" },
      "the cat jumps",
    );
    expect(message.status).toBe("completed");
    const sent = klingRequests.slice(before);
    expect(sent[0]!.url.pathname).toBe("/v1/videos/image2video");
    expect(JSON.parse(sent[0]!.body)).toEqual({
      model_name: "kling-v1-6",
      prompt: "the cat jumps",
      duration: "5",
      image: base64(CAT_PNG),
    });
    expect(sent.slice(1).every((r) => r.url.pathname.startsWith("/v1/videos/image2video/"))).toBe(true);
  });

  it("a failed task, a content-policy refusal (1301) and a 429 (retried)", async () => {
    const user = await aiUser();
    const failed = await generate(user, { provider: "kling" }, "a reel #fail");
    expect(failed.frames.at(-1)!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Kling: Video generation failed, please try again",
    });
    const refused = await generate(user, { provider: "kling" }, "a reel #policy");
    expect(refused.frames.at(-1)!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Kling answered 400: Trigger the content security policy",
    });
    const busy = await generate(user, { provider: "kling" }, "a reel #429x2");
    expect(busy.frames.filter((f) => f.data?.payload.activity?.status === "retrying")).toHaveLength(2);
    expect(busy.message.status).toBe("completed");
  });
});

describe("ai.video.generate: parameters at send time", () => {
  it("a parameter the chosen provider cannot honour, or a provider not configured, is a 400 naming it before any allowance is spent", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const remaining = async () =>
      (await call("GET", "/ai/operations/rate-limit", { token: user.accessToken, ip: user.ip })).body.data.remaining;
    const start = await remaining();
    const kling = await send(
      user,
      session.id,
      video("x", { provider: "kling", duration: 8, generateAudio: true, seed: 7 }),
    );
    expectError(kling, 400, "bad_request");
    expect(kling.body.error.details.fields).toEqual([
      {
        field: "duration",
        message: "Kling (kling) supports duration 5 s, 10 s only",
        capabilityKey: "ai.video.generate",
      },
      { field: "generateAudio", message: "Kling (kling) does not generate audio", capabilityKey: "ai.video.generate" },
      { field: "seed", message: "Kling (kling) does not support seed", capabilityKey: "ai.video.generate" },
    ]);
    const sora = await send(user, session.id, { ...video("x", { negativePrompt: "rain" }), resolution: "1080p" });
    expectError(sora, 400, "bad_request");
    expect(sora.body.error.details.fields.map((f: any) => f.message)).toEqual([
      "Sora (sora) supports resolution 720p only",
      "Sora (sora) does not support negativePrompt",
    ]);
    const veo = await send(
      user,
      session.id,
      video("x", {
        provider: "veo",
        size: "1280x720",
        referenceImages: Array(4).fill("https://images.fake.test/cat.png"),
      }),
    );
    expect(veo.body.error.details.fields.map((f: any) => f.message)).toEqual([
      "Veo (veo) does not support size",
      "Veo (veo) takes at most 3 reference images",
    ]);
    expect(await remaining()).toBe(start);
    expect((await history(user, session.id)).data).toEqual([]);

    // Sora is enabled only where VIDEO_PROVIDER names it: elsewhere naming it is a field error.
    const withoutSora = { ...env, VIDEO_PROVIDER: "" } as Env;
    const models = await activeModels(env);
    expect(() => planCapability(withoutSora, models, "ai.video.generate", { provider: "sora" })).toThrow(
      expect.objectContaining({
        code: "bad_request",
        details: {
          fields: [
            {
              field: "provider",
              message: '"sora" is not a configured provider of ai.video.generate (configured: veo, kling)',
              capabilityKey: "ai.video.generate",
            },
          ],
        },
      }),
    );
    expect(planCapability(withoutSora, models, "ai.video.generate")).toEqual({ provider: "veo" });
  });

  it("GET /ai/capabilities lists the configured video providers, Sora the default (VIDEO_PROVIDER)", async () => {
    const user = await aiUser();
    const res = await call("GET", "/ai/capabilities", { token: user.accessToken, ip: user.ip });
    const entry = res.body.data.find((c: any) => c.key === "ai.video.generate");
    expect(entry).toMatchObject({ available: true, provider: "sora", providers: ["sora", "veo", "kling"] });
  });
});
