import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HEARTBEAT_MS, heartbeatMsOf } from "../../src/lib/sse";
import { call } from "../helpers/api";
import { aiUser, frameReader, newSession, openStream, sent, type Frame } from "./helpers";

describe("SSE heartbeat", () => {
  it("defaults to the contract's 15 s; tests run with the configured small interval", () => {
    expect(HEARTBEAT_MS).toBe(15_000);
    for (const raw of [undefined, "", "abc", "0", "-5", "1.5"]) expect(heartbeatMsOf(raw), String(raw)).toBe(15_000);
    expect(heartbeatMsOf("250")).toBe(250);
    expect(heartbeatMsOf(env.SSE_HEARTBEAT_MS)).toBe(200);
  });

  it("a listener on a long run receives `: ping` comments between events, which use no event ids", async () => {
    const interval = heartbeatMsOf(env.SSE_HEARTBEAT_MS);
    const user = await aiUser();
    const session = await newSession(user);
    // The fake provider sends two deltas, then hangs until the run is stopped.
    const result = await sent(user, session.id, { content: "#scenario=hang" });
    const reader = frameReader(await openStream(user, session.id, result.assistantMessage.id));

    const seen: Frame[] = [];
    const pingTimes: number[] = [];
    while (pingTimes.length < 3) {
      const frame = (await reader.next())!;
      expect(frame).not.toBeNull();
      seen.push(frame);
      if (frame.comment === "ping") pingTimes.push(Date.now());
    }
    const pings = seen.filter((f) => f.comment === "ping");
    for (const ping of pings) expect(ping).toMatchObject({ id: null, event: null, data: null });
    // Both deltas arrived before the run went quiet; the pings keep the idle stream alive.
    expect(seen.filter((f) => f.event).map((f) => f.event)).toEqual(["message.delta", "message.delta"]);
    // One ping per interval, not a flood (timers may fire late, never much early).
    for (let i = 1; i < pingTimes.length; i++)
      expect(pingTimes[i]! - pingTimes[i - 1]!).toBeGreaterThanOrEqual(interval / 2);

    const stop = await call("POST", `/ai/sessions/${session.id}/messages/${result.assistantMessage.id}/stop`, {
      token: user.accessToken,
      ip: user.ip,
    });
    expect(stop.status).toBe(200);
    // The next event id follows the deltas without a gap: pings consumed none.
    const last = (await reader.nextEvent())!;
    expect(last).toMatchObject({ id: 3, event: "message.stopped" });
    expect(await reader.next()).toBeNull();
  });
});
