import type { StatusLevel } from "../../db/schema/status";
import { headline, indicatorOf, isMaintenanceActive, isMaintenanceListed, isOpenIncident, worst } from "./derive";
import { componentResource, incidentResource, maintenanceResource, serviceResource } from "./resources";
import type {
  ComponentResource,
  IncidentResource,
  MaintenanceResource,
  ServiceDetail,
  ServiceResource,
  SnapshotResource,
  SummaryResource,
  SummaryService,
  UptimeRollup,
} from "./schemas";
import { statusUrlOf } from "../../lib/origin";
import type { StatusState } from "./state";
import {
  UPTIME_WINDOWS,
  type UptimeWindow,
  type WindowFigures,
  WINDOW_DAYS,
  DAY_MS,
  dailyHistory,
  sumFigures,
  uptimePercent,
  windowFigures,
} from "./uptime";

/** How many of a service's incidents its detail response carries (the feed has them all). */
const SERVICE_DETAIL_INCIDENTS = 20;

/**
 * Everything the public surface shows, computed from one consistent D1 state at one instant.
 * Every renderer (JSON, HTML page, Atom, badge, Statuspage v2) reads this model, never D1.
 */
export interface StatusModel {
  nowIso: string;
  /** Where the HTML page, feed and badge live (`{origin}/status...`). */
  origin: string;
  /** `{status_url}`, where the JSON lives. */
  statusUrl: string;
  summary: SummaryResource;
  services: ServiceResource[];
  components: ComponentResource[];
  /** Public incidents, newest first. */
  incidents: IncidentResource[];
  /** Upcoming and active windows of public services. */
  maintenance: MaintenanceResource[];
  details: Map<string, ServiceDetail>;
  platformUptime: Record<UptimeWindow, UptimeRollup>;
  servicesById: Map<string, ServiceResource>;
}

/** Items grouped by a key, each group in the items' order. */
function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const incidentEnd = (incident: { resolvedAt: string | null }, nowMs: number) =>
  incident.resolvedAt ? Date.parse(incident.resolvedAt) : nowMs;

