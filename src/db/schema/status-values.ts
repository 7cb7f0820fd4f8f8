/** The status surface's value lists (the tables in ./status.ts store them; the API's schemas validate them). */

export const STATUS_LEVELS = [
  "operational",
  "degraded_performance",
  "partial_outage",
  "major_outage",
  "maintenance",
] as const;
export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved", "postmortem_ready"] as const;
export const INCIDENT_IMPACTS = ["minor", "partial", "major"] as const;
export const MAINTENANCE_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;

export type StatusLevel = (typeof STATUS_LEVELS)[number];
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
