import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/api";
import { accountIdOf, capSet, holdsWhen, walletOf } from "../wallet/spend-cap";
import { installFakeAudio } from "./fakes/audio";
import { aiUser, finished, newSession, send } from "./helpers";

// The "media-capabilities" project: Stable Audio (the default there, $0.20 a generation) against its
// fake. CONTRACT Wallet "Spend cap": cap $1, ten concurrent sends of $0.20 each at most: at most
// five admitted. (Its sibling with hanging searches, where exactly five are: test/wallet/spend-cap.test.ts.)
installFakeAudio();

describe("the spend cap against concurrent priced sends", () => {
  it("cap $1, ten concurrent $0.20 music sends: at most five admitted, the others 402; the month's spend stays within the cap", async () => {
    const user = await aiUser();
    await capSet(user, 1);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => newSession(user)));
    const answers = await Promise.all(
      sessions.map((session, i) =>
        send(user, session.id, {
          content: `calm piano ${i}`,
          capabilityKey: "ai.audio.generate",
          parameters: { durationSeconds: 8 },
          model: "demo",
        }),
      ),
    );
    const admitted = answers.flatMap((res, i) =>
      res.status === 201 ? [{ sessionId: sessions[i]!.id, messageId: res.body.data.assistantMessage.id }] : [],
    );
    expect(admitted.length).toBeGreaterThanOrEqual(1);
    expect(admitted.length).toBeLessThanOrEqual(5);
    for (const res of answers.filter((r) => r.status !== 201)) expectError(res as never, 402, "spend_cap_reached");

    for (const { sessionId, messageId } of admitted)
      expect((await finished(user, sessionId, messageId)).status).toBe("completed");
    await holdsWhen(await accountIdOf(user), (holds) => Object.values(holds).every((h) => h.settledAt !== undefined));
    const wallet = await walletOf(user);
    expect(wallet.monthSpentUsd).toBeCloseTo(0.2 * admitted.length, 6);
    expect(wallet.monthSpentUsd).toBeLessThanOrEqual(1);
  });
});
