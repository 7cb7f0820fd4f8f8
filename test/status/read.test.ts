import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { loadApp } from "../../src/app";
import { sha1Hex } from "../../src/lib/crypto";
import { statusResources } from "../../src/domains/status/schemas";
import { admin, call, expectError, expectFieldError, expectShape } from "../helpers/api";
import { api } from "../helpers/client";
import { HOUR, createIncident, createService, uniqueSlug } from "../helpers/status";

const {
  incidentSchema,
  maintenanceSchema,
  serviceDetailSchema,
  serviceSchema,
  summarySchema,
  componentSchema,
  uptimeRollupSchema,
} = statusResources();

const CACHE = "public, max-age=30, stale-while-revalidate=300";
const raw = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`http://localhost${path}`, { headers }));

describe("status read path: caching headers and conditional requests", () => {
  it("answers with Cache-Control, an ETag that is the SHA-1 of the body, and Last-Modified", async () => {
    await createService();
    const res = await raw("/api/v1/status");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(res.headers.get("Cache-Control")).toBe(CACHE);
    expect(res.headers.get("ETag")).toBe(`"${await sha1Hex(body)}"`);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const lastModified = res.headers.get("Last-Modified")!;
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
    const summary = expectShape(summarySchema, JSON.parse(body).data);
    expect(Math.floor(Date.parse(summary.lastCheckedAt) / 1000)).toBe(Date.parse(lastModified) / 1000);
  });

  it("answers 304 for a matching If-None-Match: exact, weak, in a list, or *", async () => {
    await createService();
    const first = await raw("/api/v1/status/services");
    const etag = first.headers.get("ETag")!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const res = await raw("/api/v1/status/services", { "If-None-Match": header });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe(CACHE);
      expect(res.headers.get("Last-Modified")).toBe(first.headers.get("Last-Modified"));
    }
    expect((await raw("/api/v1/status/services", { "If-None-Match": '"something-else"' })).status).toBe(200);
  });

  it("answers 304 for If-Modified-Since at or after Last-Modified; If-None-Match takes precedence", async () => {
    await createService();
    const first = await raw("/api/v1/status/services");
    const lastModified = first.headers.get("Last-Modified")!;
    expect((await raw("/api/v1/status/services", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect(
      (
        await raw("/api/v1/status/services", {
          "If-Modified-Since": new Date(Date.parse(lastModified) + 60_000).toUTCString(),
        })
      ).status,
    ).toBe(304);
    expect(
      (
        await raw("/api/v1/status/services", {
          "If-Modified-Since": new Date(Date.parse(lastModified) - 1000).toUTCString(),
        })
      ).status,
    ).toBe(200);
    expect((await raw("/api/v1/status/services", { "If-Modified-Since": "garbage" })).status).toBe(200);
    expect(
      (await raw("/api/v1/status/services", { "If-Modified-Since": lastModified, "If-None-Match": '"other"' })).status,
    ).toBe(200);
  });

  it("a new write changes the ETag, so an old validator gets the new body", async () => {
    const service = await createService();
    const before = await raw(`/api/v1/status/services/${service.slug}`);
    await admin("PATCH", `/admin/status/services/${service.slug}`, { description: "Now described" });
    const after = await raw(`/api/v1/status/services/${service.slug}`, {
      "If-None-Match": before.headers.get("ETag")!,
    });
    expect(after.status).toBe(200);
    expect((await after.json<any>()).data.service.description).toBe("Now described");
  });

  it("is open to any origin for GETs, preflight included", async () => {
    const res = await raw("/api/v1/status", { Origin: "https://example.org" });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Expose-Headers")).toMatch(/ETag/);
    const preflight = await exports.default.fetch(
      new Request("http://localhost/api/v1/status/incidents", {
        method: "OPTIONS",
        headers: {
          Origin: "https://example.org",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "if-none-match",
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toMatch(/If-None-Match/i);
  });

  it("touches neither D1 nor a Durable Object", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug] });
    const forbidden = (name: string) =>
      new Proxy(
        {},
        {
          get: (_target, property) =>
            property === "then"
              ? undefined
              : () => {
                  throw new Error(`${name}.${String(property)} used on the read path`);
                },
        },
      );
    const isolated = {
      ...env,
      DB: forbidden("DB"),
      RATE_LIMITER: forbidden("RATE_LIMITER"),
      MESSAGE_RUN: forbidden("MESSAGE_RUN"),
    } as unknown as Env;
    const app = await loadApp();
    const paths = [
      "/api/v1/status",
      "/api/v1/status/services",
      `/api/v1/status/services/${service.slug}`,
      "/api/v1/status/components",
      `/api/v1/status/components?serviceSlug=${service.slug}`,
      "/api/v1/status/incidents",
      "/api/v1/status/incidents?offset=1&limit=5",
      `/api/v1/status/incidents/${incident.id}`,
      "/api/v1/status/maintenance",
      "/api/v1/status/uptime/7d",
      "/status",
      "/status/feed.atom",
      "/status/badge.svg",
      "/api/v2/summary.json",
      "/api/v2/status.json",
    ];
    for (const path of paths) {
      const res = await app.fetch(new Request(`http://localhost${path}`), isolated, {
        waitUntil() {},
        passThroughOnException() {},
        props: {},
      } as unknown as ExecutionContext);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    }
  });
});

describe("status read path: resources", () => {
  it("lists public services by sort_order and hides non-public ones everywhere", async () => {
    const late = await createService({ sortOrder: 900_001, name: "Late" });
    const early = await createService({ sortOrder: 900_000, name: "Early" });
    const hidden = await createService({ isPublic: false });
    await createIncident({ serviceSlugs: [hidden.slug], title: "Hidden trouble" });
    const services = (await api().GET("/api/v1/status/services")).body.data;
    services.forEach((s: unknown) => expectShape(serviceSchema, s));
    const slugs = services.map((s: { slug: string }) => s.slug);
    expect(slugs.indexOf(early.slug)).toBeLessThan(slugs.indexOf(late.slug));
    expect(slugs).not.toContain(hidden.slug);
    const orders = services.map((s: { sort_order: number }) => s.sort_order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expectError(
      await api().GET("/api/v1/status/services/{slug}", { params: { path: { slug: hidden.slug } } }),
      404,
      "not_found",
    );
    const feed = (await api().GET("/api/v1/status/incidents", { params: { query: { limit: 100 } } })).body.data;
    expect(feed.map((i: { title: string }) => i.title)).not.toContain("Hidden trouble");
  });

  it("serves a service with its components, incidents, maintenance and uptime", async () => {
    const service = await createService();
    await admin("POST", "/admin/status/components", {
      slug: uniqueSlug("cmp"),
      name: "Queue",
      serviceSlug: service.slug,
      status: "degraded_performance",
    });
    await createIncident({ serviceSlugs: [service.slug], impact: "partial" });
    const start = new Date(Date.now() + HOUR).toISOString();
    await admin("POST", "/admin/status/maintenance", {
      title: "Upgrade",
      serviceSlug: service.slug,
      startsAt: start,
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const res = await api().GET("/api/v1/status/services/{slug}", { params: { path: { slug: service.slug } } });
    expect(res.status).toBe(200);
    const detail = expectShape(serviceDetailSchema, res.body.data);
    expect(detail.service).toMatchObject({
      slug: service.slug,
      current_status: "partial_outage",
      indicator: "major",
      payload: { openIncidents: 1, activeMaintenance: false },
    });
    expect(detail.components).toHaveLength(1);
    expect(detail.incidents).toHaveLength(1);
    expect(detail.maintenance).toHaveLength(1);
    expect(Object.keys(detail.uptime)).toEqual(["24h", "7d", "30d", "90d", "1y"]);
    expectError(
      await api().GET("/api/v1/status/services/{slug}", { params: { path: { slug: uniqueSlug() } } }),
      404,
      "not_found",
    );
    // Something that cannot be a slug (too long for a KV key, even) is simply absent.
    expectError(
      await api().GET("/api/v1/status/services/{slug}", { params: { path: { slug: "a".repeat(600) } } }),
      404,
      "not_found",
    );
    expectError(
      await api().GET("/api/v1/status/services/{slug}", { params: { path: { slug: "Not A Slug" } } }),
      404,
      "not_found",
    );
  });

  it("filters components by serviceSlug; an unknown one matches nothing", async () => {
    const service = await createService();
    const slug = uniqueSlug("cmp");
    await admin("POST", "/admin/status/components", { slug, name: "Cache", serviceSlug: service.slug });
    const filtered = await api().GET("/api/v1/status/components", { params: { query: { serviceSlug: service.slug } } });
    expect(filtered.body.data.map((c: { slug: string }) => c.slug)).toEqual([slug]);
    filtered.body.data.forEach((c: unknown) => expectShape(componentSchema, c));
    const all = await api().GET("/api/v1/status/components");
    expect(all.body.data.map((c: { slug: string }) => c.slug)).toContain(slug);
    const none = await api().GET("/api/v1/status/components", { params: { query: { serviceSlug: uniqueSlug() } } });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [] });
    expect(none.headers.get("ETag")).toBe(`"${await sha1Hex('{"data":[]}')}"`);
    const impossible = await api().GET("/api/v1/status/components", {
      params: { query: { serviceSlug: "a".repeat(600) } },
    });
    expect(impossible.status).toBe(200);
    expect(impossible.body).toEqual({ data: [] });
  });

  it("pages the incident feed newest first with total, limit and offset", async () => {
    const service = await createService();
    for (let k = 0; k < 3; k++)
      await createIncident({
        serviceSlugs: [service.slug],
        title: `Feed ${k}`,
        status: "resolved",
        startedAt: new Date(Date.now() - (k + 1) * 60_000).toISOString(),
      });
    const first = await api().GET("/api/v1/status/incidents");
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({
      total: expect.any(Number),
      limit: 20,
      offset: 0,
      hasNextPage: first.body.meta.total > 20,
    });
    const starts = first.body.data.map((i: { started_at: string }) => i.started_at);
    expect([...starts].sort().reverse()).toEqual(starts);
    first.body.data.forEach((i: unknown) => expectShape(incidentSchema, i));
    const page = await api().GET("/api/v1/status/incidents", { params: { query: { offset: 1, limit: 2 } } });
    expect(page.body.meta).toMatchObject({
      limit: 2,
      offset: 1,
      total: first.body.meta.total,
      hasNextPage: first.body.meta.total > 3,
    });
    expect(page.body.data.map((i: { id: string }) => i.id)).toEqual(
      first.body.data.slice(1, 3).map((i: { id: string }) => i.id),
    );
    expect(page.headers.get("ETag")).toBe(`"${await sha1Hex(JSON.stringify(page.body))}"`);
    const max = await api().GET("/api/v1/status/incidents", { params: { query: { limit: 100 } } });
    expect(max.status).toBe(200);
    expectFieldError(await call("GET", "/status/incidents?limit=101"), "limit");
    expectFieldError(await call("GET", "/status/incidents?limit=0"), "limit");
    expectFieldError(await call("GET", "/status/incidents?offset=-1"), "offset");
  });

  it("filters the incident feed by serviceSlug, paging the filtered list", async () => {
    const [a, b] = [await createService(), await createService()];
    const ofA = [];
    for (let k = 0; k < 3; k++)
      ofA.push(
        await createIncident({
          serviceSlugs: [a.slug],
          title: `A ${k}`,
          startedAt: new Date(Date.now() - (k + 1) * 60_000).toISOString(),
        }),
      );
    const both = await createIncident({ serviceSlugs: [a.slug, b.slug], title: "Both" });
    await createIncident({ serviceSlugs: [b.slug], title: "B only" });
    const filtered = await api().GET("/api/v1/status/incidents", { params: { query: { serviceSlug: a.slug } } });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((i: { id: string }) => i.id)).toEqual([both.id, ...ofA.map((i) => i.id)]);
    expect(filtered.body.meta).toEqual({ total: 4, limit: 20, offset: 0, hasNextPage: false });
    const page = await api().GET("/api/v1/status/incidents", {
      params: { query: { serviceSlug: a.slug, offset: 1, limit: 2 } },
    });
    expect(page.body.data.map((i: { id: string }) => i.id)).toEqual([ofA[0]!.id, ofA[1]!.id]);
    expect(page.body.meta).toEqual({ total: 4, limit: 2, offset: 1, hasNextPage: true });
    const none = await api().GET("/api/v1/status/incidents", { params: { query: { serviceSlug: uniqueSlug() } } });
    expect(none.body).toEqual({ data: [], meta: { total: 0, limit: 20, offset: 0, hasNextPage: false } });
  });

  it("serves one incident with its timeline; an absent or malformed id is a cacheable 404 not_found", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug] });
    await admin("POST", `/admin/status/incidents/${incident.id}/updates`, {
      status: "identified",
      message: "Cause found",
      authorName: "Ops",
    });
    const res = await api().GET("/api/v1/status/incidents/{id}", { params: { path: { id: incident.id } } });
    expect(expectShape(incidentSchema, res.body.data).updates.map((u) => u.message)).toEqual(["Cause found"]);
    expect(
      (await api().GET("/api/v1/status/incidents/{id}", { params: { path: { id: incident.id.toUpperCase() } } })).body
        .data.id,
    ).toBe(incident.id);
    const summary = await api().GET("/api/v1/status");
    for (const id of ["00000000-0000-4000-8000-000000000001", "not-a-uuid"]) {
      const absent = await api().GET("/api/v1/status/incidents/{id}", { params: { path: { id: id } } });
      expectError(absent, 404, "not_found");
      // Every status response: the spec's Cache-Control, an ETag of the body, the projection's time.
      expect(absent.headers.get("Cache-Control")).toBe("public, max-age=30, stale-while-revalidate=300");
      expect(absent.headers.get("ETag")).toBe(`"${await sha1Hex(JSON.stringify(absent.body))}"`);
      expect(Date.parse(absent.headers.get("Last-Modified")!)).toBeGreaterThanOrEqual(
        Date.parse(summary.headers.get("Last-Modified")!),
      );
    }
  });

  it("lists upcoming and active maintenance only", async () => {
    const service = await createService();
    const soon = await admin("POST", "/admin/status/maintenance", {
      title: "Soon",
      serviceSlug: service.slug,
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const past = await admin("POST", "/admin/status/maintenance", {
      title: "Past",
      serviceSlug: service.slug,
      startsAt: new Date(Date.now() - 3 * HOUR).toISOString(),
      endsAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    });
    const ids = (await api().GET("/api/v1/status/maintenance")).body.data.map(
      (m: unknown) => expectShape(maintenanceSchema, m).id,
    );
    expect(ids).toContain(soon.body.data.id);
    expect(ids).not.toContain(past.body.data.id);
  });

  it("validates the uptime window and the snapshot date; an absent snapshot is 404 not_found", async () => {
    for (const window of ["24h", "7d", "30d", "90d", "1y"] as const)
      expectShape(
        uptimeRollupSchema,
        (await api().GET("/api/v1/status/uptime/{window}", { params: { path: { window } } })).body.data,
      );
    expectFieldError(await call("GET", "/status/uptime/2d"), "window");
    expectFieldError(await call("GET", "/status/snapshots/yesterday"), "date");
    expectFieldError(await call("GET", "/status/snapshots/2026-02-30"), "date", /calendar/);
    const absent = await api().GET("/api/v1/status/snapshots/{date}", { params: { path: { date: "1999-01-01" } } });
    expectError(absent, 404, "not_found");
  });

  it("never lets a CDN cache a server error", async () => {
    const failingKv = { getWithMetadata: () => Promise.reject(new Error("KV unavailable")) };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await (await loadApp()).fetch(
        new Request(`http://localhost/api/v1/status/incidents/${crypto.randomUUID()}`),
        { ...env, STATUS_KV: failingKv } as never,
      );
      expect(res.status).toBe(500);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("ETag")).toBeNull();
    } finally {
      logged.mockRestore();
    }
  });

  it("needs no authentication and ignores a bad token", async () => {
    expect((await api("garbage").GET("/api/v1/status")).status).toBe(200);
  });
});
