import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET /api/v1/docs", () => {
  it("renders the reference from the live document with a renderer this Worker serves itself", async () => {
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
