import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { INCIDENT_IMPACTS, INCIDENT_STATUSES, MAINTENANCE_STATUSES, STATUS_LEVELS } from "./status-values";

/**
 * The status surface's source of truth. Public reads never touch these tables: every write
 * republishes a KV projection (src/domains/status/projection.ts) and the read path serves that.
 */

// The value lists live in a module without drizzle: the public status JSON's schemas need them, and a
// cold status request then loads no table definitions (docs/performance.md "A cold request").
export * from "./status-values";

export const statusServices = sqliteTable("status_services", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
  /** Non-public services are left out of the projection entirely. */
  isPublic: integer("is_public", { mode: "boolean" }).notNull(),
  createdAt: createdAt(),
  updatedAt: text("updated_at").notNull(),
});

export const statusComponents = sqliteTable(
  "status_components",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    serviceId: text("service_id")
      .notNull()
      .references(() => statusServices.id, { onDelete: "cascade" }),
    /** Set by the operator; a service's status is derived from these plus incidents and maintenance. */
    status: text("status", { enum: STATUS_LEVELS }).notNull(),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("status_components_service_idx").on(t.serviceId)],
);

export const statusIncidents = sqliteTable(
  "status_incidents",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: INCIDENT_STATUSES }).notNull(),
    impact: text("impact", { enum: INCIDENT_IMPACTS }).notNull(),
    severity: text("severity"),
    description: text("description").notNull(),
    startedAt: text("started_at").notNull(),
    resolvedAt: text("resolved_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("status_incidents_started_idx").on(t.startedAt)],
);

/** Which services an incident affects (many to many). */
export const statusIncidentServices = sqliteTable(
  "status_incident_services",
  {
    incidentId: text("incident_id")
      .notNull()
      .references(() => statusIncidents.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => statusServices.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.serviceId] }),
    index("status_incident_services_service_idx").on(t.serviceId),
  ],
);

export const statusIncidentUpdates = sqliteTable(
  "status_incident_updates",
  {
    id: text("id").primaryKey(),
    incidentId: text("incident_id")
      .notNull()
      .references(() => statusIncidents.id, { onDelete: "cascade" }),
    status: text("status", { enum: INCIDENT_STATUSES }).notNull(),
    message: text("message").notNull(),
    authorName: text("author_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("status_incident_updates_incident_idx").on(t.incidentId, t.createdAt)],
);

export const statusMaintenance = sqliteTable(
  "status_maintenance",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: MAINTENANCE_STATUSES }).notNull(),
    serviceId: text("service_id")
      .notNull()
      .references(() => statusServices.id, { onDelete: "cascade" }),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("status_maintenance_ends_idx").on(t.endsAt)],
);

/**
 * Downtime minutes per service and UTC day, derived from incident intervals weighted by impact.
 * Minutes, never percentages: a rollup over any window is then exact arithmetic.
 */
export const statusDailyDowntime = sqliteTable(
  "status_daily_downtime",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => statusServices.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD (UTC). */
    date: text("date").notNull(),
    downtimeMinutes: real("downtime_minutes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.date] }), index("status_daily_downtime_date_idx").on(t.date)],
);

/** One per UTC day, written once by the daily cron (the primary key makes the write idempotent). */
export const statusSnapshots = sqliteTable("status_snapshots", {
  snapshotDate: text("snapshot_date").primaryKey(),
  /** The snapshot resource as JSON, frozen at the time it was taken. */
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/**
 * A single row whose `version` every status write increments inside its own batch. The publisher
 * reads it in the same batch as the state, so versions order projections the way D1 ordered writes.
 */
export const statusProjectionState = sqliteTable("status_projection_state", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});
