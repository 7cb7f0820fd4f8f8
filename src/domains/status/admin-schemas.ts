import { z } from "@hono/zod-openapi";
import { INCIDENT_IMPACTS, INCIDENT_STATUSES, MAINTENANCE_STATUSES } from "../../db/schema/status-values";
import { slug, statusLevel } from "./schemas";

// The operator's request bodies, apart from the public resources' schemas: only the operator's
// router loads them, so a cold public status request does not build them.

// ---- Operator request bodies (CONTRACT.md, /admin/status/...)

const datetime = () => z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().min(1).max(max);

export const createServiceBody = z
  .strictObject({
    slug: slug(),
    name: text(100),
    description: z.string().max(2000).default(""),
    sortOrder: z.number().int().min(0).max(1_000_000).default(0),
    isPublic: z.boolean().default(true),
  })
  .openapi("CreateStatusService", {
    example: { slug: "api", name: "API", description: "The public REST API", sortOrder: 10, isPublic: true },
  });

export const updateServiceBody = z
  .strictObject({
    slug: slug().optional(),
    name: text(100).optional(),
    description: z.string().max(2000).optional(),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
    isPublic: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "at least one field is required" })
  .openapi("UpdateStatusService", { example: { name: "Public API", sortOrder: 5 } });

export const createComponentBody = z
  .strictObject({
    slug: slug(),
    name: text(100),
    serviceSlug: slug(),
    status: statusLevel.default("operational"),
  })
  .openapi("CreateStatusComponent", {
    example: { slug: "api-auth", name: "Authentication", serviceSlug: "api", status: "operational" },
  });

export const updateComponentBody = z
  .strictObject({
    slug: slug().optional(),
    name: text(100).optional(),
    serviceSlug: slug().optional(),
    status: statusLevel.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "at least one field is required" })
  .openapi("UpdateStatusComponent", { example: { status: "degraded_performance" } });

const serviceSlugs = () =>
  z
    .array(slug())
    .min(1)
    .max(50)
    .refine((list) => new Set(list).size === list.length, { message: "must not repeat a service" });

export const createIncidentBody = z
  .strictObject({
    title: text(200),
    impact: z.enum(INCIDENT_IMPACTS),
    severity: z.string().trim().min(1).max(50).nullable().optional(),
    description: text(10_000),
    serviceSlugs: serviceSlugs(),
    status: z.enum(INCIDENT_STATUSES).default("investigating"),
    startedAt: datetime().optional(),
    /** An addition to the contract's fields: records an incident after the fact (closed statuses only). */
    resolvedAt: datetime().optional(),
  })
  .openapi("CreateStatusIncident", {
    example: {
      title: "Elevated error rates",
      impact: "major",
      description: "Some requests fail with 5xx.",
      serviceSlugs: ["api"],
      status: "investigating",
    },
  });

export const updateIncidentBody = z
  .strictObject({
    title: text(200).optional(),
    impact: z.enum(INCIDENT_IMPACTS).optional(),
    severity: z.string().trim().min(1).max(50).nullable().optional(),
    description: text(10_000).optional(),
    serviceSlugs: serviceSlugs().optional(),
    status: z.enum(INCIDENT_STATUSES).optional(),
    startedAt: datetime().optional(),
    resolvedAt: datetime().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "at least one field is required" })
  .openapi("UpdateStatusIncident", { example: { status: "monitoring" } });

export const incidentUpdateBody = z
  .strictObject({
    status: z.enum(INCIDENT_STATUSES),
    message: text(10_000),
    authorName: text(100),
  })
  .openapi("CreateStatusIncidentUpdate", {
    example: { status: "identified", message: "A bad deploy; rolling back.", authorName: "Platform team" },
  });

export const createMaintenanceBody = z
  .strictObject({
    title: text(200),
    serviceSlug: slug(),
    startsAt: datetime(),
    endsAt: datetime(),
    status: z.enum(MAINTENANCE_STATUSES).default("scheduled"),
  })
  .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    message: "must be after startsAt",
    path: ["endsAt"],
  })
  .openapi("CreateStatusMaintenance", {
    example: {
      title: "Database engine upgrade",
      serviceSlug: "api",
      startsAt: "2026-12-01T02:00:00Z",
      endsAt: "2026-12-01T04:00:00Z",
      status: "scheduled",
    },
  });

export const updateMaintenanceBody = z
  .strictObject({
    title: text(200).optional(),
    serviceSlug: slug().optional(),
    startsAt: datetime().optional(),
    endsAt: datetime().optional(),
    status: z.enum(MAINTENANCE_STATUSES).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "at least one field is required" })
  .openapi("UpdateStatusMaintenance", { example: { status: "in_progress" } });

export type CreateServiceBody = z.infer<typeof createServiceBody>;
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;
export type CreateComponentBody = z.infer<typeof createComponentBody>;
export type UpdateComponentBody = z.infer<typeof updateComponentBody>;
export type CreateIncidentBody = z.infer<typeof createIncidentBody>;
export type UpdateIncidentBody = z.infer<typeof updateIncidentBody>;
export type IncidentUpdateBody = z.infer<typeof incidentUpdateBody>;
export type CreateMaintenanceBody = z.infer<typeof createMaintenanceBody>;
export type UpdateMaintenanceBody = z.infer<typeof updateMaintenanceBody>;
