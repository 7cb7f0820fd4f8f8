import { z } from "@hono/zod-openapi";
import { NOTIFICATION_PRIORITIES, NOTIFICATION_STATUSES } from "../../db/schema/notifications";
import { isoDate } from "../../http/openapi";
import { offsetQuery } from "../../lib/pagination";

/** Field bounds: generous for real copy, small enough that a list page stays a few kilobytes. */
const TITLE_MAX = 200;
const BODY_MAX = 2_000;
const ICON_MAX = 100;
const ACTION_URL_MAX = 2_048;

/** Schemes a client would execute or read locally instead of navigating to: never a deep link. */
const UNSAFE_SCHEMES = new Set(["javascript", "data", "vbscript", "file", "blob"]);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A deep link is an absolute URL (https, or an app scheme such as `myapp://`) or an in-app path
 * starting with one `/`. Schemes that execute code in a client (`javascript:`, `data:`) are refused.
 */
const isDeepLink = (value: string) => {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && !UNSAFE_SCHEMES.has(scheme) && URL.canParse(value);
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
  status: z
    .enum(NOTIFICATION_STATUSES)
    .optional()
    .openapi({ description: "Only this status. Without it: unread and read (archived excluded). Expired ones are never listed." }),
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
export const readResultSchema = z.object({ status: z.enum(["read", "archived"]) }).openapi("NotificationReadResult");
export const archiveResultSchema = z.object({ status: z.literal("archived") }).openapi("NotificationArchiveResult");
export const markAllReadResultSchema = z.object({ status: z.literal("all_read") }).openapi("NotificationsAllReadResult");

/** What a domain (or the operator) supplies to notify a user; the rest is defaulted. */
export const notificationInput = z.strictObject({
  title: z.string().trim().min(1).max(TITLE_MAX),
  body: z.string().trim().min(1).max(BODY_MAX),
  icon: z.string().trim().min(1).max(ICON_MAX).nullish(),
  actionUrl: z
    .string()
    .trim()
    .max(ACTION_URL_MAX)
    .refine(isDeepLink, "must be an absolute URL with a navigable scheme or a path starting with /")
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
  .extend({ userId: z.uuid({ message: "must be a UUID" }) })
  .openapi("CreateNotificationRequest");
