import { sseComment, sseFrame, sseRetry } from "../../../lib/sse";

/**
 * The run's event log in the object's SQLite storage, and the SSE listeners it feeds. Every event
 * is written (with the next gapless id) before any listener sees it, so a listener that reconnects
 * with `Last-Event-ID` replays exactly what it missed. Replay and subscription happen in one
 * synchronous step, so no event can fall between them.
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
/** Keeps proxies from closing an idle stream (CONTRACT: a `: ping` comment every 15 s). */
export const HEARTBEAT_MS = 15_000;

/**
 * The heartbeat interval from the `SSE_HEARTBEAT_MS` var (tests set it small so a ping can be
 * observed); anything that is not a positive integer means the contract's 15 s.
 */
export function heartbeatMsOf(raw: string | undefined): number {
  const ms = Number(raw);
  return Number.isInteger(ms) && ms > 0 ? ms : HEARTBEAT_MS;
}

const encoder = new TextEncoder();
const PING = encoder.encode(sseComment("ping"));
/** The first thing every SSE body sends. */
export const RETRY_FRAME = sseRetry(RETRY_MS);
const RETRY = encoder.encode(RETRY_FRAME);

/** A logged event's frame: its id is the event id (what `Last-Event-ID` resumes after). */
export const eventFrame = (event: LoggedEvent) => sseFrame({ id: event.eventId, event: event.type, data: JSON.stringify(event) });

export class EventLog {
  /** Each live listener, with the event id it has seen up to (its `Last-Event-ID`, or 0). */
  private readonly listeners = new Map<ReadableStreamDefaultController<Uint8Array>, number>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private last: number;

  constructor(
    private readonly sql: SqlStorage,
    private readonly heartbeatMs: number = HEARTBEAT_MS,
  ) {
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

  /** Writes the event, then hands its frame to every listener. */
  append(runId: string, type: string, payload: Record<string, unknown>, stepId?: string): LoggedEvent {
    const event: LoggedEvent = { eventId: this.last + 1, type, runId, ...(stepId ? { stepId } : {}), payload };
    const frame = eventFrame(event);
    const delta = type === "message.delta" ? String(payload.delta) : null;
    this.sql.exec("INSERT INTO events (id, type, frame, delta) VALUES (?, ?, ?, ?)", event.eventId, type, frame, delta);
    this.last = event.eventId;
    this.broadcast(encoder.encode(frame), event.eventId);
    return event;
  }

  /** The content streamed so far, rebuilt from the log (it survives eviction; memory does not). */
  content(): string {
    let content = "";
    for (const row of this.sql.exec<{ delta: string }>("SELECT delta FROM events WHERE delta IS NOT NULL ORDER BY id")) {
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
        for (const row of this.sql.exec<{ frame: string }>("SELECT frame FROM events WHERE id > ? ORDER BY id", after)) {
          controller.enqueue(encoder.encode(row.frame));
        }
        if (ended) return controller.close();
        // Live frames obey "strictly after" exactly as replayed ones: a listener that asked for a
        // point beyond the log so far gets only the events after it.
        this.listeners.set(controller, after);
        this.startHeartbeat();
      },
      cancel: () => this.remove(self),
    });
  }

  /** Ends every listener's response (after the terminal event). */
  close() {
    for (const listener of this.listeners.keys()) {
      try {
        listener.close();
      } catch {
        // already closed by the client
      }
    }
    this.listeners.clear();
    this.stopHeartbeat();
  }

  private remove(listener: ReadableStreamDefaultController<Uint8Array>) {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.stopHeartbeat();
  }

  /**
   * One encoded frame shared by every listener whose position is before `eventId` (comments such
   * as pings have none and go to all); a listener that went away is dropped.
   */
  private broadcast(bytes: Uint8Array, eventId = Number.POSITIVE_INFINITY) {
    for (const [listener, after] of this.listeners) {
      if (eventId <= after) continue;
      try {
        listener.enqueue(bytes);
      } catch {
        this.remove(listener);
      }
    }
  }

  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => this.broadcast(PING), this.heartbeatMs);
  }

  private stopHeartbeat() {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
