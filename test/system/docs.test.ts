import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { referenceDocument } from "../../clients/reference";
import { loadApp } from "../../src/app";

describe("GET /api/v1/docs", () => {
  it("renders the reference from the served document with a renderer this Worker serves itself", async () => {
    const page = await exports.default.fetch(new Request("http://localhost/api/v1/docs"));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/v1/openapi.json");
    expect(html).toContain('src="/api/v1/docs/scalar.js"');
    // Nothing from another host: every absolute URL in the page is this origin's.
    expect(html.match(/https?:\/\/[^\s"'<>)]+/g)?.filter((url) => !url.startsWith("http://localhost")) ?? []).toEqual(
      [],
    );

    // A static asset, served before the Worker runs (the browser test loads it through `wrangler dev`).
    const bundle = await env.ASSETS.fetch("http://localhost/api/v1/docs/scalar.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(bundle.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("serves the committed document, the one the routes generate, with the request's origin as its server", async () => {
    const url = "https://api.example.com/api/v1/openapi.json";
    const res = await exports.default.fetch(new Request(url));
    expect(res.status).toBe(200);
    // The tests' workerd resolves the real generator (the Worker's bundle has none: wrangler.toml).
    const whole = await loadApp();
    expect(await res.json()).toEqual(await referenceDocument("https://api.example.com"));
    // The same answer the whole app gives (its middleware's headers), from a group app with no routers.
    const fromWhole = await whole.request(url, {}, env);
    const names = (response: Response) => [...response.headers.keys()].sort();
    expect(names(res)).toEqual(names(fromWhole));
    expect(res.headers.get("Content-Type")).toBe(fromWhole.headers.get("Content-Type"));
    expect(res.headers.get("Cache-Control")).toBe(fromWhole.headers.get("Cache-Control"));
  });
});
