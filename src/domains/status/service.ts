import type { Ctx } from "../identity";
import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  statusComponents,
  statusDailyDowntime,
  statusIncidents,
  statusIncidentServices,
  statusIncidentUpdates,
  statusMaintenance,
  statusServices,
} from "../../db/schema";
import type { IncidentStatus } from "../../db/schema/status";
import { chunked } from "../../lib/chunks";
import { nowIso } from "../../lib/clock";
import { badRequest, conflictOnDuplicate, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { isMaintenanceActive, isOpenIncident } from "./derive";
import { componentResource, incidentResource, maintenanceResource, serviceResource } from "./resources";
import type {
  CreateComponentBody,
  CreateIncidentBody,
  CreateMaintenanceBody,
  CreateServiceBody,
  IncidentUpdateBody,
  UpdateComponentBody,
  UpdateIncidentBody,
  UpdateMaintenanceBody,
  UpdateServiceBody,
} from "./admin-schemas";
import type { IncidentResource, ServiceResource } from "./schemas";
import { bumpVersion } from "./state";
import { IMPACT_WEIGHT, dailyDowntime, dateOf, dayStart } from "./uptime";

/**
 * Operator writes to the status source of truth. Each write runs in one D1 batch together with the
 * projection version bump; the routes then republish the KV projection before answering.
 */

/** A start time a few seconds ahead of ours is clock skew, not a prediction. */
const FUTURE_SKEW_MS = 60_000;

/** A readable slug for titled things; the id suffix keeps it unique without a lookup. */
const titleSlug = (title: string, id: string) =>
  `${
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "item"
  }-${id.slice(0, 8)}`;

// ---- Lookups

async function serviceBySlug(db: Db, slug: string, field?: string) {
  const [row] = await db.select().from(statusServices).where(eq(statusServices.slug, slug)).limit(1);
  if (row) return row;
  throw field ? badRequest([{ field, message: `no service with slug ${slug}` }]) : notFound("No such service");
}

async function serviceIdsBySlugs(db: Db, slugs: string[]) {
  const rows = await db
    .select({ id: statusServices.id, slug: statusServices.slug })
    .from(statusServices)
    .where(inArray(statusServices.slug, slugs));
  const missing = slugs.filter((slug) => !rows.some((r) => r.slug === slug));
  if (missing.length)
    throw badRequest([{ field: "serviceSlugs", message: `no service with slug ${missing.join(", ")}` }]);
  return rows.map((r) => r.id);
}

// ---- Resources as the operator sees them (non-public services included)

async function loadServiceResource(db: Db, id: string): Promise<ServiceResource> {
  const now = nowIso();
  const [[row], components, incidents, maintenance] = await db.batch([
    db.select().from(statusServices).where(eq(statusServices.id, id)),
    db.select({ status: statusComponents.status }).from(statusComponents).where(eq(statusComponents.serviceId, id)),
    db
      .select({ status: statusIncidents.status, impact: statusIncidents.impact })
      .from(statusIncidents)
      .innerJoin(statusIncidentServices, eq(statusIncidentServices.incidentId, statusIncidents.id))
      .where(eq(statusIncidentServices.serviceId, id)),
    db.select().from(statusMaintenance).where(eq(statusMaintenance.serviceId, id)),
  ]);
  return serviceResource(row!, {
    componentStatuses: components.map((c) => c.status),
    openIncidentImpacts: incidents.filter(isOpenIncident).map((i) => i.impact),
    maintenanceActive: maintenance.some((m) => isMaintenanceActive(m, now)),
  });
}

async function loadIncidentResource(db: Db, id: string): Promise<IncidentResource> {
  const [[row], slugs, updates] = await db.batch([
    db.select().from(statusIncidents).where(eq(statusIncidents.id, id)),
    db
      .select({ slug: statusServices.slug })
      .from(statusIncidentServices)
      .innerJoin(statusServices, eq(statusServices.id, statusIncidentServices.serviceId))
      .where(eq(statusIncidentServices.incidentId, id)),
    db
      .select()
      .from(statusIncidentUpdates)
      .where(eq(statusIncidentUpdates.incidentId, id))
      .orderBy(statusIncidentUpdates.createdAt, statusIncidentUpdates.id),
  ]);
  if (!row) throw notFound("No such incident");
  return incidentResource(
    row,
    slugs.map((s) => s.slug),
    updates,
  );
}

// ---- Services

export async function createService({ db }: Pick<Ctx, "db">, body: CreateServiceBody) {
  const now = nowIso();
  const id = newId();
  await conflictOnDuplicate(
    () =>
      db.batch([db.insert(statusServices).values({ id, ...body, createdAt: now, updatedAt: now }), bumpVersion(db)]),
    `A service with slug ${body.slug} already exists`,
  );
  return loadServiceResource(db, id);
}

export async function updateService({ db }: Pick<Ctx, "db">, slug: string, body: UpdateServiceBody) {
  const row = await serviceBySlug(db, slug);
  await conflictOnDuplicate(
    () =>
      db.batch([
        db
          .update(statusServices)
          .set({ ...body, updatedAt: nowIso() })
          .where(eq(statusServices.id, row.id)),
        bumpVersion(db),
      ]),
    `A service with slug ${body.slug} already exists`,
  );
  return loadServiceResource(db, row.id);
}

// ---- Components

export async function createComponent({ db }: Pick<Ctx, "db">, body: CreateComponentBody) {
  const service = await serviceBySlug(db, body.serviceSlug, "serviceSlug");
  const now = nowIso();
  const row = {
    id: newId(),
    slug: body.slug,
    name: body.name,
    serviceId: service.id,
    status: body.status,
    createdAt: now,
    updatedAt: now,
  };
  await conflictOnDuplicate(
    () => db.batch([db.insert(statusComponents).values(row), bumpVersion(db)]),
    `A component with slug ${body.slug} already exists`,
  );
  return componentResource(row);
}

export async function updateComponent({ db }: Pick<Ctx, "db">, slug: string, body: UpdateComponentBody) {
  const [current] = await db.select().from(statusComponents).where(eq(statusComponents.slug, slug)).limit(1);
  if (!current) throw notFound("No such component");
  const serviceId = body.serviceSlug
    ? (await serviceBySlug(db, body.serviceSlug, "serviceSlug")).id
    : current.serviceId;
  const changes = { slug: body.slug, name: body.name, status: body.status, serviceId, updatedAt: nowIso() };
  const [[row]] = await conflictOnDuplicate(
    () =>
      db.batch([
        db.update(statusComponents).set(changes).where(eq(statusComponents.id, current.id)).returning(),
        bumpVersion(db),
      ]),
    `A component with slug ${body.slug} already exists`,
  );
  return componentResource(row!);
}

// ---- Incidents

/** `resolved_at` follows the status: set when an incident closes (kept if already set), cleared when it reopens. */
function resolvedAtFor(status: IncidentStatus, current: string | null, now: string): string | null {
  if (isOpenIncident({ status })) return null;
  return current ?? now;
}

/**
 * `resolvedAt` may be given for an incident recorded after the fact; it must belong to a closed
 * incident, and the interval must be in the past and the right way round.
 */
function checkTimes(
  status: IncidentStatus,
  startedAt: string,
  resolvedAt: string | null,
  given: { startedAt?: string; resolvedAt?: string },
) {
  const latest = Date.now() + FUTURE_SKEW_MS;
  if (given.startedAt && Date.parse(given.startedAt) > latest)
    throw badRequest([{ field: "startedAt", message: "must not be in the future" }]);
  if (given.resolvedAt) {
    if (isOpenIncident({ status }))
      throw badRequest([{ field: "resolvedAt", message: "only a resolved incident has a resolution time" }]);
    if (Date.parse(given.resolvedAt) > latest)
      throw badRequest([{ field: "resolvedAt", message: "must not be in the future" }]);
  }
  if (resolvedAt && Date.parse(startedAt) > Date.parse(resolvedAt)) {
    throw badRequest([
      { field: given.resolvedAt ? "resolvedAt" : "startedAt", message: "startedAt must not be after resolvedAt" },
    ]);
  }
}

/** Timestamps are stored normalized to UTC `Z` form so that string order is time order. */
const utc = (iso: string) => new Date(iso).toISOString();

export async function createIncident({ db }: Pick<Ctx, "db">, body: CreateIncidentBody) {
  const now = nowIso();
  const startedAt = body.startedAt ? utc(body.startedAt) : now;
  const resolvedAt = body.resolvedAt ? utc(body.resolvedAt) : resolvedAtFor(body.status, null, now);
  checkTimes(body.status, startedAt, resolvedAt, body);
  const serviceIds = await serviceIdsBySlugs(db, body.serviceSlugs);
  const id = newId();
  await db.batch([
    db.insert(statusIncidents).values({
      id,
      slug: titleSlug(body.title, id),
      title: body.title,
      status: body.status,
      impact: body.impact,
      severity: body.severity ?? null,
      description: body.description,
      startedAt,
      resolvedAt,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(statusIncidentServices).values(serviceIds.map((serviceId) => ({ incidentId: id, serviceId }))),
    bumpVersion(db),
  ]);
  await recomputeDowntime(db, serviceIds, Date.parse(startedAt));
  return loadIncidentResource(db, id);
}

async function incidentWithServices(db: Db, id: string) {
  const [[row], links] = await db.batch([
    db.select().from(statusIncidents).where(eq(statusIncidents.id, id)),
    db
      .select({ serviceId: statusIncidentServices.serviceId })
      .from(statusIncidentServices)
      .where(eq(statusIncidentServices.incidentId, id)),
  ]);
  if (!row) throw notFound("No such incident");
  return { row, serviceIds: links.map((l) => l.serviceId) };
}

export async function updateIncident({ db }: Pick<Ctx, "db">, id: string, body: UpdateIncidentBody) {
  const { row, serviceIds: before } = await incidentWithServices(db, id);
  const now = nowIso();
  const status = body.status ?? row.status;
  const resolvedAt = body.resolvedAt ? utc(body.resolvedAt) : resolvedAtFor(status, row.resolvedAt, now);
  const startedAt = body.startedAt ? utc(body.startedAt) : row.startedAt;
  checkTimes(status, startedAt, resolvedAt, body);
  const after = body.serviceSlugs ? await serviceIdsBySlugs(db, body.serviceSlugs) : before;
  const { serviceSlugs: _slugs, startedAt: _started, resolvedAt: _resolved, ...fields } = body;
  await db.batch([
    db
      .update(statusIncidents)
      .set({ ...fields, startedAt, resolvedAt, updatedAt: now })
      .where(eq(statusIncidents.id, id)),
    ...(body.serviceSlugs
      ? [
          db.delete(statusIncidentServices).where(eq(statusIncidentServices.incidentId, id)),
          db.insert(statusIncidentServices).values(after.map((serviceId) => ({ incidentId: id, serviceId }))),
        ]
      : []),
    bumpVersion(db),
  ]);
  // Services the incident left lose its downtime; those it joined gain it; either way from the earliest start.
  await recomputeDowntime(
    db,
    [...new Set([...before, ...after])],
    Math.min(Date.parse(row.startedAt), Date.parse(startedAt)),
  );
  return loadIncidentResource(db, id);
}

export async function addIncidentUpdate({ db }: Pick<Ctx, "db">, id: string, body: IncidentUpdateBody) {
  const { row, serviceIds } = await incidentWithServices(db, id);
  const now = nowIso();
  await db.batch([
    db.insert(statusIncidentUpdates).values({
      id: newId(),
      incidentId: id,
      status: body.status,
      message: body.message,
      authorName: body.authorName,
      createdAt: now,
    }),
    db
      .update(statusIncidents)
      .set({ status: body.status, resolvedAt: resolvedAtFor(body.status, row.resolvedAt, now), updatedAt: now })
      .where(eq(statusIncidents.id, id)),
    bumpVersion(db),
  ]);
  await recomputeDowntime(db, serviceIds, Date.parse(row.startedAt));
  return loadIncidentResource(db, id);
}

// ---- Maintenance

export async function createMaintenance({ db }: Pick<Ctx, "db">, body: CreateMaintenanceBody) {
  const service = await serviceBySlug(db, body.serviceSlug, "serviceSlug");
  const now = nowIso();
  const id = newId();
  const row = {
    id,
    slug: titleSlug(body.title, id),
    title: body.title,
    status: body.status,
    serviceId: service.id,
    startsAt: utc(body.startsAt),
    endsAt: utc(body.endsAt),
    createdAt: now,
    updatedAt: now,
  };
  await db.batch([db.insert(statusMaintenance).values(row), bumpVersion(db)]);
  return maintenanceResource(row);
}

export async function updateMaintenance({ db }: Pick<Ctx, "db">, id: string, body: UpdateMaintenanceBody) {
  const [current] = await db.select().from(statusMaintenance).where(eq(statusMaintenance.id, id)).limit(1);
  if (!current) throw notFound("No such maintenance window");
  const serviceId = body.serviceSlug
    ? (await serviceBySlug(db, body.serviceSlug, "serviceSlug")).id
    : current.serviceId;
  const startsAt = body.startsAt ? utc(body.startsAt) : current.startsAt;
  const endsAt = body.endsAt ? utc(body.endsAt) : current.endsAt;
  if (Date.parse(endsAt) <= Date.parse(startsAt))
    throw badRequest([{ field: "endsAt", message: "must be after startsAt" }]);
  const [[row]] = await db.batch([
    db
      .update(statusMaintenance)
      .set({ title: body.title, status: body.status, serviceId, startsAt, endsAt, updatedAt: nowIso() })
      .where(eq(statusMaintenance.id, id))
      .returning(),
    bumpVersion(db),
  ]);
  return maintenanceResource(row!);
}

// ---- Daily downtime (derived data, recomputed from incidents)

/**
 * Rewrites the daily downtime rows of `serviceIds` from the UTC day of `fromMs` until now, from the
 * incidents that overlap that span. Two round trips: one read, one batch (delete + insert + version).
 */
export async function recomputeDowntime(db: Db, serviceIds: string[], fromMs: number, nowMs = Date.now()) {
  if (serviceIds.length === 0) return;
  const from = dayStart(Math.min(fromMs, nowMs));
  const fromIso = new Date(from).toISOString();
  const rows = await db
    .select({
      serviceId: statusIncidentServices.serviceId,
      impact: statusIncidents.impact,
      startedAt: statusIncidents.startedAt,
      resolvedAt: statusIncidents.resolvedAt,
    })
    .from(statusIncidents)
    .innerJoin(statusIncidentServices, eq(statusIncidentServices.incidentId, statusIncidents.id))
    .where(
      and(
        inArray(statusIncidentServices.serviceId, serviceIds),
        or(isNull(statusIncidents.resolvedAt), gte(statusIncidents.resolvedAt, fromIso)),
      ),
    );
  const values: (typeof statusDailyDowntime.$inferInsert)[] = [];
  for (const serviceId of serviceIds) {
    const intervals = rows
      .filter((r) => r.serviceId === serviceId)
      .map((r) => ({
        startMs: Date.parse(r.startedAt),
        endMs: r.resolvedAt ? Date.parse(r.resolvedAt) : nowMs,
        weight: IMPACT_WEIGHT[r.impact],
      }));
    for (const [date, downtimeMinutes] of dailyDowntime(intervals, from, nowMs))
      values.push({ serviceId, date, downtimeMinutes });
  }
  await db.batch([
    db
      .delete(statusDailyDowntime)
      .where(and(inArray(statusDailyDowntime.serviceId, serviceIds), gte(statusDailyDowntime.date, dateOf(from)))),
    // D1 caps bound parameters per statement; rows go in chunks well under it (3 columns each).
    ...chunked(values, DOWNTIME_ROWS_PER_INSERT).map((part) => db.insert(statusDailyDowntime).values(part)),
    bumpVersion(db),
  ]);
}

/** 30 rows of 3 columns: 90 bound values, under D1's 100 per statement. */
const DOWNTIME_ROWS_PER_INSERT = 30;

/** Services with an open incident, and the earliest start among those incidents (for the cron). */
export async function openIncidentSpan(db: Db) {
  const rows = await db
    .select({ serviceId: statusIncidentServices.serviceId, startedAt: statusIncidents.startedAt })
    .from(statusIncidents)
    .innerJoin(statusIncidentServices, eq(statusIncidentServices.incidentId, statusIncidents.id))
    .where(isNull(statusIncidents.resolvedAt));
  if (rows.length === 0) return null;
  return {
    serviceIds: [...new Set(rows.map((r) => r.serviceId))],
    fromMs: Math.min(...rows.map((r) => Date.parse(r.startedAt))),
  };
}
