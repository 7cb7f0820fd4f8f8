import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono/validator";
import type { AppEnv } from "../../env";
import { ok, paged } from "../../http/envelope";
import { readCursorQuery } from "../../lib/pagination";
import { authenticate, requireEntitlement } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { ctxOf } from "../identity";
import { createSession, listSessions } from "./sessions";

// `/ai/sessions` itself (list, create): a router group of its own (lib/origin.ts OWN_PATHS), the
// path alone, not what is under it. Listing the caller's conversations is what an app does first,
// often on a cold isolate, so this group loads no zod: a plain Hono router whose list reads its
// query by hand, and whose create body is checked by its zod schema loaded on the first create
// (session-create-body.ts). route-docs.ts describes both routes for the OpenAPI document.

/** As routes.ts: OAuth tokens with `execution:run` may call the AI endpoints (CONTRACT: Identity). */
const middleware = [authenticate({ oauthScope: "execution:run" }), requireEntitlement("ai"), rateLimit] as const;

export const aiSessionListRoutes = new Hono<AppEnv>()
  .post(
    "/ai/sessions",
    ...middleware,
    validator("json", async (body, c) => {
      // A JSON body route's answer to a bodiless request that names another type (requireJsonBody
      // checks those with a body), as @hono/zod-openapi's routes give it.
      const type = c.req.header("Content-Type");
      if (type && !/^application\/([\w.-]+\+)?json/i.test(type)) {
        throw new HTTPException(415, { message: "Unsupported Media Type" });
      }
      return (await import("./session-create-body")).createSessionInput(body);
    }),
    async (c) => ok(c, await createSession(ctxOf(c), c.req.valid("json")), 201),
  )
  .get(
    "/ai/sessions",
    ...middleware,
    validator("query", (query) => readCursorQuery(query)),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const { data, meta } = await listSessions(ctxOf(c), limit, cursor);
      return paged(c, data, meta);
    },
  );
