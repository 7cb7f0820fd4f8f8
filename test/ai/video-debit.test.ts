import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { debitOf } from "../wallet/debit";
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
    const usage = await call("GET", `/ai/operations/sessions/${session.id}/usage`, {
      token: user.accessToken,
      ip: user.ip,
    });
    // The session's chat model writes the reply (CONTRACT): the test deployment's fake, unpriced.
    expect(usage.body.data).toMatchObject({
      costUnits: { "video.sora.seconds": 4 },
      estimatedCostUsd: null,
      unpricedUnits: [`tokens.${message.modelId}`],
    });
    expect(await debitOf(user, reply.assistantMessage.id)).toMatchObject({ kind: "usage", amountUsd: -0.4 });
  });
});
