import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { publicOrigin, publishStatus } from "../../src/domains/status/publisher";
import { uniqueSlug } from "../helpers/status";

/** Issue 10, point 2: the projection's links come from configuration, never from a request's Host. */
describe("public status links", () => {
  it("an operator write sent with a forged Host does not move any public link", async () => {
    const slug = uniqueSlug();
    const write = await exports.default.fetch(
      new Request("http://attacker.example/api/v1/admin/status/services", {
        method: "POST",
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ slug, name: `Service ${slug}`, description: "", sortOrder: 10 }),
      }),
    );
    expect(write.status).toBe(201);
    for (const path of ["/api/v2/summary.json", "/status/feed.atom", "/status", "/api/v1/status"]) {
      const body = await (await exports.default.fetch(new Request(`http://localhost${path}`))).text();
      expect(body, path).not.toContain("attacker.example");
    }
    // Unconfigured (local development), links are relative: right on whatever port serves them.
    const summary = await (
      await exports.default.fetch(new Request("http://localhost/api/v2/summary.json"))
    ).json<any>();
    expect(summary.page.url).toBe("/status");
  });

  it("links follow ISSUER, else the origin of STATUS_URL", async () => {
    expect(publicOrigin({ ISSUER: "https://api.example.com/", STATUS_URL: "https://status.example.com/v1" })).toBe(
      "https://api.example.com",
    );
    expect(publicOrigin({ ISSUER: "", STATUS_URL: "https://status.example.com/v1" })).toBe(
      "https://status.example.com",
    );
    expect(publicOrigin({ ISSUER: "", STATUS_URL: "" })).toBe("");

    const configured = { ...env, ISSUER: "https://api.example.com" } as Env;
    await publishStatus(configured, createDb(env.DB));
    const summary = await (
      await exports.default.fetch(new Request("http://localhost/api/v2/summary.json"))
    ).json<any>();
    expect(summary.page.url).toBe("https://api.example.com/status");
    await publishStatus(env, createDb(env.DB));
  });
});
