import { createRoute, z } from "@hono/zod-openapi";
import { ok, paged } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, pagedEnvelope } from "../../http/openapi";
import { offsetPage } from "../../lib/pagination";
import { offsetMeta } from "../../lib/pagination-schemas";
import { createRouter } from "../../http/router";
import { authenticate } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import {
  archiveResultSchema,
  listNotificationsQuery,
  markAllReadResultSchema,
  notificationIdParams,
  notificationSchema,
  readResultSchema,
  unreadCountSchema,
} from "./schemas";
import { archive, listNotifications, markAllRead, markRead, unreadCount } from "./service";
import { ctxOf } from "../identity";

const tags = ["Notifications"];
const middleware = [authenticate(), rateLimit];

/** The caller's own notifications; nothing here takes a workspace or account identifier. */
export const notificationRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/notifications",
      tags,
      summary: "The caller's notifications, newest first (archived and expired ones excluded unless `status` asks)",
      security: bearerAuth,
      middleware,
      request: { query: listNotificationsQuery },
      responses: {
        200: json(pagedEnvelope(z.array(notificationSchema), offsetMeta), "One page of notifications"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const filter = c.req.valid("query");
      const { items, total } = await listNotifications(ctxOf(c), filter);
      return paged(c, items, offsetPage(filter.limit, filter.offset, total));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/notifications/unread-count",
      tags,
      summary: "How many unread, unexpired notifications the caller has",
      security: bearerAuth,
      middleware,
      responses: { 200: json(envelope(unreadCountSchema), "The unread count"), ...errors(401, 403, 429) },
    }),
    async (c) => ok(c, { count: await unreadCount(ctxOf(c)) }),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/notifications/{id}/read",
      tags,
      summary: "Mark one notification read (sets `readAt` once; no-op when already read)",
      security: bearerAuth,
      middleware,
      request: { params: notificationIdParams },
      responses: {
        200: json(envelope(readResultSchema), "Read (or already read)"),
        ...errors(401, 403, 404, 422, 429),
      },
    }),
    async (c) => ok(c, await markRead(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/notifications/mark-all-read",
      tags,
      summary: "Mark every unread notification that existed when the request arrived as read",
      security: bearerAuth,
      middleware,
      responses: { 200: json(envelope(markAllReadResultSchema), "All read"), ...errors(401, 403, 429) },
    }),
    async (c) => {
      const { status } = await markAllRead(ctxOf(c));
      return ok(c, { status });
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/notifications/{id}/archive",
      tags,
      summary: "Archive one notification (retained, hidden from the default listing; no-op when archived)",
      security: bearerAuth,
      middleware,
      request: { params: notificationIdParams },
      responses: { 200: json(envelope(archiveResultSchema), "Archived"), ...errors(401, 403, 404, 422, 429) },
    }),
    async (c) => ok(c, await archive(ctxOf(c), c.req.valid("param").id)),
  );
