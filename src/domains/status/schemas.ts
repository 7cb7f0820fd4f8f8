import { z } from "@hono/zod-openapi";
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATUSES,
  MAINTENANCE_STATUSES,
  STATUS_LEVELS,
} from "../../db/schema/status-values";
import { builtOnce, isoDate } from "../../http/openapi";
import { INDICATORS } from "./derive";
import { DEFAULT_FEED_LIMIT } from "./keys";
import { UPTIME_WINDOWS } from "./uptime";

// ---- Public resources (the projection's shapes; the spec's field names, snake_case where it says so)

export const statusLevel = z.enum(STATUS_LEVELS);
/**
 * The public resources' schemas, built on first call and kept. They describe responses only (the
 * Worker validates no response), so only the OpenAPI document's generation calls this (the routes
 * give them as thunks, `json(() => ...)`), and a cold status request builds none of them
 * (docs/performance.md "A cold request"). Their types are below.
 */
export const statusResources = builtOnce(() => {
  const indicator = z.enum(INDICATORS);

  const serviceSchema = z
    .object({
      id: z.uuid(),
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      current_status: statusLevel,
      indicator,
      payload: z.object({
        slug: z.string(),
        status: statusLevel,
        openIncidents: z.number(),
        activeMaintenance: z.boolean(),
      }),
      sort_order: z.number(),
      is_public: z.boolean(),
      created_at: isoDate(),
      updated_at: isoDate(),
    })
    .openapi("StatusService");

  const componentSchema = z
    .object({
      id: z.uuid(),
      slug: z.string(),
      name: z.string(),
      current_status: statusLevel,
      indicator,
      service_id: z.uuid(),
    })
    .openapi("StatusComponent");

  const incidentUpdateSchema = z.object({
    id: z.uuid(),
    status: z.enum(INCIDENT_STATUSES),
    message: z.string(),
    author_name: z.string(),
    created_at: isoDate(),
  });

  const incidentSchema = z
    .object({
      id: z.uuid(),
      slug: z.string(),
      title: z.string(),
      status: z.enum(INCIDENT_STATUSES),
      impact: z.enum(INCIDENT_IMPACTS),
      severity: z.string().nullable(),
      description: z.string(),
      started_at: isoDate(),
      resolved_at: isoDate().nullable(),
      /** Slugs of the public services it affects (an addition to the spec's fields, so clients can group). */
      service_slugs: z.array(z.string()),
      updates: z.array(incidentUpdateSchema).openapi({ description: "Oldest first" }),
    })
    .openapi("StatusIncident");

  const maintenanceSchema = z
    .object({
      id: z.uuid(),
      slug: z.string(),
      title: z.string(),
      status: z.enum(MAINTENANCE_STATUSES),
      starts_at: isoDate(),
      ends_at: isoDate(),
      service_id: z.uuid(),
    })
    .openapi("StatusMaintenance");

  const uptimePercentages = z.object(
    Object.fromEntries(UPTIME_WINDOWS.map((w) => [w, z.number()])) as Record<
      (typeof UPTIME_WINDOWS)[number],
      z.ZodNumber
    >,
  );

  const summaryServiceSchema = z.object({
    slug: z.string(),
    name: z.string(),
    status: statusLevel,
    indicator,
    openIncidents: z.number(),
    activeMaintenance: z.boolean(),
    uptime: uptimePercentages,
  });

  const summarySchema = z
    .object({
      headline: z.string(),
      status: statusLevel,
      indicator,
      updatedAt: isoDate().openapi({ description: "Latest change to any status record" }),
      lastCheckedAt: isoDate().openapi({ description: "When this projection was computed" }),
      services: z.array(summaryServiceSchema),
      incidents: z.array(incidentSchema).openapi({ description: "Open incidents" }),
      maintenance: z.array(maintenanceSchema).openapi({ description: "Upcoming and active windows" }),
    })
    .openapi("StatusSummary");

  const snapshotSchema = z
    .object({
      snapshotDate: z.string(),
      status: statusLevel,
      indicator,
      headline: z.string(),
      services: z.array(summaryServiceSchema),
      incidents: z.array(incidentSchema),
      maintenance: z.array(maintenanceSchema),
    })
    .openapi("StatusSnapshot");

  const uptimeRollupSchema = z
    .object({
      window: z.enum(UPTIME_WINDOWS),
      scopeType: z.enum(["platform", "service"]),
      scopeKey: z.string(),
      uptimePercent: z.number(),
      downtimeMinutes: z.number(),
      incidentCount: z.number(),
      computedAt: isoDate(),
      dailyHistory: z.array(z.object({ date: z.string(), uptimePercent: z.number() })),
    })
    .openapi("StatusUptimeRollup");

  const serviceDetailSchema = z
    .object({
      service: serviceSchema,
      components: z.array(componentSchema),
      incidents: z.array(incidentSchema).openapi({ description: "The service's most recent incidents, newest first" }),
      maintenance: z.array(maintenanceSchema),
      uptime: z.object(
        Object.fromEntries(UPTIME_WINDOWS.map((w) => [w, uptimeRollupSchema])) as Record<
          (typeof UPTIME_WINDOWS)[number],
          typeof uptimeRollupSchema
        >,
      ),
    })
    .openapi("StatusServiceDetail");

  /** Status list meta: no request id inside, so the body (and its ETag) is the same for every visitor. */
  const statusPageMeta = z.object({
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
    hasNextPage: z.boolean(),
  });

  return {
    serviceSchema,
    componentSchema,
    incidentSchema,
    maintenanceSchema,
    summaryServiceSchema,
    summarySchema,
    snapshotSchema,
    uptimeRollupSchema,
    serviceDetailSchema,
    statusPageMeta,
  };
});
type StatusResources = ReturnType<typeof statusResources>;

