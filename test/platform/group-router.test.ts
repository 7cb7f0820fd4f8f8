import { describe, expect, it } from "vitest";
import { loadApp, loadGroupApp } from "../../src/app";
import { routerGroupOf } from "../../src/lib/origin";

/**
 * Each group's app routes with Hono's LinearRouter (src/http/router.ts `groupRouter`: no matcher
 * compiled on a cold isolate's first request). It refuses, at match time, a path with both a
 * parameter and a wildcard; and every route must still be found for its own path.
 */
describe("the group apps' router", () => {
  it("is LinearRouter, and finds every route of the app on a path of its own shape", async () => {
    const whole = await loadApp();
    const bothParamAndWildcard = whole.routes.filter((r) => r.path.includes(":") && r.path.includes("*"));
    expect(bothParamAndWildcard.map((r) => `${r.method} ${r.path}`)).toEqual([]);

    const unmatched: string[] = [];
    let checked = 0;
    for (const { method, path } of whole.routes) {
      if (method === "ALL" || path.includes("*")) continue;
      const concrete = path.replace(/:[A-Za-z_]+/g, "x1");
      const group = await loadGroupApp(routerGroupOf(concrete));
      expect(group.router.name).toBe("LinearRouter");
      const [handlers] = group.router.match(method, concrete);
      const found = handlers.some(([[, route]]) => (route as { path: string }).path === path);
      if (!found) unmatched.push(`${method} ${path}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
    expect(unmatched).toEqual([]);
  });
});
