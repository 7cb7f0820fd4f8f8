import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MEDIA_CAPS, mediaCap } from "../../src/domains/ai/capabilities/media-caps";
import type { TestUser } from "../helpers/api";
import { png } from "../media/helpers";
import { imageRequestFor, openAiImagesAt, workersAiImagesOn } from "./provider-call";
import { fakeWorkersAi, HUGE_IMAGE_BYTES, installFakeImages } from "./fakes/images";
import { installFakeOpenAi } from "./fakes/openai";
import { aiUser, events, finished, newSession, readStream, sent } from "./helpers";

// This file runs in the "media-capabilities" project: OpenAI Images against its fake, the image
// cap lowered to 64 KiB (MEDIA_CAP_IMAGE_BYTES).
installFakeOpenAi();
installFakeImages();

const CAP = 64 * 1024;
const OPENAI_BASE = "https://fake-openai.test/v1";
const imageCall = (fetcher: typeof fetch, provider: "openai" | "workers-ai" = "openai") => ({
  request: imageRequestFor(provider, {}, "a kite"),
  fetch: fetcher,
  maxBytes: CAP,
});

const mediaRows = async (user: TestUser) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM media WHERE user_id = ?").bind(user.id).first<{ n: number }>())!.n;

describe("the image cap", () => {
  it("is 20 MiB (audio 50, video 200) unless a var lowers it", () => {
    expect(MEDIA_CAPS).toEqual({ image: 20 * 1024 * 1024, audio: 50 * 1024 * 1024, video: 200 * 1024 * 1024 });
    expect(mediaCap({} as Env, "image")).toBe(MEDIA_CAPS.image);
    expect(mediaCap({ MEDIA_CAP_IMAGE_BYTES: "nonsense" } as unknown as Env, "image")).toBe(MEDIA_CAPS.image);
    expect(mediaCap(env, "image")).toBe(CAP);
    expect(mediaCap(env, "audio")).toBe(128 * 1024);
  });

  it("OpenAI Images' JSON is read no further than a capped image's base64 and its envelope: a 10 MiB answer is cut short", async () => {
    let pulled = 0;
    const total = 10 * 1024 * 1024;
    const endless: typeof fetch = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (pulled >= total) return controller.close();
            const chunk = new TextEncoder().encode(pulled === 0 ? `{"data":[{"b64_json":"` : "A".repeat(64 * 1024));
            pulled += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
        { headers: { "Content-Type": "application/json" } },
      );
    const refused = await openAiImagesAt(OPENAI_BASE)
      .generate(imageCall(endless))
      .catch((e) => e);
    expect(refused).toMatchObject({
      message: "OpenAI Images sent an image larger than the 64 KiB limit",
      retryable: false,
    });
    // 4/3 of the cap plus 256 KiB of envelope, and the chunk that crossed it: far from 10 MiB.
    expect(pulled).toBeLessThan(512 * 1024);

    // A declared length past that is refused before a byte is read.
    let read = false;
    const declared: typeof fetch = async () =>
      new Response(
        new ReadableStream(
          {
            pull(controller) {
              read = true;
              controller.close();
            },
          },
          // No read ahead: `pull` runs only when someone reads.
          { highWaterMark: 0 },
        ),
        { headers: { "Content-Length": String(total) } },
      );
    const early = await openAiImagesAt(OPENAI_BASE)
      .generate(imageCall(declared))
      .catch((e) => e);
    expect(early.message).toBe("OpenAI Images sent an image larger than the 64 KiB limit");
    expect(read).toBe(false);
  });

  it("counts decoded bytes: a base64 image within the JSON bound but over the cap is refused", async () => {
    const b64 = (bytes: Uint8Array) => {
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    };
    const over: typeof fetch = async () => Response.json({ data: [{ b64_json: b64(png(8, 8, CAP)) }] });
    expect(
      (
        await openAiImagesAt(OPENAI_BASE)
          .generate(imageCall(over))
          .catch((e) => e)
      ).message,
    ).toBe("OpenAI Images sent an image larger than the 64 KiB limit");
    const fits = png(8, 8, CAP - 100);
    const within: typeof fetch = async () => Response.json({ data: [{ b64_json: b64(fits) }] });
    expect((await openAiImagesAt(OPENAI_BASE).generate(imageCall(within))).bytes).toEqual(fits);
  });

  it("Workers AI: an SDXL stream is read up to the cap, FLUX's base64 checked before decoding", async () => {
    const huge = () => new Response(png(8, 8, 2 * CAP)).body!;
    const sdxl = fakeWorkersAi(() => huge());
    const request = imageRequestFor("workers-ai", { negativePrompt: "rain" }, "a kite");
    const refused = await workersAiImagesOn(sdxl)
      .generate({ ...imageCall(fetch, "workers-ai"), request })
      .catch((e) => e);
    expect(refused.message).toBe("Workers AI sent an image larger than the 64 KiB limit");
    const flux = fakeWorkersAi(() => ({ image: "A".repeat(4 * CAP) }));
    const fluxRefused = await workersAiImagesOn(flux)
      .generate(imageCall(fetch, "workers-ai"))
      .catch((e) => e);
    expect(fluxRefused.message).toBe("Workers AI sent an image larger than the 64 KiB limit");
  });
});

describe("ai.image.generate refuses what is not an allowed image, or too large, and stores nothing", () => {
  for (const [what, prompt, reason] of [
    [
      "an SVG with a script",
      "a logo #svg",
      "OpenAI Images answered with a file that is not a PNG, JPEG, WebP or GIF image; nothing was stored",
    ],
    ["an image past the cap", "a poster #huge", "OpenAI Images sent an image larger than the 64 KiB limit"],
  ] as const) {
    it(`${what}: the step fails with the reason`, async () => {
      expect(HUGE_IMAGE_BYTES).toBeGreaterThan(CAP);
      const user = await aiUser();
      const session = await newSession(user);
      const reply = await sent(user, session.id, { content: prompt, capabilityKey: "ai.image.generate" });
      const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
      const completed = frames.find((f) => f.event === "tool.completed")!.data!.payload;
      expect(completed).toMatchObject({ toolKey: "image.generate", status: "failed", error: reason });
      expect(frames.at(-1)!.event).toBe("run.error");
      expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("failed");
      expect(await mediaRows(user)).toBe(0);
    });
  }
});
