import { describe, expect, it } from "vitest";
import { audioPrompt } from "../../src/domains/ai/capabilities/audio";
import { elevenLabsMusic } from "../../src/domains/ai/capabilities/audio/providers/elevenlabs";
import { stableAudio } from "../../src/domains/ai/capabilities/audio/providers/stable-audio";
import { withRetries } from "../../src/domains/ai/capabilities/retry";
import { CapabilityError } from "../../src/domains/ai/capabilities/types";
import { call } from "../helpers/api";
import { raw } from "../media/helpers";
import {
  bytesFor,
  ELEVENLABS,
  elevenLabsRequests,
  installFakeAudio,
  STABILITY,
  stabilityRequests,
} from "./fakes/audio";
import { installFakeOpenAi } from "./fakes/openai";
import type { ProviderOf } from "../../src/domains/ai/capabilities/providers/define";
import { providerCall } from "./provider-call";
import { aiUser, events, finished, newSession, readStream, sent } from "./helpers";

// This file runs in the "media-capabilities" project: Stable Audio and ElevenLabs configured
// against their fakes (Stable Audio, first in table order, is the default).
installFakeOpenAi();
installFakeAudio();

/** The provider's `compose` as a run calls it, configured with `apiKey` against its fake at `baseUrl`. */
const compose = (
  provider: ProviderOf<"audio">,
  prompt: string,
  apiKey: string,
  baseUrl: string,
  durationSeconds = 12,
) => provider.compose({ prompt, durationSeconds }, providerCall(provider, apiKey, baseUrl));
const fast = { signal: new AbortController().signal, sleep: () => Promise.resolve(), baseMs: 1 };
const bytesOf = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer());

describe("Stable Audio, against its fake", () => {
  it("multipart prompt, duration (exact), model and output_format with a Bearer key and Accept audio/*; the answer streams through", async () => {
    const before = stabilityRequests.length;
    const audio = await compose(stableAudio, "calm piano", "test-stability-key", STABILITY, 12);
    const sent = stabilityRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.pathname).toBe("/v2beta/audio/stable-audio-2/text-to-audio");
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer test-stability-key");
    expect(sent[0]!.form).toEqual({
      prompt: "calm piano",
      duration: "12",
      model: "stable-audio-2",
      output_format: "mp3",
    });
    expect(audio).toMatchObject({ declaredType: "audio/mpeg", length: 12 * 4096 });
    expect(await bytesOf(audio.body)).toEqual(bytesFor(12));
  });

  it("a content-moderation refusal is not retryable and carries the reason; 429 is retried", async () => {
    const refused = await compose(stableAudio, "bad #policy", "test-stability-key", STABILITY).catch((e) => e);
    expect(refused).toBeInstanceOf(CapabilityError);
    expect(refused).toMatchObject({
      retryable: false,
      message: "Stable Audio answered 403: Your request was flagged by our content moderation system.",
    });
    const before = stabilityRequests.length;
    const audio = await withRetries(
      () => compose(stableAudio, "busy #429x2", "test-stability-key", STABILITY, 5),
      fast,
    );
    expect(stabilityRequests.length - before).toBe(3);
    expect(audio.length).toBe(5 * 4096);
    const down = await compose(stableAudio, "x #500-always", "test-stability-key", STABILITY).catch((e) => e);
    expect(down).toMatchObject({
      retryable: true,
      message: "Stable Audio answered 500: An unexpected server error occurred.",
    });
  });
});

