import { HEARTBEAT_MS, sseComment, sseFrame, sseRetry } from "../../../lib/sse";

/**
 * The run's event log in the object's SQLite storage, and the SSE listeners it feeds. Every event
 * is written (with the next gapless id) before any listener sees it, so a listener that reconnects
 * with `Last-Event-ID` replays exactly what it missed. Replay and subscription happen in one
 * synchronous step, so no event can fall between them.
 *
 * Fan-out cost: each frame is encoded once, but every chunk handed to a listener costs the runtime
 * a fixed amount of work to carry to its connection (about 50 µs on workerd, whatever the chunk's
 * size; see docs/ai.md "Measured"), so a run fanned out to hundreds of listeners at the model's
 * pace saturates the object. From `BATCHING.fromListeners` listeners on, deltas are therefore
 * sent at most once per `BATCHING.everyMs`: the first at once, those that follow within the
 * interval together in one chunk at its end. Every event keeps its own frame and id; only chunk
 * boundaries change, which SSE does not see. For the same reason a large fan-out's responses end a
 * moment after the run's last frame (`Batching.closeAfterMs`): ending hundreds of responses at once
 * costs the runtime more than the last frames do, and would hold those frames back.
 *
 * A frame is stored as written and `present`ed as it leaves, once for all listeners (the run signs
 * its media URLs there, so a replay gets fresh signatures).
 */
export interface LoggedEvent {
  eventId: number;
  type: string;
  runId: string;
  stepId?: string;
  payload: Record<string, unknown>;
}

/** Browsers wait this long before reconnecting a dropped stream (CONTRACT: `retry: 3000`). */
const RETRY_MS = 3000;
/** When and how deltas leave together (see the comment at the top of this file); tests pass their own. */
export interface Batching {
  /** Listeners from which deltas are batched. */
  fromListeners: number;
  /** Longest a delta waits for the ones after it. */
  everyMs: number;
  /** How long after the run's last frame the responses of as many listeners end. */
  closeAfterMs: number;
}
const BATCHING: Batching = { fromListeners: 200, everyMs: 50, closeAfterMs: 200 };

/** A frame on its way out, with its event id (what a listener's position is compared with). */
interface OutgoingFrame {
  eventId: number;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();
const PING = encoder.encode(sseComment("ping"));
/** The first thing every SSE body sends. */
export const RETRY_FRAME = sseRetry(RETRY_MS);
const RETRY = encoder.encode(RETRY_FRAME);
/** Comments carry no id, so every listener gets them. */
const PING_FRAME: OutgoingFrame = { eventId: Number.POSITIVE_INFINITY, bytes: PING };

function joined(frames: OutgoingFrame[]): Uint8Array {
  if (frames.length === 1) return frames[0]!.bytes;
  const bytes = new Uint8Array(frames.reduce((length, frame) => length + frame.bytes.length, 0));
  let offset = 0;
  for (const frame of frames) {
    bytes.set(frame.bytes, offset);
    offset += frame.bytes.length;
  }
  return bytes;
}

/** A logged event's frame: its id is the event id (what `Last-Event-ID` resumes after). */
export const eventFrame = (event: LoggedEvent) =>
  sseFrame({ id: event.eventId, event: event.type, data: JSON.stringify(event) });

export class EventLog {
  /** Each live listener, with the event id it has seen up to (its `Last-Event-ID`, or 0). */
  private readonly listeners = new Map<ReadableStreamDefaultController<Uint8Array>, number>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private last: number;
  /** Deltas held for the end of the current batching interval, and that interval's timer. */
  private held: OutgoingFrame[] = [];
  private interval: ReturnType<typeof setTimeout> | undefined;

  private readonly heartbeatMs: number;
  private readonly batching: Batching;
  /** A frame as listeners get it, from the frame as stored. */
  private readonly present: (frame: string) => string;

  constructor(
    private readonly sql: SqlStorage,
    options: { heartbeatMs?: number; batching?: Batching; present?: (frame: string) => string } = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.batching = options.batching ?? BATCHING;
    this.present = options.present ?? ((frame) => frame);
    sql.exec(
      "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, type TEXT NOT NULL, frame TEXT NOT NULL, delta TEXT)",
    );
    this.last = Number(sql.exec<{ last: number | null }>("SELECT MAX(id) AS last FROM events").one().last ?? 0);
  }

