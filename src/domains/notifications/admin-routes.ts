import { createRoute } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { adminAuth, envelope, errors, json, jsonBody } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { adminCreateNotificationBody, notificationSchema } from "./schemas";
import { notify } from "./service";
import { requestCtxOf } from "../identity";

/** Operator API: notify any user (CONTRACT.md). Not rate limited, like the rest of /admin. */
export const notificationAdminRoutes = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/admin/notifications",
    tags: ["Operator"],
    summary: "Send a notification to a user",
    security: adminAuth,
    request: { body: jsonBody(adminCreateNotificationBody) },
    responses: { 201: json(envelope(notificationSchema), "Created"), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const { userId, ...input } = c.req.valid("json");
    return ok(c, await notify(requestCtxOf(c), userId, input), 201);
  },
);
