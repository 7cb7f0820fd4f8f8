import { z } from "@hono/zod-openapi";
import { NOTIFICATION_PRIORITIES, NOTIFICATION_STATUSES } from "../../db/schema/notifications";
import { isoDate } from "../../http/openapi";
import { offsetQuery } from "../../lib/pagination-schemas";
import { notificationInput } from "./input";

export { notificationInput, type NotificationInput } from "./input";

export const notificationSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    body: z.string(),
    icon: z.string().nullable().openapi({ description: "Icon identifier" }),
    actionUrl: z.string().nullable().openapi({ description: "Deep link" }),
    category: z.string().openapi({ example: "productivity" }),
    priority: z.enum(NOTIFICATION_PRIORITIES),
    status: z.enum(NOTIFICATION_STATUSES),
    readAt: isoDate().nullable(),
    expiresAt: isoDate().nullable(),
    createdAt: isoDate(),
  })
  .openapi("Notification");

export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuery = offsetQuery().extend({
  status: z.enum(NOTIFICATION_STATUSES).optional().openapi({
    description: "Only this status. Without it: unread and read (archived excluded). Expired ones are never listed.",
  }),
});

export type ListFilter = z.infer<typeof listNotificationsQuery>;

/**
 * The notification `:id`. Deliberately any string here: a value that is not a UUID is the spec's
 * 422, which the handler raises, not the validation hook's 400.
 */
export const notificationIdParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }),
});

export const unreadCountSchema = z.object({ count: z.number().int().min(0) }).openapi("UnreadCount");
/** Reading an archived notification records `readAt` but keeps it archived (see docs/notifications.md). */
export const readResultSchema = z.object({ status: z.literal("read") }).openapi("NotificationReadResult");
export const archiveResultSchema = z.object({ status: z.literal("archived") }).openapi("NotificationArchiveResult");
export const markAllReadResultSchema = z
  .object({ status: z.literal("all_read") })
  .openapi("NotificationsAllReadResult");

export const adminCreateNotificationBody = notificationInput
  .extend({ userId: z.uuid() })
  .openapi("CreateNotificationRequest", {
    example: {
      userId: "7d0b8f8e-2f7a-4c8e-9a51-0c3c5e4b9f10",
      title: "Your weekly summary is ready",
      body: "You ran 12 AI sessions this week.",
      icon: "chart",
      actionUrl: "/usage",
      category: "productivity",
      priority: "low",
    },
  });
