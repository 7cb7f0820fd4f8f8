import { describe, expect, it } from "vitest";
import { appForGroup, loadApp, loadGroupApp } from "../../src/app";
import { routerGroupOf } from "../../src/lib/origin";
import { call, expectError } from "../helpers/api";

/**
 * The Worker answers each request with the app of its path's router group (src/index.ts), built
 * from that group's routers only (app.ts GROUPS). A route left out of its group's list would
 * answer 404 in production while the whole app (what the OpenAPI document is made from) has it.
 */
describe("router groups", () => {
  it("every route of the whole app is in the app of its path's group", async () => {
    const whole = await loadApp();
    // The shared middleware every group app has (`use("*")` and the like).
    const shared = new Set((await loadGroupApp("/no-such-group")).routes.map((r) => `${r.method} ${r.path}`));
    const routes = whole.routes.filter((r) => !shared.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const { method, path } of routes) {
      const group = await loadGroupApp(routerGroupOf(path));
      if (!group.routes.some((r) => r.method === method && r.path === path)) missing.push(`${method} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it("the token endpoint's group builds the endpoints' router only, none of the flow's pages", async () => {
    const paths = (await loadGroupApp("/api/v1/oauth/token")).routes.map((r) => r.path);
    expect(paths).toContain("/api/v1/oauth/token");
    expect(paths.filter((path) => /\/oauth\/(authorize|login|consent)/.test(path))).toEqual([]);
  });

  it("the sessions list's group builds its two routes only; other methods there are 405 with Allow", async () => {
    const routes = (await loadGroupApp("/api/v1/ai/sessions")).routes.filter((r) => r.path.startsWith("/api/v1/ai"));
    expect([...new Set(routes.map((r) => `${r.method} ${r.path}`))].sort()).toEqual([
      "GET /api/v1/ai/sessions",
      "POST /api/v1/ai/sessions",
    ]);
    const res = await call("DELETE", "/ai/sessions");
    expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("names the group by the first segment under /api/v1, or from the root", () => {
    expect(routerGroupOf("/api/v1/ai/sessions/x/messages")).toBe("/api/v1/ai");
    // The sessions list is a group of its own, the path alone (lib/origin.ts OWN_PATHS).
    expect(routerGroupOf("/api/v1/ai/sessions")).toBe("/api/v1/ai/sessions");
    expect(routerGroupOf("/api/v1/ai/sessions/")).toBe("/api/v1/ai/sessions");
    expect(routerGroupOf("/api/v1/ai/sessions/x")).toBe("/api/v1/ai");
    expect(routerGroupOf("/api/v1/ai/sessionsx")).toBe("/api/v1/ai");
    // The OAuth endpoints clients call are groups of their own, without the flow's pages.
    expect(routerGroupOf("/api/v1/oauth/token")).toBe("/api/v1/oauth/token");
    expect(routerGroupOf("/api/v1/oauth/token/")).toBe("/api/v1/oauth/token");
    expect(routerGroupOf("/api/v1/oauth/userinfo")).toBe("/api/v1/oauth/userinfo");
    expect(routerGroupOf("/api/v1/oauth/authorize")).toBe("/api/v1/oauth");
    expect(routerGroupOf("/api/v1/oauth/tokens")).toBe("/api/v1/oauth");
    expect(routerGroupOf("/api/v1/openapi.json")).toBe("/api/v1/openapi.json");
    expect(routerGroupOf("/api/v2/summary.json")).toBe("/api");
    expect(routerGroupOf("/.well-known/oauth-authorization-server")).toBe("/.well-known");
    expect(routerGroupOf("/")).toBe("/");
    // The API's root is its own group (the index), not the site's `/api` (Statuspage v2 JSON).
    expect(routerGroupOf("/api/v1")).toBe("/api/v1/");
    expect(routerGroupOf("/api/v1/")).toBe("/api/v1/");
  });

  it("answers a path of no group, and an unknown path of a group, with the 404 envelope", async () => {
    for (const path of ["http://localhost/nowhere", "/api/v1/nowhere", "/api/v1/ai/nowhere"])
      expectError(await call("GET", path), 404, "not_found");
    // The operator API stays behind its token for any path under it, known or not.
    expectError(await call("GET", "/api/v1/admin/nowhere"), 401, "unauthorized");
  });

  it("keeps one app per group, and one for every path of no group (made-up paths cannot grow the cache)", async () => {
    expect(await appForGroup("/api/v1/ai")).toBe(await appForGroup("/api/v1/ai"));
    expect(await appForGroup("/made-up-1")).toBe(await appForGroup("/api/v1/made-up-2"));
    expect(await appForGroup("/__proto__")).toBe(await appForGroup("/made-up-1"));
    expect(await appForGroup("/made-up-1")).not.toBe(await appForGroup("/api/v1/ai"));
  });
});
