import { renderBadge } from "./badge";
import { renderAtomFeed } from "./feed";
import { CONTENT_TYPE, DEFAULT_FEED_LIMIT, statusKeys } from "./keys";
import { renderStatusPage } from "./pages";
import type { StatusModel } from "./projection";
import { statuspageStatus, statuspageSummary } from "./statuspage-v2";
import { feedPageBody } from "./feed-page";
import { UPTIME_WINDOWS } from "./uptime";

export interface Entry {
  body: string;
  contentType: string;
}

const json = (value: unknown): Entry => ({ body: JSON.stringify(value), contentType: CONTENT_TYPE.json });

/** Every response of the public surface, serialized once, keyed by its KV name. */
export async function buildEntries(
  model: StatusModel,
  snapshots: { snapshotDate: string; body: string }[],
): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  entries.set(statusKeys.summary, json({ data: model.summary }));
  entries.set(statusKeys.services, json({ data: model.services }));
  entries.set(statusKeys.components, json({ data: model.components }));
  for (const [slug, detail] of model.details) {
    entries.set(statusKeys.service(slug), json({ data: detail }));
    entries.set(statusKeys.componentsOf(slug), json({ data: detail.components }));
  }
  entries.set(statusKeys.incidentsAll, json(model.incidents));
  entries.set(statusKeys.incidentsFirstPage, {
    body: feedPageBody(model.incidents, 0, DEFAULT_FEED_LIMIT),
    contentType: CONTENT_TYPE.json,
  });
  for (const incident of model.incidents) entries.set(statusKeys.incident(incident.id), json({ data: incident }));
  entries.set(statusKeys.maintenance, json({ data: model.maintenance }));
  for (const window of UPTIME_WINDOWS)
    entries.set(statusKeys.uptime(window), json({ data: model.platformUptime[window] }));
  for (const snapshot of snapshots)
    entries.set(statusKeys.snapshot(snapshot.snapshotDate), {
      body: `{"data":${snapshot.body}}`,
      contentType: CONTENT_TYPE.json,
    });
  entries.set(statusKeys.page, { body: await renderStatusPage(model), contentType: CONTENT_TYPE.html });
  entries.set(statusKeys.feed, { body: renderAtomFeed(model), contentType: CONTENT_TYPE.atom });
  entries.set(statusKeys.badge, { body: renderBadge(model), contentType: CONTENT_TYPE.svg });
  entries.set(statusKeys.v2Summary, json(statuspageSummary(model)));
  entries.set(statusKeys.v2Status, json(statuspageStatus(model)));
  return entries;
}
