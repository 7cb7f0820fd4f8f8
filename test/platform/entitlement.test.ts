import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadApp } from "../../src/app";
import { ok } from "../../src/http/envelope";
import { authenticate, requireEntitlement } from "../../src/middleware/auth";
import { BASE, admin, createUser } from "../helpers/api";

/** A throw-away route behind the real middleware, so the guard is tested apart from any domain. */
async function appWithGuardedRoute() {
  const app = await loadApp();
  app.get(
    `${BASE.replace("http://localhost", "")}/__guarded`,
    authenticate(),
    requireEntitlement("provider:openai"),
    (c) => ok(c, { workspace: c.var.auth.workspace.id }),
  );
  return app;
}

describe("entitlement guard", () => {
  it("403 forbidden without the entitlement, 200 once the operator grants it", async () => {
    const user = await createUser();
    const app = await appWithGuardedRoute();
    const request = () =>
      app.fetch(new Request(`${BASE}/__guarded`, { headers: { Authorization: `Bearer ${user.accessToken}` } }), env);
    const denied = await request();
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: "forbidden" } });

    await admin("PATCH", `/admin/users/${user.id}/account`, { entitlements: ["ai", "connectors", "provider:openai"] });
    const allowed = await request();
    expect(allowed.status).toBe(200);
  });
});
