import type {
  statusComponents,
  statusIncidents,
  statusIncidentUpdates,
  statusMaintenance,
  statusServices,
} from "../../db/schema";
import type { IncidentImpact, StatusLevel } from "../../db/schema/status";
import { indicatorOf, serviceStatus } from "./derive";
import type { ComponentResource, IncidentResource, MaintenanceResource, ServiceResource } from "./schemas";

/**
 * D1 rows → public resources, in one place: the projection (public services only) and the operator
 * routes (every service) show the same shapes, field for field and in the same key order.
 */

type ServiceRow = typeof statusServices.$inferSelect;
type ComponentRow = typeof statusComponents.$inferSelect;
type MaintenanceRow = typeof statusMaintenance.$inferSelect;
type IncidentRow = typeof statusIncidents.$inferSelect;
type IncidentUpdateRow = typeof statusIncidentUpdates.$inferSelect;

/** A service with its derived status: from its components, its open incidents and maintenance in progress. */
export function serviceResource(
  row: ServiceRow,
  input: { componentStatuses: StatusLevel[]; openIncidentImpacts: IncidentImpact[]; maintenanceActive: boolean },
): ServiceResource {
  const status = serviceStatus(input);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    current_status: status,
    indicator: indicatorOf(status),
    payload: {
      slug: row.slug,
      status,
      openIncidents: input.openIncidentImpacts.length,
      activeMaintenance: input.maintenanceActive,
    },
    sort_order: row.sortOrder,
    is_public: row.isPublic,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export const componentResource = (row: ComponentRow): ComponentResource => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  current_status: row.status,
  indicator: indicatorOf(row.status),
  service_id: row.serviceId,
});

export const maintenanceResource = (row: MaintenanceRow): MaintenanceResource => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: row.status,
  starts_at: row.startsAt,
  ends_at: row.endsAt,
  service_id: row.serviceId,
});

const incidentUpdateResource = (u: IncidentUpdateRow): IncidentResource["updates"][number] => ({
  id: u.id,
  status: u.status,
  message: u.message,
  author_name: u.authorName,
  created_at: u.createdAt,
});

/** An incident with the slugs of the services it affects (sorted here) and its updates, oldest first. */
export const incidentResource = (
  row: IncidentRow,
  serviceSlugs: string[],
  updates: IncidentUpdateRow[],
): IncidentResource => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: row.status,
  impact: row.impact,
  severity: row.severity,
  description: row.description,
  started_at: row.startedAt,
  resolved_at: row.resolvedAt,
  service_slugs: [...serviceSlugs].sort(),
  updates: updates.map(incidentUpdateResource),
});
