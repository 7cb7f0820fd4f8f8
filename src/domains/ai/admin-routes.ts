import { createRoute, z } from "@hono/zod-openapi";
import { adminAuth, errors, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requestCtxOf } from "../identity";
import { storedReply } from "./messages";
import { lastEventIdOf, sseResponse } from "./stream";

/**
 * Operator tail of a reply's stream (support and load measurement): the same SSE body as the user
 * endpoint, without the per-user stream limit. Behind the operator token like every /admin route (guarded in app.ts).
 */
export const aiAdminRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/admin/ai/messages/{messageId}/stream",
    tags: ["Operator"],
    summary: "Tail a reply's event stream (replay after Last-Event-ID, then live)",
    security: adminAuth,
    request: {
      params: z.object({ messageId: uuidParam("messageId") }),
      query: z.object({ lastEventId: z.string().optional() }),
    },
    responses: {
      200: { content: { "text/event-stream": { schema: z.string() } }, description: "SSE frames" },
      204: { description: "Nothing is left to send" },
      ...errors(400, 401, 404),
    },
  }),
  async (c) => {
    const after = lastEventIdOf(c.req.header("Last-Event-ID"), c.req.valid("query").lastEventId);
    const messageId = c.req.valid("param").messageId;
    return sseResponse(c, messageId, after, () => storedReply(requestCtxOf(c), messageId)) as never;
  },
);
