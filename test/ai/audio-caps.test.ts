import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../helpers/api";
import { HUGE_AUDIO_BYTES, installFakeAudio } from "./fakes/audio";
import { installFakeOpenAi } from "./fakes/openai";
import { aiUser, events, finished, newSession, readStream, sent } from "./helpers";

// This file runs in the "media-capabilities" project: Stable Audio (the default) against its
// fake, the audio cap lowered to 128 KiB (MEDIA_CAP_AUDIO_BYTES).
installFakeOpenAi();
installFakeAudio();

const mediaRows = async (user: TestUser) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM media WHERE user_id = ?").bind(user.id).first<{ n: number }>())!.n;

async function mediaKeys(): Promise<Set<string>> {
  const page = await env.BLOBS.list({ prefix: "media/" });
  return new Set(page.objects.map((object) => object.key));
}

describe("ai.audio.generate stores only audio, within the cap", () => {
  for (const [what, prompt, reason] of [
    [
      "an HTML answer",
      "a tune #html",
      "Stable Audio answered with a file that is not MPEG, WAV, Ogg, FLAC or AAC/MP4 audio (sent as text/html); nothing was stored",
    ],
    [
      "audio streamed past the cap (no length)",
      "a long tune #huge",
      "Stable Audio sent audio larger than the 128 KiB limit; nothing was stored",
    ],
    [
      "a declared length past the cap",
      "a long tune #huge-declared",
      "Stable Audio sent audio larger than the 128 KiB limit; nothing was stored",
    ],
  ] as const) {
    it(`${what}: the step fails with the reason and nothing is stored`, async () => {
      expect(HUGE_AUDIO_BYTES).toBeGreaterThan(128 * 1024);
      const user = await aiUser();
      const before = await mediaKeys();
      const session = await newSession(user);
      const reply = await sent(user, session.id, { content: prompt, capabilityKey: "ai.audio.generate" });
      const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
      const completed = frames.find((f) => f.event === "tool.completed")!.data!.payload;
      expect(completed).toMatchObject({ toolKey: "audio.generate", status: "failed", error: reason });
      expect(frames.at(-1)!.event).toBe("run.error");
      expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("failed");
      expect(await mediaRows(user)).toBe(0);
      expect(await mediaKeys()).toEqual(before);
    });
  }
});
