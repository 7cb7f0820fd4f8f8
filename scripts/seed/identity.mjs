import { answer, apiClient } from "../lib/client.mjs";

export const DEMO_USER = {
  email: "demo@example.com",
  password: "demo-password-123",
  name: "Demo User",
  username: "demo",
};
export const DEMO_ENTITLEMENTS = ["ai", "connectors", "provider:demo", "provider:openai", "provider:workers-ai"];

/** The demo user on plan business with every entitlement; safe to run again. */
export async function seed({ origin, adminToken }) {
  const admin = apiClient(origin, adminToken);
  const created = await answer(admin.POST("/api/v1/admin/users", { body: { ...DEMO_USER, plan: "business" } }));
  if (created.status !== 201 && created.status !== 409)
    throw new Error(`seeding the demo user failed: ${JSON.stringify(created.body)}`);
  const login = await answer(
    apiClient(origin).POST("/api/v1/auth/login", { body: { email: DEMO_USER.email, password: DEMO_USER.password } }),
  );
  if (login.status !== 200) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
  const userId = login.body.data.user.id;
  const account = await answer(
    admin.PATCH("/api/v1/admin/users/{userId}/account", {
      params: { path: { userId } },
      body: { plan: "business", entitlements: DEMO_ENTITLEMENTS },
    }),
  );
  if (account.status !== 200) throw new Error(`demo account update failed: ${JSON.stringify(account.body)}`);
}
