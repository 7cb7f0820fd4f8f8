import { describe, expect, it } from "vitest";
import { admin, call, createUser, expectError, expectFieldError, expectShape } from "../helpers/api";
import { DAY, HOUR, createIncident, createService, isoAgo, uniqueSlug } from "../helpers/status";
import { statusResources } from "../../src/domains/status/schemas";

const { componentSchema, incidentSchema, maintenanceSchema, serviceSchema } = statusResources();

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describe("operator status API: authentication", () => {
  const endpoints: [string, string][] = [
    ["POST", "/admin/status/services"],
    ["PATCH", "/admin/status/services/x"],
    ["POST", "/admin/status/components"],
    ["PATCH", "/admin/status/components/x"],
    ["POST", "/admin/status/incidents"],
    ["PATCH", `/admin/status/incidents/${UNKNOWN_ID}`],
    ["POST", `/admin/status/incidents/${UNKNOWN_ID}/updates`],
    ["POST", "/admin/status/maintenance"],
    ["PATCH", `/admin/status/maintenance/${UNKNOWN_ID}`],
  ];

  it("answers 401 without a token, with a wrong one, and with a user's access token", async () => {
    const user = await createUser();
    for (const [method, path] of endpoints) {
      expectError(await call(method, path, { body: {} }), 401, "unauthorized");
      expectError(await call(method, path, { body: {}, token: "not-the-admin-token" }), 401, "unauthorized");
      expectError(await call(method, path, { body: {}, token: user.accessToken }), 401, "unauthorized");
    }
  });
});

