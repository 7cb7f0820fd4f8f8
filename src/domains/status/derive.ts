import type { IncidentImpact, IncidentStatus, MaintenanceStatus, StatusLevel } from "../../db/schema/status";

/**
 * Status derivation: pure functions, no I/O, so the rules are tested on their own.
 *
 * Order of severity: an outage outranks maintenance (people need to know the service is down even
 * while it is being worked on), and maintenance outranks "operational".
 */
const RANK: Record<StatusLevel, number> = {
  operational: 0,
  maintenance: 1,
  degraded_performance: 2,
  partial_outage: 3,
  major_outage: 4,
};

/** The Statuspage convention: none, minor, major, critical, and maintenance. */
export const INDICATORS = ["none", "minor", "major", "critical", "maintenance"] as const;
export type Indicator = (typeof INDICATORS)[number];

/** The colour of each indicator wherever it is drawn (status page, badge). */
export const INDICATOR_COLOR: Record<Indicator, string> = {
  none: "#16a34a",
  minor: "#ca8a04",
  major: "#ea580c",
  critical: "#dc2626",
  maintenance: "#2563eb",
};

const INDICATOR: Record<StatusLevel, Indicator> = {
  operational: "none",
  maintenance: "maintenance",
  degraded_performance: "minor",
  partial_outage: "major",
  major_outage: "critical",
};

/** What an open incident of each impact does to the services it affects. */
const IMPACT_STATUS: Record<IncidentImpact, StatusLevel> = {
  minor: "degraded_performance",
  partial: "partial_outage",
  major: "major_outage",
};

const OPEN_INCIDENT_STATUSES: ReadonlySet<IncidentStatus> = new Set(["investigating", "identified", "monitoring"]);

export const indicatorOf = (status: StatusLevel): Indicator => INDICATOR[status];

/** The indicator of an incident's impact: that of the status it gives the services it affects. */
export const impactIndicator = (impact: IncidentImpact): Indicator => indicatorOf(IMPACT_STATUS[impact]);

export const worst = (statuses: Iterable<StatusLevel>): StatusLevel => {
  let result: StatusLevel = "operational";
  for (const status of statuses) if (RANK[status] > RANK[result]) result = status;
  return result;
};

export const isOpenIncident = (incident: { status: IncidentStatus }) => OPEN_INCIDENT_STATUSES.has(incident.status);

/**
 * Maintenance is in progress when the operator says so, or when a scheduled window has begun and
 * not yet ended (so a window starts showing without anyone touching it; the cron republishes).
 */
export function isMaintenanceActive(
  window: { status: MaintenanceStatus; startsAt: string; endsAt: string },
  nowIso: string,
) {
  if (window.status === "in_progress") return true;
  return window.status === "scheduled" && window.startsAt <= nowIso && nowIso < window.endsAt;
}

/** Upcoming (scheduled, not over) or active windows: what the public maintenance list shows. */
export function isMaintenanceListed(window: { status: MaintenanceStatus; endsAt: string }, nowIso: string) {
  return window.status === "in_progress" || (window.status === "scheduled" && nowIso < window.endsAt);
}

/** A service's status: the worst of its components, its open incidents, and maintenance in progress. */
export function serviceStatus(input: {
  componentStatuses: StatusLevel[];
  openIncidentImpacts: IncidentImpact[];
  maintenanceActive: boolean;
}): StatusLevel {
  return worst([
    ...input.componentStatuses,
    ...input.openIncidentImpacts.map((impact) => IMPACT_STATUS[impact]),
    ...(input.maintenanceActive ? (["maintenance"] as const) : []),
  ]);
}

const PHRASE: Record<StatusLevel, string> = {
  operational: "operational",
  maintenance: "under maintenance",
  degraded_performance: "degraded performance",
  partial_outage: "partial outage",
  major_outage: "major outage",
};

const capitalised = (phrase: string) => `${phrase[0]!.toUpperCase()}${phrase.slice(1)}`;

/** A status in words, as a label: "Degraded performance". */
export const statusLabel = (status: StatusLevel): string => capitalised(PHRASE[status]);

/** The overall status in words, naming the services at the worst level. */
export function headline(services: { name: string; status: StatusLevel }[]): string {
  const overall = worst(services.map((s) => s.status));
  if (overall === "operational") return "All systems operational";
  const names = services.filter((s) => s.status === overall).map((s) => s.name);
  const list = names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
  if (overall === "maintenance") return `Scheduled maintenance in progress: ${list}`;
  return `${statusLabel(overall)}: ${list}`;
}
