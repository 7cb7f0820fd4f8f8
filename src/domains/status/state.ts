import { asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  statusComponents,
  statusDailyDowntime,
  statusIncidents,
  statusIncidentServices,
  statusIncidentUpdates,
  statusMaintenance,
  statusProjectionState,
  statusServices,
  statusSnapshots,
} from "../../db/schema";
import { DAY_MS, WINDOW_DAYS, dateOf } from "./uptime";

/** The one row of `status_projection_state`. */
const PROJECTION_ROW = 1;

/**
 * The statement every status write adds to its own batch: it bumps the projection version in the
 * same transaction as the change, so a version number names exactly one state of the data.
 */
export const bumpVersion = (db: Db) =>
  db
    .insert(statusProjectionState)
    .values({ id: PROJECTION_ROW, version: 1 })
    .onConflictDoUpdate({
      target: statusProjectionState.id,
      set: { version: sql`${statusProjectionState.version} + 1` },
    });

/** The projection version's row (none before the first write). */
const versionQuery = (db: Db) =>
  db
    .select({ version: statusProjectionState.version })
    .from(statusProjectionState)
    .where(eq(statusProjectionState.id, PROJECTION_ROW));

export const readVersion = async (db: Db) => (await versionQuery(db))[0]?.version ?? 0;

/** The longest uptime window, plus a day for the partial first day of a trailing window. */
const DOWNTIME_HISTORY_DAYS = WINDOW_DAYS["1y"] + 1;

/**
 * Everything the projection is built from, read in ONE D1 batch (one round trip, one transaction),
 * so the state and its version are consistent with each other.
 */
export async function loadStatusState(db: Db, nowMs: number) {
  const since = dateOf(nowMs - DOWNTIME_HISTORY_DAYS * DAY_MS);
  const [version, services, components, incidents, links, updates, maintenance, downtime, snapshots] = await db.batch([
    versionQuery(db),
    db.select().from(statusServices).orderBy(asc(statusServices.sortOrder), asc(statusServices.name)),
    db.select().from(statusComponents).orderBy(asc(statusComponents.name)),
    db.select().from(statusIncidents),
    db.select().from(statusIncidentServices),
    db
      .select()
      .from(statusIncidentUpdates)
      .orderBy(asc(statusIncidentUpdates.createdAt), asc(statusIncidentUpdates.id)),
    db.select().from(statusMaintenance).orderBy(asc(statusMaintenance.startsAt)),
    db.select().from(statusDailyDowntime).where(gte(statusDailyDowntime.date, since)),
    db.select().from(statusSnapshots),
  ]);
  return {
    version: version[0]?.version ?? 0,
    services,
    components,
    incidents,
    links,
    updates,
    maintenance,
    downtime,
    snapshots,
  };
}

export type StatusState = Awaited<ReturnType<typeof loadStatusState>>;
