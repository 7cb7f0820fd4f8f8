import { describe, expect, it } from "vitest";
import { UNIT_PRICES } from "../../src/domains/ai/capabilities/prices";
import { call } from "../helpers/api";
import { png, raw, upload } from "../media/helpers";
import { imagesRequests, installFakeImages } from "./fakes/images";
import { installFakeOpenAi } from "./fakes/openai";
import {
  aiUser,
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

// This file runs in the "media-capabilities" project: IMAGE_PROVIDER=openai against the fake.
installFakeOpenAi();
installFakeImages();

const image = (content: string, extra: Record<string, unknown> = {}): SendBody => ({
  content,
  capabilityKey: "ai.image.generate",
  ...extra,
});
const SIGNED = /^\/api\/v1\/media\/[0-9a-f-]{36}\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const ihdrSize = (bytes: Uint8Array) => [
  new DataView(bytes.buffer).getUint32(16),
  new DataView(bytes.buffer).getUint32(20),
];

describe("ai.image.generate with OpenAI Images (its local fake)", () => {
  it("send → stream → history → download: each image is an image.generate media item with a signed URL; another user's id is 404", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const caps = await call("GET", "/ai/capabilities", { token: user.accessToken, ip: user.ip });
    expect(caps.body.data.find((c: any) => c.key === "ai.image.generate")).toMatchObject({
      available: true,
      provider: "openai",
      providers: ["openai"],
    });

    const reply = await sent(user, session.id, image("a red kite over hills", { numImages: 2, size: "1792x1024" }));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.map((f) => f.event).slice(0, 4)).toEqual([
      "tool.started",
      "tool.progress",
      "tool.progress",
      "tool.completed",
    ]);
    expect(frames[0]!.data!.payload).toMatchObject({
      toolKey: "image.generate",
      status: "executing",
      input: { prompt: "a red kite over hills", numImages: 2, size: "1792x1024" },
    });
    expect(frames[1]!.data!.payload.output.media).toHaveLength(1);
    const completed = frames[3]!.data!.payload;
    expect(completed.status).toBe("completed");
    expect(completed.output.media).toHaveLength(2);
    for (const item of completed.output.media) {
      expect(item).toMatchObject({
        kind: "image",
        mimeType: "image/png",
        width: 1792,
        height: 1024,
        source: "generated",
        sessionId: session.id,
      });
      expect(item.url).toMatch(SIGNED);
    }
    expect(frames.at(-2)!.event).toBe("message.completed");

    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message).toMatchObject({ status: "completed", content: "Hello from the fake model." });
    const media = message.toolCalls[0].output.media;
    expect(media.map((m: any) => m.id)).toEqual(completed.output.media.map((m: any) => m.id));
    expect(media[0].url).toMatch(SIGNED);

    // The signed URL opens the image without a token; another user gets 404 for its id.
    const download = await raw("GET", media[0].url);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("image/png");
    expect(ihdrSize(new Uint8Array(await download.arrayBuffer()))).toEqual([1792, 1024]);
    const other = await aiUser();
    const refused = await raw("GET", `/media/${media[0].id}`, { token: other.accessToken, ip: other.ip });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as any).error.code).toBe("not_found");

    // Two images of dall-e-3 at 1792x1024, standard quality, priced by the table.
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data.costUnits).toEqual({ "image.openai.dall-e-3.1792x1024.standard": 2 });
    expect(UNIT_PRICES["image.openai.dall-e-3.1792x1024.standard"]).toBe(0.08);
  });

  it("activeImageId edits one of the user's images (the edits endpoint gets its bytes); another user's image is a 400 before any allowance", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const mine = await upload(user, png(32, 32), "image/png");
    const before = imagesRequests.length;
    const reply = await sent(user, session.id, image("make it blue", { activeImageId: mine.id }));
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    const edit = imagesRequests.slice(before).find((r) => r.path === "/v1/images/edits")!;
    expect(edit.body.image.bytes).toEqual(png(32, 32));
    expect(edit.body).toMatchObject({ model: "gpt-image-1", prompt: "make it blue" });

    const other = await aiUser();
    const theirs = await upload(other, png(8, 8), "image/png");
    const refused = await send(user, session.id, image("edit theirs", { activeImageId: theirs.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields).toEqual([
      { field: "activeImageId", capabilityKey: "ai.image.generate", message: "is not one of your images" },
    ]);
    // One of the user's own items that is not an image is refused the same way.
    const notes = await upload(user, new TextEncoder().encode("notes"), "text/plain");
    const text = await send(user, session.id, image("edit my notes", { activeImageId: notes.id }));
    expect(text.status).toBe(400);
    expect(text.body.error.details.fields).toEqual([
      { field: "activeImageId", capabilityKey: "ai.image.generate", message: "is not one of your images" },
    ]);
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data.runCount).toBe(1);
  });

  it("a provider not configured, and a parameter the provider cannot honour, are 400 field errors naming it", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const unknown = await send(user, session.id, image("x", { provider: "workers-ai" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fields).toEqual([
      {
        field: "provider",
        capabilityKey: "ai.image.generate",
        message: '"workers-ai" is not a configured provider of ai.image.generate (configured: openai)',
      },
    ]);
    const seed = await send(user, session.id, image("x", { parameters: { seed: 4 } }));
    expect(seed.status).toBe(400);
    expect(seed.body.error.details.fields).toEqual([
      { field: "seed", capabilityKey: "ai.image.generate", message: "OpenAI Images takes no seed" },
    ]);
  });

  it("a content-policy refusal fails the tool call and the run with OpenAI's reason", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, image("something #policy"));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.map((f) => f.event)).toEqual(["tool.started", "tool.completed", "run.error"]);
    expect(frames[1]!.data!.payload).toMatchObject({
      status: "failed",
      error: "OpenAI Images answered 400: Your request was rejected as a result of our safety system.",
    });
    expect(frames[2]!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "OpenAI Images answered 400: Your request was rejected as a result of our safety system.",
    });
  });

  it("a 429 is retried inside the run, shown as tool.progress, and the image is made", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, image("busy kites #429x1"));
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    const retrying = frames.filter(
      (f) => f.event === "tool.progress" && f.data!.payload.activity.status === "retrying",
    );
    expect(retrying.map((f) => f.data!.payload.activity.detail)).toEqual([
      "OpenAI Images answered 429: Rate limit reached for images per minute.; retry 1 of 3",
    ]);
    const completed = frames.find((f) => f.event === "tool.completed")!.data!.payload;
    expect(completed.output.media).toHaveLength(1);
    expect(frames.at(-2)!.event).toBe("message.completed");
  });

  it("a stop keeps the images already made: the call ends completed with them", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, image("slow kites #slow", { numImages: 4 }));
    const reader = frameReader(await openStream(user, session.id, reply.assistantMessage.id));
    for (;;) {
      const frame = await reader.nextEvent();
      if (frame!.event === "tool.progress" && frame!.data!.payload.output?.media?.length === 1) break;
    }
    const stop = await call("POST", `/ai/sessions/${session.id}/messages/${reply.assistantMessage.id}/stop`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(stop.status).toBe(200);
    await reader.stop();
    const { data } = await history(user, session.id);
    const message = data.find((m) => m.id === reply.assistantMessage.id);
    expect(message.status).toBe("stopped");
    expect(message.toolCalls[0]).toMatchObject({ toolKey: "image.generate", status: "completed" });
    expect(message.toolCalls[0].output.media.length).toBeGreaterThanOrEqual(1);
    expect(message.toolCalls[0].output.media.length).toBeLessThan(4);
    expect(message.toolCalls[0].output.media[0].url).toMatch(SIGNED);
  });
});
