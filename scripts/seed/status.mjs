import { answer, apiClient } from "../lib/client.mjs";

/** Demo status data: a few services and components, some incident history, an open incident, maintenance. */
const SERVICES = [
  { slug: "api", name: "API", description: "The public HTTP API", sortOrder: 1 },
  { slug: "dashboard", name: "Dashboard", description: "The web application", sortOrder: 2 },
  { slug: "ai-assistant", name: "AI assistant", description: "Message generation and streaming", sortOrder: 3 },
  { slug: "connectors", name: "Connectors", description: "Third-party integrations and tool execution", sortOrder: 4 },
];

const COMPONENTS = [
  { slug: "api-gateway", name: "Gateway", serviceSlug: "api" },
  { slug: "api-auth", name: "Authentication", serviceSlug: "api" },
  { slug: "ai-streaming", name: "Streaming", serviceSlug: "ai-assistant" },
  { slug: "connectors-oauth", name: "OAuth hand-off", serviceSlug: "connectors" },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms) => new Date(Date.now() - ms).toISOString();

/** Past incidents (so the 90-day bars have history) and one still open. */
const INCIDENTS = [
  {
    title: "Elevated API error rate",
    impact: "major",
    serviceSlugs: ["api"],
    status: "resolved",
    startedAt: ago(75 * DAY),
    resolvedAt: ago(75 * DAY - 3 * HOUR),
    description: "A bad deploy raised 5xx rates.",
  },
  {
    title: "Slow dashboard loads",
    impact: "partial",
    serviceSlugs: ["dashboard"],
    status: "resolved",
    startedAt: ago(41 * DAY),
    resolvedAt: ago(41 * DAY - 6 * HOUR),
    description: "Static assets were served slowly.",
  },
  {
    title: "AI replies delayed",
    impact: "major",
    serviceSlugs: ["ai-assistant"],
    status: "postmortem_ready",
    startedAt: ago(12 * DAY),
    resolvedAt: ago(12 * DAY - 90 * 60_000),
    description: "The model provider throttled requests.",
  },
  {
    title: "Connector token refresh failures",
    impact: "partial",
    serviceSlugs: ["connectors", "api"],
    status: "resolved",
    startedAt: ago(3 * DAY),
    resolvedAt: ago(3 * DAY - 2 * HOUR),
    description: "Some OAuth refreshes failed.",
  },
  {
    title: "Intermittent streaming disconnects",
    impact: "minor",
    serviceSlugs: ["ai-assistant"],
    status: "investigating",
    startedAt: ago(40 * 60_000),
    description: "Some streams end early; clients reconnect.",
  },
];

/** Creates what is missing (409 means it exists); incidents and maintenance are matched by title. */
export async function seed({ origin, adminToken }) {
  const operator = apiClient(origin, adminToken);
  const admin = (method, path, body) => answer(operator[method](`/api/v1/admin/status${path}`, { body }));
  const anonymous = apiClient(origin);
  const expectOk = (res, what) => {
    if (res.status >= 300 && res.status !== 409)
      throw new Error(`status seed: ${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  };
  for (const service of SERVICES) expectOk(await admin("POST", "/services", service), `service ${service.slug}`);
  for (const component of COMPONENTS)
    expectOk(await admin("POST", "/components", component), `component ${component.slug}`);

  const feed = await answer(anonymous.GET("/api/v1/status/incidents", { params: { query: { limit: 100 } } }));
  const known = new Set((feed.body?.data ?? []).map((incident) => incident.title));
  for (const incident of INCIDENTS) {
    if (known.has(incident.title)) continue;
    const created = await admin("POST", "/incidents", incident);
    expectOk(created, `incident ${incident.title}`);
    if (incident.status === "investigating") {
      expectOk(
        await admin("POST", `/incidents/${created.body.data.id}/updates`, {
          status: "identified",
          message: "A load balancer drops idle connections; a fix is rolling out.",
          authorName: "Platform team",
        }),
        "incident update",
      );
    }
  }

  const maintenance = await answer(anonymous.GET("/api/v1/status/maintenance"));
  const title = "Database engine upgrade";
  if (!(maintenance.body?.data ?? []).some((window) => window.title === title)) {
    const startsAt = new Date(Date.now() + 2 * DAY).toISOString();
    const endsAt = new Date(Date.now() + 2 * DAY + 2 * HOUR).toISOString();
    expectOk(
      await admin("POST", "/maintenance", { title, serviceSlug: "api", startsAt, endsAt, status: "scheduled" }),
      "maintenance",
    );
  }
}
