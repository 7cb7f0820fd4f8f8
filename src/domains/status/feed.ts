import type { StatusModel } from "./projection";

/** The feed lists the newest entries only; older history stays available in the JSON incident feed. */
const FEED_ENTRIES = 50;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!);

interface Entry {
  id: string;
  title: string;
  updated: string;
  content: string;
  incidentId: string;
}

/**
 * Atom (RFC 4287) feed of incident activity: one entry when an incident starts and one per update,
 * newest first. Entry ids are `urn:uuid:` so they stay stable if the host name changes.
 */
export function renderAtomFeed(model: StatusModel): string {
  const entries: Entry[] = [];
  for (const incident of model.incidents) {
    entries.push({
      id: `urn:uuid:${incident.id}`,
      title: `${incident.title} (${incident.impact} impact)`,
      updated: incident.started_at,
      content: incident.description,
      incidentId: incident.id,
    });
    for (const update of incident.updates) {
      entries.push({
        id: `urn:uuid:${update.id}`,
        title: `${incident.title}: ${update.status.replace("_", " ")}`,
        updated: update.created_at,
        content: `${update.message} (${update.author_name})`,
        incidentId: incident.id,
      });
    }
  }
  entries.sort((a, b) => b.updated.localeCompare(a.updated) || b.id.localeCompare(a.id));
  const newest = entries.slice(0, FEED_ENTRIES);
  const feedUpdated = newest[0]?.updated ?? model.summary.updatedAt;
  const page = `${model.origin}/status`;
  // An Atom id must be an absolute IRI; without a configured origin the links are relative, so
  // the feed is named by a tag URI (RFC 4151) instead.
  const feedId = model.origin ? `${page}/feed.atom` : "tag:platform-status,2026:feed";
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `<id>${escapeXml(feedId)}</id>`,
    `<title>Platform status: incident updates</title>`,
    `<updated>${feedUpdated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(`${page}/feed.atom`)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    `<author><name>Platform status</name></author>`,
    ...newest.map((entry) =>
      [
        `<entry>`,
        `<id>${entry.id}</id>`,
        `<title>${escapeXml(entry.title)}</title>`,
        `<updated>${entry.updated}</updated>`,
        `<link rel="alternate" type="application/json" href="${escapeXml(`${model.statusUrl}/status/incidents/${entry.incidentId}`)}"/>`,
        `<content type="text">${escapeXml(entry.content)}</content>`,
        `</entry>`,
      ].join(""),
    ),
    `</feed>`,
  ].join("\n");
}
