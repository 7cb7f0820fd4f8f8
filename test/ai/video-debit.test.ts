import { describe, expect, it } from "vitest";
import { expectDebitEqualsUsage } from "../wallet/debit";
import { installFakeVideo } from "./fakes/video";
import { aiUser, finished, newSession, sent } from "./helpers";

// The "video" project: VIDEO_PROVIDER=sora against its fake (test/ai/fakes/video.ts).
installFakeVideo();

describe("a video run's wallet debit is its usage estimate", () => {
  it("Sora: 4 seconds (0.10 a second); the fixed reply uses no model tokens", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "a fox crossing a snowy road",
      capabilityKey: "ai.video.generate",
      parameters: { duration: 4 },
    });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    const usage = await expectDebitEqualsUsage(user, session.id, reply.assistantMessage.id);
    expect(usage).toMatchObject({ costUnits: { "video.sora.seconds": 4 }, estimatedCostUsd: 0.4 });
  });
});
