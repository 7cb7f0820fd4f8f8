import { describe, expect, it } from "vitest";
import { aiUser, finished, newSession, sent } from "../ai/helpers";
import { expectDebitEqualsUsage } from "./debit";

// Capability runs against the search providers' fakes (test/ai/fakes/search.ts, installed by the AI
// helpers), answered by the demo model so that every part is priced (its tokens cost 0). Images,
// video and audio: test/ai/image-debit.test.ts, video-debit.test.ts, audio-debit.test.ts.

describe("a capability run's wallet debit is its usage estimate", () => {
  it("web search: Brave's query (0.005)", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "otter facts",
      capabilityKey: "ai.search.web",
      model: "demo",
    });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    const usage = await expectDebitEqualsUsage(user, session.id, reply.assistantMessage.id);
    expect(usage).toMatchObject({ costUnits: { "search.brave": 1 }, estimatedCostUsd: 0.005 });
  });

  it("deep research: 4 queries and 6 pages read (pages cost 0)", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, {
      content: "river ecology",
      capabilityKey: "ai.research.deep",
      model: "demo",
    });
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    const usage = await expectDebitEqualsUsage(user, session.id, reply.assistantMessage.id);
    expect(usage).toMatchObject({ costUnits: { "search.brave": 4, "page.read": 6 }, estimatedCostUsd: 0.02 });
  });
});
