import type { Context } from "hono";
import type { MessageRow } from "./conversation/tables";
import { eventFrame, RETRY_FRAME, type LoggedEvent } from "./run/event-log";
import type { AppEnv } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { streamRun } from "./runs";

/**
 * `Last-Event-ID` (header) or `lastEventId` (query, for clients that cannot set headers). A blank
 * header counts as absent, so it never hides the query.
 */
export function lastEventIdOf(header: string | undefined, query: string | undefined): number {
  const fromHeader = header !== undefined && header.trim() !== "";
  const raw = fromHeader ? header : query;
  if (raw === undefined || raw.trim() === "") return 0;
  if (!/^\d{1,15}$/.test(raw.trim())) {
    throw badRequest([
      { field: fromHeader ? "Last-Event-ID" : "lastEventId", message: "must be a non-negative integer event id" },
    ]);
  }
  return Number(raw.trim());
}

/** What the conversation holds of a reply's run: enough to answer for a run whose object never accepted it. */
type StoredRun = Pick<MessageRow, "id" | "runId" | "status" | "runError">;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/**
 * The stream of a reply whose run never started (its object refused it, so there is no event
 * log; the conversation has the error): one terminal `run.error` as event 1, shaped like every other run.error,
 * then the end; 204 once a client has seen it.
 */
function unstartedRunStream(c: Context<AppEnv>, message: StoredRun | undefined, after: number): Response {
  if (message?.status !== "failed" || !message.runId || !message.runError) throw notFound("This message has no run");
  if (after >= 1) return c.body(null, 204);
  const event: LoggedEvent = {
    eventId: 1,
    type: "run.error",
    runId: message.runId,
    payload: { messageId: message.id, error: JSON.parse(message.runError) as unknown },
  };
  return c.body(RETRY_FRAME + eventFrame(event), 200, SSE_HEADERS);
}

/**
 * The run object's SSE body, passed through with the headers proxies need to not buffer it.
 * `stored` reads the reply from its conversation, needed only when the object has no run.
 */
export async function sseResponse(
  c: Context<AppEnv>,
  messageId: string,
  after: number,
  stored: () => Promise<StoredRun | undefined>,
): Promise<Response> {
  const upstream = await streamRun(c.env, messageId, after);
  if (upstream.status === 404) return unstartedRunStream(c, await stored(), after);
  if (upstream.status === 204) return c.body(null, 204);
  return c.body(upstream.body as unknown as ReadableStream, 200, SSE_HEADERS);
}