export function buildModel(
  state: StatusState,
  nowMs: number,
  origin: string,
  statusUrl = statusUrlOf(undefined, origin),
): StatusModel {
  const nowIso = new Date(nowMs).toISOString();
  const publicServices = state.services.filter((s) => s.isPublic);
  const publicIds = new Set(publicServices.map((s) => s.id));
  const slugById = new Map(state.services.map((s) => [s.id, s.slug]));

  const publicLinks = state.links.filter((link) => publicIds.has(link.serviceId));
  const serviceIdsByIncident = new Map(
    [...groupBy(publicLinks, (link) => link.incidentId)].map(([id, links]) => [id, links.map((l) => l.serviceId)]),
  );
  const updatesByIncident = groupBy(state.updates, (update) => update.incidentId);

  // An incident touching only non-public services is not public either.
  const incidentRows = state.incidents
    .filter((i) => serviceIdsByIncident.has(i.id))
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || b.id.localeCompare(a.id));
  const incidents: IncidentResource[] = incidentRows.map((i) =>
    incidentResource(
      i,
      (serviceIdsByIncident.get(i.id) ?? []).map((id) => slugById.get(id)!),
      updatesByIncident.get(i.id) ?? [],
    ),
  );
  const incidentById = new Map(incidents.map((i) => [i.id, i]));
  // Newest first within each service, like the feed.
  const incidentRowsByService = groupBy(
    incidentRows.flatMap((i) => serviceIdsByIncident.get(i.id)!.map((serviceId) => ({ serviceId, incident: i }))),
    (link) => link.serviceId,
  );

  const maintenanceRows = state.maintenance.filter((m) => publicIds.has(m.serviceId));
  const maintenanceRowsByService = groupBy(maintenanceRows, (m) => m.serviceId);
  const maintenance = maintenanceRows.filter((m) => isMaintenanceListed(m, nowIso)).map(maintenanceResource);
  const maintenanceByService = groupBy(maintenance, (m) => m.service_id);

  const componentRows = state.components.filter((c) => publicIds.has(c.serviceId));
  const components: ComponentResource[] = componentRows.map(componentResource);
  const componentsByService = groupBy(components, (c) => c.service_id);

  const downtimeByService = new Map<string, Map<string, number>>();
  for (const row of state.downtime) {
    const days = downtimeByService.get(row.serviceId) ?? new Map<string, number>();
    days.set(row.date, row.downtimeMinutes);
    downtimeByService.set(row.serviceId, days);
  }

  const services: ServiceResource[] = [];
  const summaryServices: SummaryService[] = [];
  const details = new Map<string, ServiceDetail>();
  const figuresByWindow = new Map<UptimeWindow, WindowFigures[]>(UPTIME_WINDOWS.map((w) => [w, []]));
  const platformIncidentIds = new Map<UptimeWindow, Set<string>>(UPTIME_WINDOWS.map((w) => [w, new Set()]));

  for (const row of publicServices) {
    const ownIncidentRows = (incidentRowsByService.get(row.id) ?? []).map((link) => link.incident);
    const ownComponents = componentsByService.get(row.id) ?? [];
    const open = ownIncidentRows.filter(isOpenIncident);
    const activeMaintenance = (maintenanceRowsByService.get(row.id) ?? []).some((m) => isMaintenanceActive(m, nowIso));
    const resource = serviceResource(row, {
      componentStatuses: ownComponents.map((c) => c.current_status),
      openIncidentImpacts: open.map((i) => i.impact),
      maintenanceActive: activeMaintenance,
    });
    const status = resource.current_status;
    services.push(resource);

    // A service's age starts at its creation, or at an earlier incident recorded against it.
    const sinceMs = Math.min(Date.parse(row.createdAt), ...ownIncidentRows.map((i) => Date.parse(i.startedAt)));
    const daily = downtimeByService.get(row.id) ?? new Map<string, number>();
    const uptime = {} as Record<UptimeWindow, UptimeRollup>;
    for (const window of UPTIME_WINDOWS) {
      const figures = windowFigures(daily, window, sinceMs, nowMs);
      figuresByWindow.get(window)!.push(figures);
      const windowStart = Math.max(nowMs - WINDOW_DAYS[window] * DAY_MS, sinceMs);
      const inWindow = ownIncidentRows.filter(
        (i) => Date.parse(i.startedAt) < nowMs && incidentEnd(i, nowMs) > windowStart,
      );
      for (const i of inWindow) platformIncidentIds.get(window)!.add(i.id);
      uptime[window] = rollup(window, "service", row.slug, figures, inWindow.length, nowIso);
    }
    summaryServices.push({
      slug: row.slug,
      name: row.name,
      status,
      indicator: indicatorOf(status),
      openIncidents: open.length,
      activeMaintenance,
      uptime: Object.fromEntries(UPTIME_WINDOWS.map((w) => [w, uptime[w].uptimePercent])) as SummaryService["uptime"],
    });
    details.set(row.slug, {
      service: resource,
      components: ownComponents,
      incidents: ownIncidentRows.slice(0, SERVICE_DETAIL_INCIDENTS).map((i) => incidentById.get(i.id)!),
      maintenance: maintenanceByService.get(row.id) ?? [],
      uptime,
    });
  }

  const platformUptime = Object.fromEntries(
    UPTIME_WINDOWS.map((w) => [
      w,
      rollup(w, "platform", "all", sumFigures(figuresByWindow.get(w)!), platformIncidentIds.get(w)!.size, nowIso),
    ]),
  ) as Record<UptimeWindow, UptimeRollup>;

  const overall: StatusLevel = worst(services.map((s) => s.current_status));
  const changes = [
    ...publicServices.map((s) => s.updatedAt),
    ...componentRows.map((c) => c.updatedAt),
    ...incidentRows.map((i) => i.updatedAt),
    ...maintenanceRows.map((m) => m.updatedAt),
  ];
  const summary: SummaryResource = {
    headline: headline(services.map((s) => ({ name: s.name, status: s.current_status }))),
    status: overall,
    indicator: indicatorOf(overall),
    updatedAt: changes.length ? changes.reduce((a, b) => (a > b ? a : b)) : nowIso,
    lastCheckedAt: nowIso,
    services: summaryServices,
    incidents: incidents.filter(isOpenIncident),
    maintenance,
  };

  return {
    nowIso,
    origin,
    statusUrl,
    summary,
    services,
    components,
    incidents,
    maintenance,
    details,
    platformUptime,
    servicesById: new Map(services.map((s) => [s.id, s])),
  };
}

function rollup(
  window: UptimeWindow,
  scopeType: "platform" | "service",
  scopeKey: string,
  figures: WindowFigures,
  incidentCount: number,
  computedAt: string,
): UptimeRollup {
  return {
    window,
    scopeType,
    scopeKey,
    uptimePercent: uptimePercent(figures.downtimeMinutes, figures.coveredMinutes),
    downtimeMinutes: figures.downtimeMinutes,
    incidentCount,
    computedAt,
    dailyHistory: dailyHistory(figures),
  };
}

/** A snapshot freezes the summary as it stands when the daily job runs. */
export function snapshotOf(model: StatusModel, snapshotDate: string): SnapshotResource {
  const { status, indicator, headline: words, services, incidents, maintenance } = model.summary;
  return { snapshotDate, status, indicator, headline: words, services, incidents, maintenance };
}
