import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, type TestUser } from "../helpers/api";
import { installFakeOpenAi } from "./fakes/openai";
import { BIG_VIDEO_BYTES, CAT_PNG, installFakeVideo, soraRequests } from "./fakes/video";
import { aiUser, events, finished, newSession, readStream, sent } from "./helpers";

// What a video provider's answer may become (CONTRACT "Media"): the bytes decide, within a cap.
// This file runs in the "video" project: every provider against its fake, the video cap 6 MiB.
installFakeOpenAi();
installFakeVideo();

const SORA_FAKE = "https://fake-openai.test/v1/videos";

async function generate(user: TestUser, content: string, parameters: Record<string, unknown> = {}) {
  const session = await newSession(user);
  const reply = await sent(user, session.id, { content, capabilityKey: "ai.video.generate", parameters });
  const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
  const message = await finished(user, session.id, reply.assistantMessage.id);
  return { frames, message };
}

const mediaRows = async (user: TestUser) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM media WHERE user_id = ?").bind(user.id).first<{ n: number }>())!.n;

/** Every `media/` key in R2 (the tests of this file run one at a time). */
async function mediaKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await env.BLOBS.list({ prefix: "media/", ...(cursor ? { cursor } : {}) });
    for (const object of page.objects) keys.add(object.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/** Generates, and expects the step and the run to fail with `reason`, nothing stored. */
async function expectRefused(content: string, parameters: Record<string, unknown>, reason: string) {
  const user = await aiUser();
  const before = await mediaKeys();
  const { frames, message } = await generate(user, content, parameters);
  expect(frames.map((f) => f.event).slice(-2)).toEqual(["tool.completed", "run.error"]);
  expect(frames.at(-2)!.data!.payload).toMatchObject({ toolKey: "video.generate", status: "failed", error: reason });
  expect(frames.at(-1)!.data!.payload.error).toEqual({ code: "provider_error", message: reason });
  expect(message).toMatchObject({ status: "failed", content: "" });
  expect(message.toolCalls[0]).toMatchObject({ status: "failed", output: null });
  expect(await mediaRows(user)).toBe(0);
  expect(await mediaKeys()).toEqual(before);
}

describe("a video provider's file is sniffed and allow-listed before anything is stored", () => {
  it("Sora answering text/html, then image/svg+xml, with a script: the step fails with the reason, nothing is stored", async () => {
    await expectRefused(
      "a page #html",
      {},
      "Sora answered with a file that is not an MP4, WebM or QuickTime video (sent as text/html); nothing was stored",
    );
    await expectRefused(
      "a drawing #svg",
      {},
      "Sora answered with a file that is not an MP4, WebM or QuickTime video (sent as image/svg+xml); nothing was stored",
    );
  });

  it("Veo's file URI and Kling's CDN URL (from their JSON) follow the same rule", async () => {
    await expectRefused(
      "a drawing #svg",
      { provider: "veo" },
      "Veo answered with a file that is not an MP4, WebM or QuickTime video (sent as image/svg+xml); nothing was stored",
    );
    await expectRefused(
      "a page #html",
      { provider: "kling" },
      "Kling answered with a file that is not an MP4, WebM or QuickTime video (sent as text/html); nothing was stored",
    );
  });

  it("Kling's result URL goes through the SSRF rules: a loopback address is refused before any request", async () => {
    await expectRefused(
      "an inside job #private",
      { provider: "kling" },
      "Kling's video URL: IP addresses may not be used as hosts; use a public DNS name",
    );
  });
});

describe("the video cap, counted as the bytes stream in", () => {
  it("a file streamed past the cap (no length) fails the step; the partial multipart upload is aborted, no object or row is left", async () => {
    expect(BIG_VIDEO_BYTES).toBeGreaterThan(6 * 1024 * 1024);
    await expectRefused(
      "a very long take #big",
      {},
      "Sora sent a video larger than the 6 MiB limit; nothing was stored",
    );
  });

  it("a declared length past the cap is refused before a byte is read", async () => {
    await expectRefused(
      "a very long take #big-declared",
      {},
      "Sora sent a video larger than the 6 MiB limit; nothing was stored",
    );
  });
});

describe("Sora's create is the real API's multipart upload", () => {
  it("the input image goes as an `input_reference` file part (its bytes and type)", async () => {
    const user = await aiUser();
    const before = soraRequests.length;
    const { message } = await generate(user, "the cat stretches", {
      inputImageUrl: "https://images.fake.test/cat.png",
    });
    expect(message.status).toBe("completed");
    const create = soraRequests.slice(before).find((r) => r.method === "POST")!;
    expect(create.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(create.form).toEqual({
      model: "sora-2",
      prompt: "the cat stretches",
      seconds: "4",
      input_reference: { name: "input.png", type: "image/png", bytes: CAT_PNG },
    });
  });

  it("the fake refuses what the real API refuses: a JSON body, an input_reference that is not a file", async () => {
    const headers = { Authorization: "Bearer test-openai-key" };
    const asJson = await fetch(SORA_FAKE, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ prompt: "x", input_reference: { image_url: "data:image/png;base64,AAAA" } }),
    });
    expect(asJson.status).toBe(400);
    expect(((await asJson.json()) as any).error.message).toBe(
      "Invalid Content-Type header, expected multipart/form-data.",
    );
    const form = new FormData();
    form.append("prompt", "x");
    form.append("input_reference", "data:image/png;base64,AAAA");
    const asText = await fetch(SORA_FAKE, { method: "POST", headers, body: form });
    expect(asText.status).toBe(400);
    expect(((await asText.json()) as any).error).toMatchObject({
      param: "input_reference",
      message: "'input_reference' must be a file upload.",
    });
  });
});

describe("GET /ai/capabilities: video duration", () => {
  it("states the spec's range (1-60) and the lengths each configured provider makes", async () => {
    const user = await aiUser();
    const res = await call("GET", "/ai/capabilities", { token: user.accessToken, ip: user.ip });
    const video = res.body.data.find((c: any) => c.key === "ai.video.generate");
    expect(video.parameters.duration).toMatchObject({
      minimum: 1,
      maximum: 60,
      providerValues: { sora: [4, 8, 12], veo: [4, 6, 8], kling: [5, 10] },
    });
    expect(video.parameters.resolution.providerValues).toEqual({
      sora: ["720p"],
      veo: ["720p", "1080p", "4k"],
      kling: ["720p", "1080p"],
    });
    // Parameters no provider narrows carry no provider values.
    expect(video.parameters.seed.providerValues).toBeUndefined();
  });
});
