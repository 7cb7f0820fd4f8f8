import { describe, expect, it } from "vitest";
import { expectUnitsDebitedBesideUnpricedModel } from "../wallet/debit";
import { installFakeVideo } from "./fakes/video";
import { aiUser, finished, newSession, sent } from "./helpers";

// The "video" project: VIDEO_PROVIDER=sora against its fake (test/ai/fakes/video.ts).
installFakeVideo();

describe("a video run's wallet debit is its usage estimate", () => {
  it("Sora: 4 seconds (0.10 a second) are debited; the chat model that writes the reply, without a price here, costs nothing and is named", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "a fox crossing a snowy road",
      capabilityKey: "ai.video.generate",
      parameters: { duration: 4 },
    });
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    // The session's chat model writes the reply (CONTRACT): the test deployment's fake, unpriced.
    await expectUnitsDebitedBesideUnpricedModel(user, session.id, message, { "video.sora.seconds": 4 }, 0.4);
  });
});
