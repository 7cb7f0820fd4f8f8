import { describe, expect, it } from "vitest";
import { expectDebitEqualsUsage } from "../wallet/debit";
import { installFakeAudio } from "./fakes/audio";
import { aiUser, finished, newSession, sent } from "./helpers";

// The "media-capabilities" project: Stable Audio (the default there) against its fake (test/ai/fakes/audio.ts).
installFakeAudio();

describe("an audio run's wallet debit is its usage estimate", () => {
  it("Stable Audio: one generation (0.20)", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "calm piano",
      capabilityKey: "ai.audio.generate",
      parameters: { durationSeconds: 8 },
      model: "demo",
    });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    const usage = await expectDebitEqualsUsage(user, session.id, reply.assistantMessage.id);
    expect(usage).toMatchObject({ costUnits: { "audio.stable-audio.generation": 1 }, estimatedCostUsd: 0.2 });
  });
});