describe("ElevenLabs Music, against its fake", () => {
  it("JSON prompt and music_length_ms (exact) with xi-api-key and output_format; a bad_prompt is refused with its message; 429 retried", async () => {
    const before = elevenLabsRequests.length;
    const audio = await compose(elevenLabsMusic, "lofi beat", "test-elevenlabs-key", ELEVENLABS, 7);
    const sent = elevenLabsRequests[before]!;
    expect(sent.url.pathname).toBe("/v1/music");
    expect(sent.url.searchParams.get("output_format")).toBe("mp3_44100_128");
    expect(sent.headers.get("xi-api-key")).toBe("test-elevenlabs-key");
    expect(JSON.parse(sent.body)).toEqual({ prompt: "lofi beat", music_length_ms: 7000 });
    expect(await bytesOf(audio.body)).toEqual(bytesFor(7));
    expect(elevenLabsMusic.unit(7)).toEqual(["audio.elevenlabs.seconds", 7]);

    const refused = await compose(elevenLabsMusic, "x #policy", "test-elevenlabs-key", ELEVENLABS).catch((e) => e);
    expect(refused).toMatchObject({
      retryable: false,
      message: "ElevenLabs Music answered 400: The prompt violates our Terms of Service.",
    });
    const limited = await compose(elevenLabsMusic, "x #429x9", "test-elevenlabs-key", ELEVENLABS).catch((e) => e);
    expect(limited).toMatchObject({
      retryable: true,
      message: "ElevenLabs Music answered 429: Too many concurrent requests.",
    });
  });

  it("bpm and styleTokens, fields neither provider has, are folded into the prompt", () => {
    expect(audioPrompt(" a calm tune ", { bpm: 90, styleTokens: ["jazz", "brushed drums"] })).toBe(
      "a calm tune Style: jazz, brushed drums. Tempo: 90 BPM.",
    );
    expect(audioPrompt("a calm tune", {})).toBe("a calm tune");
  });
});

describe("ai.audio.generate end to end (Stable Audio)", () => {
  it("send → stream → history → ranged download (206); the duration is exact; another user's id is 404", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const before = stabilityRequests.length;
    const reply = await sent(user, session.id, {
      content: "a calm tune",
      capabilityKey: "ai.audio.generate",
      durationSeconds: 8,
      bpm: 72,
    });
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.map((f) => f.event).slice(0, 2)).toEqual(["tool.started", "tool.completed"]);
    expect(frames[0]!.data!.payload).toMatchObject({
      toolKey: "audio.generate",
      input: { prompt: "a calm tune Tempo: 72 BPM.", durationSeconds: 8, bpm: 72 },
      activity: { subject: "Stable Audio" },
    });
    expect(stabilityRequests.slice(before).map((r) => r.form.duration)).toEqual(["8"]);
    const item = frames[1]!.data!.payload.output.media[0];
    expect(item).toMatchObject({
      kind: "audio",
      mimeType: "audio/mpeg",
      size: 8 * 4096,
      durationSeconds: 8,
      source: "generated",
      sessionId: session.id,
    });
    expect(item.url).toMatch(/^\/api\/v1\/media\/[0-9a-f-]{36}\?exp=\d+&sig=/);

    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message).toMatchObject({ status: "completed", content: "Hello from the fake model." });
    const url = message.toolCalls[0].output.media[0].url;
    const ranged = await raw("GET", url, { headers: { Range: "bytes=0-3" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe(`bytes 0-3/${8 * 4096}`);
    expect([...new Uint8Array(await ranged.arrayBuffer())]).toEqual([0xff, 0xfb, 0x90, 0x64]);
    const other = await aiUser();
    expect((await raw("GET", `/media/${item.id}`, { token: other.accessToken, ip: other.ip })).status).toBe(404);

    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(usage.body.data.costUnits).toEqual({ "audio.stable-audio.generation": 1 });
  });

  it("a content-moderation refusal fails the call and the run with the provider's reason", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "a tune #policy", capabilityKey: "ai.audio.generate" });
    const frames = events(await readStream(user, session.id, reply.assistantMessage.id));
    expect(frames.map((f) => f.event)).toEqual(["tool.started", "tool.completed", "run.error"]);
    expect(frames[2]!.data!.payload.error).toEqual({
      code: "provider_error",
      message: "Stable Audio answered 403: Your request was flagged by our content moderation system.",
    });
  });
});
