import type { IncidentStatus, StatusLevel } from "../../db/schema/status";
import { impactIndicator } from "./derive";
import type { StatusModel } from "./projection";
import type { IncidentResource, MaintenanceResource } from "./schemas";

/**
 * Atlassian Statuspage API v2 shapes (`/api/v2/summary.json`, `/api/v2/status.json`), so status
 * aggregators that speak it work unchanged. Services become component groups, components their
 * children; impacts and statuses are mapped onto Statuspage's vocabularies.
 */
const PAGE_ID = "platform";

const COMPONENT_STATUS: Record<StatusLevel, string> = {
  operational: "operational",
  degraded_performance: "degraded_performance",
  partial_outage: "partial_outage",
  major_outage: "major_outage",
  maintenance: "under_maintenance",
};

const INCIDENT_STATUS: Record<IncidentStatus, string> = {
  investigating: "investigating",
  identified: "identified",
  monitoring: "monitoring",
  resolved: "resolved",
  postmortem_ready: "postmortem",
};

function page(model: StatusModel) {
  return {
    id: PAGE_ID,
    name: "Platform",
    url: `${model.origin}/status`,
    time_zone: "Etc/UTC",
    updated_at: model.summary.updatedAt,
  };
}

function status(model: StatusModel) {
  return { indicator: model.summary.indicator, description: model.summary.headline };
}

function incident(model: StatusModel, i: IncidentResource) {
  const last = i.updates.at(-1);
  const monitoring = i.updates.find((u) => u.status === "monitoring");
  const affected = i.service_slugs.map((slug) => model.details.get(slug)!.service);
  return {
    id: i.id,
    name: i.title,
    status: INCIDENT_STATUS[i.status],
    created_at: i.started_at,
    updated_at: last?.created_at ?? i.started_at,
    monitoring_at: monitoring?.created_at ?? null,
    resolved_at: i.resolved_at,
    impact: impactIndicator(i.impact),
    shortlink: `${model.statusUrl}/status/incidents/${i.id}`,
    started_at: i.started_at,
    page_id: PAGE_ID,
    incident_updates: [...i.updates].reverse().map((u) => ({
      id: u.id,
      status: INCIDENT_STATUS[u.status],
      body: u.message,
      incident_id: i.id,
      created_at: u.created_at,
      updated_at: u.created_at,
      display_at: u.created_at,
      affected_components: null,
      deliver_notifications: false,
      custom_tweet: null,
      tweet_id: null,
    })),
    components: affected.map((s) => ({ id: s.id, name: s.name, status: COMPONENT_STATUS[s.current_status] })),
  };
}

function maintenance(model: StatusModel, m: MaintenanceResource) {
  const service = model.servicesById.get(m.service_id)!;
  return {
    id: m.id,
    name: m.title,
    status: m.status,
    created_at: m.starts_at,
    updated_at: m.starts_at,
    monitoring_at: null,
    resolved_at: m.status === "completed" ? m.ends_at : null,
    impact: "maintenance",
    shortlink: `${model.origin}/status`,
    started_at: m.starts_at,
    page_id: PAGE_ID,
    scheduled_for: m.starts_at,
    scheduled_until: m.ends_at,
    incident_updates: [],
    components: [{ id: service.id, name: service.name, status: COMPONENT_STATUS[service.current_status] }],
  };
}

function components(model: StatusModel) {
  const out: Record<string, unknown>[] = [];
  for (const service of model.services) {
    const children = model.details.get(service.slug)!.components;
    out.push({
      id: service.id,
      name: service.name,
      status: COMPONENT_STATUS[service.current_status],
      created_at: service.created_at,
      updated_at: service.updated_at,
      position: service.sort_order,
      description: service.description || null,
      showcase: true,
      start_date: service.created_at.slice(0, 10),
      group_id: null,
      page_id: PAGE_ID,
      group: children.length > 0,
      only_show_if_degraded: false,
      ...(children.length > 0 ? { components: children.map((c) => c.id) } : {}),
    });
    children.forEach((c, position) =>
      out.push({
        id: c.id,
        name: c.name,
        status: COMPONENT_STATUS[c.current_status],
        created_at: service.created_at,
        updated_at: service.updated_at,
        position: position + 1,
        description: null,
        showcase: false,
        start_date: null,
        group_id: service.id,
        page_id: PAGE_ID,
        group: false,
        only_show_if_degraded: false,
      }),
    );
  }
  return out;
}

export const statuspageStatus = (model: StatusModel) => ({ page: page(model), status: status(model) });

export const statuspageSummary = (model: StatusModel) => ({
  page: page(model),
  components: components(model),
  incidents: model.summary.incidents.map((i) => incident(model, i)),
  scheduled_maintenances: model.summary.maintenance.map((m) => maintenance(model, m)),
  status: status(model),
});
