import { createDb } from "../../db/client";
import { statusSnapshots } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { buildModel, snapshotOf } from "./projection";
import { publishStatus } from "./publisher";
import { openIncidentSpan, recomputeDowntime } from "./service";
import { bumpVersion, loadStatusState } from "./state";
import { dateOf } from "./uptime";

/**
 * Every five minutes: ongoing incidents accrue downtime and scheduled windows start and end without
 * anyone writing, so the derived numbers are refreshed and the projection republished.
 */
async function refreshStatus(env: Env) {
  const db = createDb(env.DB);
  const open = await openIncidentSpan(db);
  if (open) await recomputeDowntime(db, open.serviceIds, open.fromMs);
  return publishStatus(env, db);
}

/**
 * Daily: freezes the summary as the snapshot of the UTC date the job runs on. The date is the
 * primary key and the insert does nothing on conflict, so running twice keeps the first snapshot.
 */
export async function takeDailySnapshot(env: Env, scheduledTime = Date.now()) {
  const db = createDb(env.DB);
  const snapshotDate = dateOf(scheduledTime);
  const nowMs = Date.now();
  // A snapshot holds no links, so the origin the model is built with does not matter here.
  const snapshot = snapshotOf(buildModel(await loadStatusState(db, nowMs), nowMs, ""), snapshotDate);
  const [inserted] = await db.batch([
    db
      .insert(statusSnapshots)
      .values({ snapshotDate, body: JSON.stringify(snapshot), createdAt: nowIso() })
      .onConflictDoNothing()
      .returning(),
    bumpVersion(db),
  ]);
  await publishStatus(env, db);
  return { snapshotDate, created: inserted.length > 0 };
}

/** The status domain's scheduled work (src/cron's table). */
export const statusCron = { refresh: refreshStatus, dailySnapshot: takeDailySnapshot };
