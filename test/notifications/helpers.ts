import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDb } from "../../src/db/client";
import { notifications, type NotificationRow } from "../../src/db/schema";
import { notificationSchema, type Notification } from "../../src/domains/notifications/schemas";
import { expectShape, type TestUser } from "../helpers/api";
import { api, operator, type RequestBody, type RequestQuery } from "../helpers/client";

export const testDb = () => createDb(env.DB);

type NotificationRequest = RequestBody<"/api/v1/admin/notifications", "post">;

/** Sends a notification through the operator API, as the seed and other operators do. */
export async function send(userId: string, fields: Partial<NotificationRequest> = {}): Promise<Notification> {
  const res = await operator().POST("/api/v1/admin/notifications", {
    body: { userId, title: "Hello", body: "World", ...fields },
  });
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

type ListQuery = NonNullable<RequestQuery<"/api/v1/notifications", "get">>;

/** The caller's notifications (GET /notifications), with the document's query parameters. */
export const list = (user: TestUser, query: ListQuery = {}) =>
  api(user).GET("/api/v1/notifications", { params: { query } });
export const unreadCount = (user: TestUser) => api(user).GET("/api/v1/notifications/unread-count");
export const markRead = (user: TestUser, id: string) =>
  api(user).PATCH("/api/v1/notifications/{id}/read", { params: { path: { id } } });
export const archive = (user: TestUser, id: string) =>
  api(user).PATCH("/api/v1/notifications/{id}/archive", { params: { path: { id } } });
export const markAllRead = (user: TestUser) => api(user).POST("/api/v1/notifications/mark-all-read");
