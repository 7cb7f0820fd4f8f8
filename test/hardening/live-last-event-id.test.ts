import { describe, expect, it } from "vitest";
import { aiUser, events, newSession, openStream, parseSse, readStream, sent } from "../ai/helpers";

/** Issue 10, point 5: live frames obey "strictly after Last-Event-ID" exactly as replayed ones. */
describe("a live stream with Last-Event-ID", () => {
  it("beyond the last event: no frame at or before that id is delivered, live or replayed", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "far ahead #scenario=slow" });
    const frames = parseSse(await (await openStream(user, session.id, result.assistantMessage.id, 999_999)).text());
    expect(events(frames)).toEqual([]);
  });

  it("in the middle of a live run: exactly the frames after that id, each once", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const result = await sent(user, session.id, { content: "middle #scenario=slow" });
    // Ask for a point the run has most likely not reached yet: frames arrive live, not replayed.
    const after = 10;
    const ids = events(
      parseSse(await (await openStream(user, session.id, result.assistantMessage.id, after)).text()),
    ).map((f) => f.id);
    const all = events(await readStream(user, session.id, result.assistantMessage.id)).map((f) => f.id);
    expect(ids).toEqual(all.filter((id) => id! > after));
  });
});