export type ServiceResource = z.infer<StatusResources["serviceSchema"]>;
export type ComponentResource = z.infer<StatusResources["componentSchema"]>;
export type IncidentResource = z.infer<StatusResources["incidentSchema"]>;
export type MaintenanceResource = z.infer<StatusResources["maintenanceSchema"]>;
export type SummaryResource = z.infer<StatusResources["summarySchema"]>;
export type SummaryService = z.infer<StatusResources["summaryServiceSchema"]>;
export type SnapshotResource = z.infer<StatusResources["snapshotSchema"]>;
export type UptimeRollup = z.infer<StatusResources["uptimeRollupSchema"]>;
export type ServiceDetail = z.infer<StatusResources["serviceDetailSchema"]>;

// ---- Public request parameters

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Whether a value could name a service at all; anything else is absent without a read. */
export const isServiceSlug = (value: string) => value.length <= 64 && SLUG.test(value);
export const slug = () =>
  z.string().max(64).regex(SLUG, { message: "must be lowercase letters, digits and single hyphens" });

export const slugParam = z.object({ slug: z.string().openapi({ param: { name: "slug", in: "path" } }) });
/** Not validated as a UUID: anything else names no incident, which the spec answers with 404. */
export const incidentIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }),
});
export const windowParam = z.object({
  window: z.enum(UPTIME_WINDOWS).openapi({ param: { name: "window", in: "path" } }),
});

/** A real calendar date in ISO form (2025-02-30 is refused, not rolled over). */
const isoCalendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date YYYY-MM-DD" })
    .refine(
      (value) => {
        const parsed = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
      },
      { message: "must be a calendar date" },
    );

export const dateParam = z.object({
  date: isoCalendarDate().openapi({ param: { name: "date", in: "path" }, example: "2026-01-31" }),
});

export const incidentFeedQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_FEED_LIMIT),
  serviceSlug: z.string().optional().openapi({ description: "Only incidents affecting this service" }),
});

export const componentsQuery = z.object({ serviceSlug: z.string().optional() });
