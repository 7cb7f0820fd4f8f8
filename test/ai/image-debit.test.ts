import { describe, expect, it } from "vitest";
import { UNIT_PRICES } from "../../src/domains/ai/capabilities/prices";
import { expectUnitsDebitedBesideUnpricedModel } from "../wallet/debit";
import { installFakeImages } from "./fakes/images";
import { aiUser, finished, newSession, sent } from "./helpers";

// The "media-capabilities" project: IMAGE_PROVIDER=openai against its fake (test/ai/fakes/images.ts).
installFakeImages();

describe("an image run's wallet debit is its usage estimate", () => {
  it("two dall-e-3 images at 1792x1024 standard (0.08 each) are debited; the answer's model, without a price here, costs nothing and is named", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "a red kite over hills",
      capabilityKey: "ai.image.generate",
      parameters: { numImages: 2, size: "1792x1024" },
    });
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.status).toBe("completed");
    // The image model's `model` and `provider` are the capability's here, so the chat model that
    // writes the answer is the test deployment's fake one, which has no price.
    expect(message.tokensUsed).toBeGreaterThan(0);
    expect(UNIT_PRICES["image.openai.dall-e-3.1792x1024.standard"]).toBe(0.08);
    const units = { "image.openai.dall-e-3.1792x1024.standard": 2 };
    await expectUnitsDebitedBesideUnpricedModel(user, session.id, message, units, 0.16);
  });
});
