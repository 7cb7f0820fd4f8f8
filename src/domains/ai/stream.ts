import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { streamRun } from "./runs";

/** `Last-Event-ID` (header) or `lastEventId` (query, for clients that cannot set headers). */
export function lastEventIdOf(header: string | undefined, query: string | undefined): number {
  const raw = header ?? query;
  if (raw === undefined || raw === "") return 0;
  if (!/^\d{1,15}$/.test(raw.trim())) {
    throw badRequest([{ field: header !== undefined ? "Last-Event-ID" : "lastEventId", message: "must be a non-negative integer event id" }]);
  }
  return Number(raw.trim());
}

/** The run object's SSE body, passed through with the headers proxies need to not buffer it. */
export async function sseResponse(c: Context<AppEnv>, messageId: string, after: number): Promise<Response> {
  const upstream = await streamRun(c.env, messageId, after);
  if (upstream.status === 404) throw notFound("This message has no run");
  if (upstream.status === 204) return c.body(null, 204);
  return c.body(upstream.body as unknown as ReadableStream, 200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
  });
}
