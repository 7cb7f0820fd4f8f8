import { answer, apiClient } from "../lib/client.mjs";
import { DEMO_USER } from "./identity.mjs";

/** A few notifications for the demo user, so the inbox is not empty on first look. */
export const DEMO_NOTIFICATIONS = [
  {
    title: "Welcome to the platform",
    body: "Connect a tool, start an AI session, or browse the status page to get going.",
    icon: "sparkles",
    actionUrl: "/getting-started",
    category: "system",
    priority: "normal",
  },
  {
    title: "Your weekly summary is ready",
    body: "You ran 12 AI sessions this week. Open the summary for token usage per session.",
    icon: "chart",
    actionUrl: "/usage",
    category: "productivity",
    priority: "low",
  },
  {
    title: "A connector needs attention",
    body: "We could not refresh the credentials of a connector. Reconnect it to keep its tools working.",
    icon: "plug",
    actionUrl: "/connectors",
    category: "connectors",
    priority: "high",
  },
];

/** Creates whichever demo notifications the demo user does not have yet (by title); safe to run again. */
export async function seed({ origin, adminToken }) {
  const login = await answer(
    apiClient(origin).POST("/api/v1/auth/login", { body: { email: DEMO_USER.email, password: DEMO_USER.password } }),
  );
  if (login.status !== 200) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
  const { user, accessToken } = login.body.data;

  const existing = new Set();
  // Default listing (unread and read) and archived ones: a notification the demo user archived stays archived.
  const demo = apiClient(origin, accessToken);
  for (const status of [undefined, "archived"]) {
    const list = await answer(demo.GET("/api/v1/notifications", { params: { query: { limit: 50, status } } }));
    if (list.status !== 200) throw new Error(`listing demo notifications failed: ${JSON.stringify(list.body)}`);
    for (const n of list.body.data) existing.add(n.title);
  }
  const admin = apiClient(origin, adminToken);
  for (const notification of DEMO_NOTIFICATIONS.filter((n) => !existing.has(n.title))) {
    const created = await answer(
      admin.POST("/api/v1/admin/notifications", { body: { userId: user.id, ...notification } }),
    );
    if (created.status !== 201) throw new Error(`seeding a demo notification failed: ${JSON.stringify(created.body)}`);
  }
}
