import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventFrame, EventLog, RETRY_FRAME, type Batching } from "../../src/domains/ai/run/event-log";

/**
 * The event log's batching of deltas for large fan-outs, on a real object's SQLite storage. The
 * stream tests cover the log's behaviour below the batching threshold end to end; these pin down
 * what batching may change (chunk boundaries) and what it may not (frames, ids, order, replay).
 */
const decoder = new TextDecoder();
const delta = (eventId: number) =>
  eventFrame({ eventId, type: "message.delta", runId: "run", payload: { delta: `d${eventId}` } });
const completed = (eventId: number) =>
  eventFrame({ eventId, type: "message.completed", runId: "run", payload: { content: "done" } });
/** An interval no test outlives: whatever is held stays held until an event or `close()` sends it. */
const HOLD: Batching = { fromListeners: 2, everyMs: 60_000, closeAfterMs: 0 };

async function withLog<T>(
  batching: Batching,
  test: (log: EventLog) => Promise<T>,
  present?: (frame: string) => string,
): Promise<T> {
  const stub = env.MESSAGE_RUN.get(env.MESSAGE_RUN.newUniqueId());
  return runInDurableObject(stub, (_instance, state) =>
    test(new EventLog(state.storage.sql, { heartbeatMs: 60_000, batching, present })),
  );
}

const sleep = (ms: number) => new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), ms));

/** A listener's chunks, each decoded on its own (so chunk boundaries can be asserted). */
function listener(log: EventLog, after = 0) {
  const reader = log.subscribe(after, false).getReader();
  return {
    async chunk(): Promise<string | null> {
      const { done, value } = await reader.read();
      return done ? null : decoder.decode(value);
    },
  };
}

const appendDelta = (log: EventLog, n: number) => log.append("run", "message.delta", { delta: `d${n}` });

describe("event log batching", () => {
  it("below the threshold, every event is its own chunk at once", async () => {
    await withLog(HOLD, async (log) => {
      const only = listener(log);
      for (const n of [1, 2, 3]) appendDelta(log, n);
      expect(await only.chunk()).toBe(RETRY_FRAME);
      for (const n of [1, 2, 3]) expect(await only.chunk()).toBe(delta(n));
    });
  });

  it("from the threshold, the first delta leaves at once and the ones within its interval together, each with its own frame and id", async () => {
    await withLog(HOLD, async (log) => {
      const [a, b] = [listener(log), listener(log)];
      for (const n of [1, 2, 3]) appendDelta(log, n);
      for (const l of [a, b]) {
        expect(await l.chunk()).toBe(RETRY_FRAME);
        expect(await l.chunk()).toBe(delta(1));
      }
      // Any other event sends the held deltas first (one chunk: they were held, not sent), then
      // itself: order is kept.
      log.append("run", "message.completed", { content: "done" });
      for (const l of [a, b]) {
        expect(await l.chunk()).toBe(delta(2) + delta(3));
        expect(await l.chunk()).toBe(completed(4));
      }
      expect(log.lastEventId).toBe(4);
      log.close();
    });
  });

  it("the interval's end sends what it held", async () => {
    await withLog({ fromListeners: 2, everyMs: 20, closeAfterMs: 0 }, async (log) => {
      const [a, b] = [listener(log), listener(log)];
      for (const n of [1, 2, 3]) appendDelta(log, n);
      for (const l of [a, b]) {
        expect(await l.chunk()).toBe(RETRY_FRAME);
        expect(await l.chunk()).toBe(delta(1));
        expect(await l.chunk()).toBe(delta(2) + delta(3));
      }
      log.close();
      for (const l of [a, b]) expect(await l.chunk()).toBeNull();
    });
  });

  it("a listener joining while deltas are held gets each event exactly once, resuming after its Last-Event-ID", async () => {
    await withLog(HOLD, async (log) => {
      const [a, b] = [listener(log), listener(log)];
      for (const n of [1, 2, 3]) appendDelta(log, n);
      // Events 2 and 3 are held; the replay already has them.
      const fresh = listener(log);
      const resumed = listener(log, 2);
      appendDelta(log, 4);
      log.append("run", "message.completed", { content: "done" });
      log.close();

      const all = async (l: ReturnType<typeof listener>) => {
        const chunks: string[] = [];
        for (let chunk = await l.chunk(); chunk !== null; chunk = await l.chunk()) chunks.push(chunk);
        return chunks;
      };
      for (const l of [a, b])
        expect(await all(l)).toEqual([RETRY_FRAME, delta(1), delta(2) + delta(3) + delta(4), completed(5)]);
      expect(await all(fresh)).toEqual([RETRY_FRAME, delta(1), delta(2), delta(3), delta(4), completed(5)]);
      expect(await all(resumed)).toEqual([RETRY_FRAME, delta(3), delta(4), completed(5)]);
    });
  });

  it("close() sends the held deltas before ending every stream", async () => {
    await withLog(HOLD, async (log) => {
      const [a, b] = [listener(log), listener(log)];
      for (const n of [1, 2]) appendDelta(log, n);
      log.close();
      for (const l of [a, b]) {
        expect([await l.chunk(), await l.chunk(), await l.chunk(), await l.chunk()]).toEqual([
          RETRY_FRAME,
          delta(1),
          delta(2),
          null,
        ]);
      }
    });
  });

  it("from the threshold, the responses end closeAfterMs after the last frame; below it, at once", async () => {
    // The grace is ten times the wait: the earlier timer fires first however slow the machine.
    await withLog({ ...HOLD, closeAfterMs: 300 }, async (log) => {
      const [a, b] = [listener(log), listener(log)];
      appendDelta(log, 1);
      log.append("run", "message.completed", { content: "done" });
      log.close();
      for (const l of [a, b])
        expect([await l.chunk(), await l.chunk(), await l.chunk()]).toEqual([RETRY_FRAME, delta(1), completed(2)]);
      const ends = [a.chunk(), b.chunk()];
      expect(await Promise.race([...ends, sleep(30)])).toBe("waited");
      expect(await Promise.all(ends)).toEqual([null, null]);
    });
    await withLog({ ...HOLD, closeAfterMs: 60_000 }, async (log) => {
      const only = listener(log);
      log.close();
      expect([await only.chunk(), await only.chunk()]).toEqual([RETRY_FRAME, null]);
    });
  });
});

describe("event log presentation", () => {
  it("live and replayed frames leave presented, storage keeps them as written", async () => {
    const present = (frame: string) => frame.replace('"delta":"d', '"delta":"presented ');
    await withLog(
      HOLD,
      async (log) => {
        const live = listener(log);
        appendDelta(log, 1);
        const replayed = listener(log);
        log.close();
        const presented = present(delta(1));
        expect(presented).not.toBe(delta(1));
        for (const l of [live, replayed]) {
          expect([await l.chunk(), await l.chunk(), await l.chunk()]).toEqual([RETRY_FRAME, presented, null]);
        }
        expect(log.content()).toBe("d1");
      },
      present,
    );
  });
});
