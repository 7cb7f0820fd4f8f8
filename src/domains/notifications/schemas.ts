import { z } from "@hono/zod-openapi";
import { NOTIFICATION_PRIORITIES, NOTIFICATION_STATUSES } from "../../db/schema/notifications";
import { isoDate } from "../../http/openapi";
import { offsetQuery } from "../../lib/pagination";

/** Field bounds: generous for real copy, small enough that a list page stays a few kilobytes. */
const TITLE_MAX = 200;
const BODY_MAX = 2_000;
const ICON_MAX = 100;
const ACTION_URL_MAX = 2_048;

/**
 * A deep link is an absolute `https://` URL or an in-app path: one `/` followed by a character that
 * is neither `/` nor `\` (browsers read `//host` and `/\host` as another host: an open redirect).
 * Nothing else: `https:evil.example` parses as a URL but is not written as one; app schemes and
 * schemes that execute code (`javascript:`, `data:`) are refused. No whitespace, control
 * characters or backslashes anywhere.
 */
const IN_APP_PATH = /^\/[^/\\]/;
const isDeepLink = (value: string) => {
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith("/")) return IN_APP_PATH.test(value);
  return value.startsWith("https://") && URL.canParse(value) && new URL(value).hostname !== "";
};

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

/** What a domain (or the operator) supplies to notify a user; the rest is defaulted. */
export const notificationInput = z.strictObject({
  title: z.string().trim().min(1).max(TITLE_MAX),
  body: z.string().trim().min(1).max(BODY_MAX),
  icon: z.string().trim().min(1).max(ICON_MAX).nullish(),
  actionUrl: z
    .string()
    .trim()
    .max(ACTION_URL_MAX)
    .refine(isDeepLink, "must be an absolute https:// URL or a path starting with a single /")
    .nullish(),
  category: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,49}$/, "must be a lower-case identifier (a-z, 0-9, _ or -), at most 50 characters")
    .default("system"),
  priority: z.enum(NOTIFICATION_PRIORITIES).default("normal"),
  expiresAt: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value).toISOString())
    .refine((value) => value > new Date().toISOString(), "must be in the future")
    .nullish(),
});

export type NotificationInput = z.input<typeof notificationInput>;

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
