/**
 * KV key names of the projection: one key per response. The version segment lets a future change
 * of shape publish beside the old keys instead of over them.
 */
export const KEY_PREFIX = "status/v1/";

/** The incident feed's default page, precomputed because it is what nearly every reader asks for. */
export const DEFAULT_FEED_LIMIT = 20;

export const statusKeys = {
  summary: "summary",
  services: "services",
  service: (slug: string) => `services/${slug}`,
  components: "components",
  componentsOf: (serviceSlug: string) => `components?serviceSlug=${serviceSlug}`,
  /** Every public incident, newest first: the source of feed pages other than the default one. */
  incidentsAll: "incidents/all",
  incidentsFirstPage: `incidents?offset=0&limit=${DEFAULT_FEED_LIMIT}`,
  incident: (id: string) => `incidents/${id}`,
  maintenance: "maintenance",
  uptime: (window: string) => `uptime/${window}`,
  snapshot: (date: string) => `snapshots/${date}`,
  page: "page.html",
  feed: "feed.atom",
  badge: "badge.svg",
  v2Summary: "v2/summary.json",
  v2Status: "v2/status.json",
} as const;

export const CONTENT_TYPE = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  svg: "image/svg+xml",
} as const;

/** Stored beside each body as KV metadata, so one read gives the body and its headers. */
export interface EntryMetadata {
  /** SHA-1 of the body, hex (sent quoted as the `ETag`). */
  etag: string;
  /** When this body last changed (sent as `Last-Modified`). */
  projectedAt: string;
  contentType: string;
  /** The D1 state version the body was computed from. */
  version: number;
}
