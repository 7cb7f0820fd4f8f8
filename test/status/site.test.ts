import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin } from "../helpers/api";
import { HOUR, createIncident, createService } from "../helpers/status";

const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://localhost${path}`, { headers }));
const CACHE = "public, max-age=30, stale-while-revalidate=300";

describe("status for people and tools", () => {
  it("serves the HTML status page with services, 90 uptime bars each, open incidents and maintenance", async () => {
    const service = await createService({ name: "Billing <API>" });
    const incident = await createIncident({
      serviceSlugs: [service.slug],
      title: "Card payments failing",
      impact: "partial",
    });
    await admin("POST", `/admin/status/incidents/${incident.id}/updates`, {
      status: "identified",
      message: "Provider outage",
      authorName: "Ops",
    });
    await admin("POST", "/admin/status/maintenance", {
      title: "Ledger migration",
      serviceSlug: service.slug,
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const res = await get("/status");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe(CACHE);
    const html = await res.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("Billing &lt;API&gt;");
    const bars = html.match(new RegExp(`data-uptime-bars="${service.slug}"[\\s\\S]*?</svg>`))![0];
    expect(bars.match(/<rect /g)).toHaveLength(90);
    expect(html).toContain("Card payments failing");
    expect(html).toContain("Provider outage");
    expect(html).toContain("Ledger migration");
    expect((await get("/status", { "If-None-Match": res.headers.get("ETag")! })).status).toBe(304);
  });

  it("serves an Atom feed of incident updates", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug], title: "Feed & friends" });
    await admin("POST", `/admin/status/incidents/${incident.id}/updates`, {
      status: "monitoring",
      message: "Watching <closely>",
      authorName: "Ops",
    });
    const res = await get("/status/feed.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/atom\+xml/);
    expect(res.headers.get("ETag")).toBeTruthy();
    const xml = await res.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(`<id>urn:uuid:${incident.id}</id>`);
    expect(xml).toContain("Feed &amp; friends: monitoring");
    expect(xml).toContain("Watching &lt;closely&gt;");
  });

  it("serves an SVG badge of the overall status", async () => {
    await createService();
    const res = await get("/status/badge.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toBe(CACHE);
    expect(await res.text()).toMatch(
      /^<svg[\s\S]*status: (operational|degraded|partial outage|major outage|maintenance)/,
    );
  });

  it("serves Statuspage v2 compatible summary.json and status.json", async () => {
    const service = await createService({ name: "Search" });
    await admin("POST", "/admin/status/components", {
      slug: `${service.slug}-idx`,
      name: "Indexer",
      serviceSlug: service.slug,
      status: "maintenance",
    });
    const incident = await createIncident({ serviceSlugs: [service.slug], impact: "major", title: "Search down" });
    const summary = await (await get("/api/v2/summary.json")).json<any>();
    expect(summary.page).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      url: "/status",
      time_zone: "Etc/UTC",
    });
    expect(["none", "minor", "major", "critical", "maintenance"]).toContain(summary.status.indicator);
    expect(summary.status.description).toEqual(expect.any(String));
    const group = summary.components.find((c: { id: string }) => c.id === service.id);
    expect(group).toMatchObject({ name: "Search", status: "major_outage", group: true, group_id: null });
    const child = summary.components.find((c: { group_id: string | null; name: string }) => c.group_id === service.id);
    expect(child).toMatchObject({ name: "Indexer", status: "under_maintenance", group: false });
    expect(group.components).toEqual([child.id]);
    const open = summary.incidents.find((i: { id: string }) => i.id === incident.id);
    expect(open).toMatchObject({
      name: "Search down",
      status: "investigating",
      impact: "critical",
      resolved_at: null,
      incident_updates: [],
    });
    expect(Array.isArray(summary.scheduled_maintenances)).toBe(true);
    const status = await get("/api/v2/status.json");
    expect(status.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = await status.json<any>();
    expect(Object.keys(body).sort()).toEqual(["page", "status"]);
    expect(body.status).toEqual(summary.status);
  });
});
