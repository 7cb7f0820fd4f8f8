import { z } from "@hono/zod-openapi";
import { NOTIFICATION_PRIORITIES } from "../../db/schema/notifications";

// What notifying a user takes (`notify`, the door other domains call; the operator's body extends
// it in ./schemas.ts): a module of its own, so a router group that notifies (ai, billing) builds this
// schema only, not the notification routes' (docs/performance.md "A cold request").

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
