import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDb } from "../../src/db/client";
import { notifications, type NotificationRow } from "../../src/db/schema";
import { notificationSchema, type Notification } from "../../src/domains/notifications/schemas";
import { admin, expectShape } from "../helpers/api";

export const testDb = () => createDb(env.DB);

/** Sends a notification through the operator API, as the seed and other operators do. */
export async function send(userId: string, fields: Record<string, unknown> = {}): Promise<Notification> {
  const res = await admin("POST", "/admin/notifications", { userId, title: "Hello", body: "World", ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return expectShape(notificationSchema, res.body.data);
}

/**
 * Writes a row directly, for states the API cannot produce on demand (already expired, created
 * at a chosen instant). Defaults describe a fresh unread notification.
 */
export async function insertRow(userId: string, fields: Partial<NotificationRow> = {}): Promise<NotificationRow> {
  const row: NotificationRow = {
    id: crypto.randomUUID(),
    userId,
    title: "Direct",
    body: "Inserted by the test",
    icon: null,
    actionUrl: null,
    category: "system",
    priority: "normal",
    status: "unread",
    readAt: null,
    expiresAt: null,
    createdAt: new Date().toISOString(),
    ...fields,
  };
  await testDb().insert(notifications).values(row);
  return row;
}

export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
