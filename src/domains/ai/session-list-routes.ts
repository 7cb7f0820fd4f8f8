import { createRoute, z } from "@hono/zod-openapi";
import { ok, paged } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody, pagedEnvelope } from "../../http/openapi";
import { cursorMeta, cursorQuery } from "../../lib/pagination";
import { createRouter } from "../../http/router";
import { authenticate, requireEntitlement } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { ctxOf } from "../identity";
import { responseSchemas } from "./response-schemas";
import { createSessionBody } from "./session-schemas";
import { createSession, listSessions } from "./sessions";

// `/ai/sessions` itself (list, create): a router group of its own (lib/origin.ts OWN_PATHS), the
// path alone, not what is under it. Listing the caller's conversations is what an app does first,
// often on a cold isolate; this group builds two routes, not the AI router's every declaration
// and query schema (routes.ts; docs/performance.md "A cold request").

const tags = ["AI"];
/** As routes.ts: OAuth tokens with `execution:run` may call the AI endpoints (CONTRACT: Identity). */
const middleware = [authenticate({ oauthScope: "execution:run" }), requireEntitlement("ai"), rateLimit];

export const aiSessionListRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/sessions",
      tags,
      summary: "Create a conversation",
      security: bearerAuth,
      middleware,
      request: { body: jsonBody(z.lazy(createSessionBody)) },
      responses: {
        201: json(() => envelope(responseSchemas().sessionSchema), "Created"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => ok(c, await createSession(ctxOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/sessions",
      tags,
      summary: "The caller's conversations, newest first",
      security: bearerAuth,
      middleware,
      request: { query: cursorQuery() },
      responses: {
        200: json(() => pagedEnvelope(z.array(responseSchemas().sessionSchema), cursorMeta), "One page"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const { data, meta } = await listSessions(ctxOf(c), limit, cursor);
      return paged(c, data, meta);
    },
  );