describe("operator status API: services", () => {
  it("creates a service with defaults and answers the service resource", async () => {
    const slug = uniqueSlug();
    const res = await admin("POST", "/admin/status/services", { slug, name: "API" });
    expect(res.status).toBe(201);
    const service = expectShape(serviceSchema, res.body.data);
    expect(service).toMatchObject({
      slug,
      name: "API",
      description: "",
      sort_order: 0,
      is_public: true,
      current_status: "operational",
      indicator: "none",
    });
    expect(service.payload).toEqual({ slug, status: "operational", openIncidents: 0, activeMaintenance: false });
  });

  it("validates every field", async () => {
    const post = (body: unknown) => admin("POST", "/admin/status/services", body);
    expectFieldError(await post({ name: "x" }), "slug");
    expectFieldError(await post({ slug: "Not A Slug", name: "x" }), "slug", /lowercase/);
    expectFieldError(await post({ slug: "a--b", name: "x" }), "slug");
    expectFieldError(await post({ slug: "a".repeat(65), name: "x" }), "slug", /64/);
    expectFieldError(await post({ slug: uniqueSlug() }), "name");
    expectFieldError(await post({ slug: uniqueSlug(), name: "  " }), "name", /empty/);
    expectFieldError(await post({ slug: uniqueSlug(), name: "x".repeat(101) }), "name");
    expectFieldError(await post({ slug: uniqueSlug(), name: "x", description: "d".repeat(2001) }), "description");
    expectFieldError(await post({ slug: uniqueSlug(), name: "x", sortOrder: 1.5 }), "sortOrder");
    expectFieldError(await post({ slug: uniqueSlug(), name: "x", sortOrder: -1 }), "sortOrder");
    expectFieldError(await post({ slug: uniqueSlug(), name: "x", isPublic: "yes" }), "isPublic");
    expectFieldError(await post({ slug: uniqueSlug(), name: "x", colour: "red" }), "colour", /unknown/);
  });

  it("refuses a duplicate slug with 409, on create and on rename", async () => {
    const a = await createService();
    const b = await createService();
    expectError(await admin("POST", "/admin/status/services", { slug: a.slug, name: "Again" }), 409, "conflict");
    expectError(await admin("PATCH", `/admin/status/services/${b.slug}`, { slug: a.slug }), 409, "conflict");
  });

  it("updates a service; unknown slug 404; empty body 400", async () => {
    const service = await createService();
    const res = await admin("PATCH", `/admin/status/services/${service.slug}`, {
      name: "Renamed",
      sortOrder: 3,
      isPublic: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed", sort_order: 3, is_public: false });
    expectError(await admin("PATCH", `/admin/status/services/${uniqueSlug()}`, { name: "x" }), 404, "not_found");
    expectFieldError(await admin("PATCH", `/admin/status/services/${service.slug}`, {}), "(root)", /at least one/);
  });
});

describe("operator status API: components", () => {
  it("creates and updates a component", async () => {
    const service = await createService();
    const slug = uniqueSlug("cmp");
    const created = await admin("POST", "/admin/status/components", {
      slug,
      name: "Database",
      serviceSlug: service.slug,
    });
    expect(created.status).toBe(201);
    expect(expectShape(componentSchema, created.body.data)).toMatchObject({
      slug,
      current_status: "operational",
      indicator: "none",
      service_id: service.id,
    });
    const updated = await admin("PATCH", `/admin/status/components/${slug}`, { status: "partial_outage" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ current_status: "partial_outage", indicator: "major" });
  });

  it("validates every field", async () => {
    const service = await createService();
    const post = (body: Record<string, unknown>) =>
      admin("POST", "/admin/status/components", {
        slug: uniqueSlug("cmp"),
        name: "C",
        serviceSlug: service.slug,
        ...body,
      });
    expectFieldError(await post({ status: "down" }), "status");
    expectFieldError(await post({ serviceSlug: uniqueSlug() }), "serviceSlug", /no service/);
    expectFieldError(await post({ slug: "Bad Slug" }), "slug");
    expectFieldError(await post({ name: "" }), "name");
    expectFieldError(await post({ extra: 1 }), "extra");
    const existing = uniqueSlug("cmp");
    expect((await post({ slug: existing })).status).toBe(201);
    expectError(await post({ slug: existing }), 409, "conflict");
    expectError(
      await admin("PATCH", `/admin/status/components/${uniqueSlug()}`, { status: "operational" }),
      404,
      "not_found",
    );
    expectFieldError(
      await admin("PATCH", `/admin/status/components/${existing}`, { serviceSlug: uniqueSlug() }),
      "serviceSlug",
    );
    expectFieldError(await admin("PATCH", `/admin/status/components/${existing}`, { status: "broken" }), "status");
    expectFieldError(await admin("PATCH", `/admin/status/components/${existing}`, {}), "(root)");
  });
});

describe("operator status API: incidents", () => {
  it("opens an incident, posts updates that move its status, resolves and reopens it", async () => {
    const service = await createService();
    const incident = await createIncident({ serviceSlugs: [service.slug], severity: "sev2" });
    expect(expectShape(incidentSchema, incident)).toMatchObject({
      status: "investigating",
      resolved_at: null,
      severity: "sev2",
      service_slugs: [service.slug],
      updates: [],
    });
    const path = `/admin/status/incidents/${incident.id}/updates`;
    const identified = await admin("POST", path, { status: "identified", message: "Found it", authorName: "Ops" });
    expect(identified.status).toBe(201);
    expect(identified.body.data).toMatchObject({ status: "identified", resolved_at: null });
    const resolved = await admin("POST", path, { status: "resolved", message: "Fixed", authorName: "Ops" });
    expect(resolved.body.data.status).toBe("resolved");
    expect(resolved.body.data.resolved_at).toEqual(expect.any(String));
    expect(resolved.body.data.updates.map((u: { status: string }) => u.status)).toEqual(["identified", "resolved"]);
    expect(resolved.body.data.updates[0]).toMatchObject({
      message: "Found it",
      author_name: "Ops",
      created_at: expect.any(String),
      id: expect.any(String),
    });
    const postmortem = await admin("PATCH", `/admin/status/incidents/${incident.id}`, { status: "postmortem_ready" });
    expect(postmortem.body.data.resolved_at).toBe(resolved.body.data.resolved_at);
    const reopened = await admin("PATCH", `/admin/status/incidents/${incident.id}`, {
      status: "monitoring",
      title: "Still watching",
    });
    expect(reopened.body.data).toMatchObject({ status: "monitoring", resolved_at: null, title: "Still watching" });
  });

  it("validates every field", async () => {
    const service = await createService();
    const post = (body: Record<string, unknown>) =>
      admin("POST", "/admin/status/incidents", {
        title: "T",
        impact: "major",
        description: "D",
        serviceSlugs: [service.slug],
        ...body,
      });
    expectFieldError(await post({ title: "" }), "title");
    expectFieldError(await post({ title: "t".repeat(201) }), "title");
    expectFieldError(await post({ impact: "critical" }), "impact");
    expectFieldError(await post({ description: undefined }), "description");
    expectFieldError(await post({ status: "open" }), "status");
    expectFieldError(await post({ severity: "s".repeat(51) }), "severity");
    expectFieldError(await post({ serviceSlugs: [] }), "serviceSlugs", /^must not be empty$/);
    expectFieldError(await post({ serviceSlugs: [service.slug, service.slug] }), "serviceSlugs", /repeat/);
    expectFieldError(await post({ serviceSlugs: [uniqueSlug()] }), "serviceSlugs", /no service/);
    expectFieldError(await post({ serviceSlugs: ["Bad Slug"] }), "serviceSlugs.0");
    expectFieldError(await post({ startedAt: "yesterday" }), "startedAt", /ISO 8601/);
    expectFieldError(await post({ startedAt: inHours(2) }), "startedAt", /future/);
    expectFieldError(await post({ resolvedAt: isoAgo(HOUR) }), "resolvedAt", /resolved incident/);
    expectFieldError(await post({ status: "resolved", resolvedAt: inHours(2) }), "resolvedAt", /future/);
    expectFieldError(
      await post({ status: "resolved", startedAt: isoAgo(HOUR), resolvedAt: isoAgo(2 * HOUR) }),
      "resolvedAt",
      /after/,
    );
    expectFieldError(await post({ id: "mine" }), "id", /unknown/);
  });

  it("validates updates and patches; unknown incidents are 404, malformed ids 400", async () => {
    const service = await createService();
    const incident = await createIncident({
      serviceSlugs: [service.slug],
      status: "resolved",
      startedAt: isoAgo(DAY),
      resolvedAt: isoAgo(DAY - HOUR),
    });
    const updates = `/admin/status/incidents/${incident.id}/updates`;
    expectFieldError(await admin("POST", updates, { status: "fixed", message: "m", authorName: "a" }), "status");
    expectFieldError(await admin("POST", updates, { status: "resolved", message: "", authorName: "a" }), "message");
    expectFieldError(await admin("POST", updates, { status: "resolved", message: "m" }), "authorName");
    expectError(
      await admin("POST", `/admin/status/incidents/${UNKNOWN_ID}/updates`, {
        status: "resolved",
        message: "m",
        authorName: "a",
      }),
      404,
      "not_found",
    );
    expectFieldError(
      await admin("POST", "/admin/status/incidents/not-a-uuid/updates", {
        status: "resolved",
        message: "m",
        authorName: "a",
      }),
      "id",
    );
    expectError(await admin("PATCH", `/admin/status/incidents/${UNKNOWN_ID}`, { title: "x" }), 404, "not_found");
    expectFieldError(await admin("PATCH", `/admin/status/incidents/${incident.id}`, {}), "(root)");
    expectFieldError(
      await admin("PATCH", `/admin/status/incidents/${incident.id}`, { startedAt: isoAgo(HOUR) }),
      "startedAt",
      /after/,
    );
    expectFieldError(
      await admin("PATCH", `/admin/status/incidents/${incident.id}`, { serviceSlugs: [uniqueSlug()] }),
      "serviceSlugs",
    );
    expectFieldError(await admin("PATCH", `/admin/status/incidents/${incident.id}`, { impact: "huge" }), "impact");
  });
});

describe("operator status API: maintenance", () => {
  it("schedules and changes a window", async () => {
    const service = await createService();
    const res = await admin("POST", "/admin/status/maintenance", {
      title: "DB upgrade",
      serviceSlug: service.slug,
      startsAt: inHours(1),
      endsAt: inHours(2),
    });
    expect(res.status).toBe(201);
    const window = expectShape(maintenanceSchema, res.body.data);
    expect(window).toMatchObject({ status: "scheduled", service_id: service.id });
    const endsAt = inHours(3);
    const moved = await admin("PATCH", `/admin/status/maintenance/${window.id}`, { status: "in_progress", endsAt });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ status: "in_progress", ends_at: endsAt, starts_at: window.starts_at });
  });

  it("validates every field", async () => {
    const service = await createService();
    const post = (body: Record<string, unknown>) =>
      admin("POST", "/admin/status/maintenance", {
        title: "M",
        serviceSlug: service.slug,
        startsAt: inHours(1),
        endsAt: inHours(2),
        ...body,
      });
    expectFieldError(await post({ title: "" }), "title");
    expectFieldError(await post({ serviceSlug: uniqueSlug() }), "serviceSlug", /no service/);
    expectFieldError(await post({ startsAt: "soon" }), "startsAt");
    expectFieldError(await post({ endsAt: undefined }), "endsAt");
    expectFieldError(await post({ endsAt: inHours(0.5) }), "endsAt", /after startsAt/);
    expectFieldError(await post({ status: "verifying" }), "status");
    const created = await post({});
    expect(created.status).toBe(201);
    const path = `/admin/status/maintenance/${created.body.data.id}`;
    expectFieldError(await admin("PATCH", path, { endsAt: inHours(0.5) }), "endsAt", /after startsAt/);
    expectFieldError(await admin("PATCH", path, { serviceSlug: uniqueSlug() }), "serviceSlug");
    expectFieldError(await admin("PATCH", path, {}), "(root)");
    expectError(await admin("PATCH", `/admin/status/maintenance/${UNKNOWN_ID}`, { title: "x" }), 404, "not_found");
  });
});