  get lastEventId() {
    return this.last;
  }

  get listenerCount() {
    return this.listeners.size;
  }

  /**
   * Writes the event, then hands its frame to every listener: at once, or with the deltas of the
   * current batching interval. Any other event sends the held deltas first and then itself, so
   * order is kept and a run's end or a tool step is never held back.
   */
  append(runId: string, type: string, payload: Record<string, unknown>, stepId?: string): LoggedEvent {
    const event: LoggedEvent = { eventId: this.last + 1, type, runId, ...(stepId ? { stepId } : {}), payload };
    const frame = eventFrame(event);
    const delta = type === "message.delta" ? String(payload.delta) : null;
    this.sql.exec("INSERT INTO events (id, type, frame, delta) VALUES (?, ?, ?, ?)", event.eventId, type, frame, delta);
    this.last = event.eventId;
    const outgoing = { eventId: event.eventId, bytes: encoder.encode(this.present(frame)) };
    if (delta === null || this.listeners.size < this.batching.fromListeners) {
      this.sendHeld();
      this.send([outgoing]);
    } else if (this.interval === undefined) {
      this.send([outgoing]);
      this.startInterval();
    } else {
      this.held.push(outgoing);
    }
    return event;
  }

  /** The content streamed so far, rebuilt from the log (it survives eviction; memory does not). */
  content(): string {
    let content = "";
    for (const row of this.sql.exec<{ delta: string }>(
      "SELECT delta FROM events WHERE delta IS NOT NULL ORDER BY id",
    )) {
      content += row.delta;
    }
    return content;
  }

  /**
   * An SSE body: `retry`, every event after `after`, then live events until `close()`. When the
   * run has already ended (`ended`), the body ends after the replay.
   */
  subscribe(after: number, ended: boolean): ReadableStream<Uint8Array> {
    let self: ReadableStreamDefaultController<Uint8Array>;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = controller;
        controller.enqueue(RETRY);
        for (const row of this.sql.exec<{ frame: string }>(
          "SELECT frame FROM events WHERE id > ? ORDER BY id",
          after,
        )) {
          controller.enqueue(encoder.encode(this.present(row.frame)));
        }
        if (ended) return controller.close();
        // Live frames obey "strictly after" exactly as replayed ones: the replay went up to the
        // log's last event (held deltas included), and a listener that asked for a point beyond
        // the log so far gets only the events after it.
        this.listeners.set(controller, Math.max(after, this.last));
        this.startHeartbeat();
      },
      cancel: () => this.remove(self),
    });
  }

  /** Ends every listener's response (after the terminal event and any delta still held). */
  close() {
    this.sendHeld();
    const listeners = [...this.listeners.keys()];
    const end = () => {
      for (const listener of listeners) {
        try {
          listener.close();
        } catch {
          // already closed by the client
        }
      }
    };
    if (listeners.length < this.batching.fromListeners) end();
    else setTimeout(end, this.batching.closeAfterMs);
    this.listeners.clear();
    this.stopHeartbeat();
    clearTimeout(this.interval);
    this.interval = undefined;
  }

  private remove(listener: ReadableStreamDefaultController<Uint8Array>) {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.stopHeartbeat();
  }

  /**
   * Consecutive frames as one chunk, shared by every listener whose position is before all of
   * them; a listener that joined between them (its replay already had the first ones) gets only
   * the rest. A listener that went away is dropped.
   */
  private send(frames: OutgoingFrame[]) {
    if (frames.length === 0) return;
    const first = frames[0]!.eventId;
    const last = frames.at(-1)!.eventId;
    const all = joined(frames);
    for (const [listener, position] of this.listeners) {
      if (last <= position) continue;
      try {
        listener.enqueue(first > position ? all : joined(frames.filter((frame) => frame.eventId > position)));
      } catch {
        this.remove(listener);
      }
    }
  }

  private sendHeld() {
    const held = this.held;
    this.held = [];
    this.send(held);
  }

  /** While deltas keep coming, each interval ends by sending what it held. */
  private startInterval() {
    this.interval = setTimeout(() => {
      this.interval = undefined;
      if (this.held.length === 0) return;
      this.sendHeld();
      this.startInterval();
    }, this.batching.everyMs);
  }

  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => this.send([PING_FRAME]), this.heartbeatMs);
  }

  private stopHeartbeat() {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
