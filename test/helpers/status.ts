import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { KEY_PREFIX, type EntryMetadata } from "../../src/domains/status/keys";
import { operator, type RequestBody } from "./client";

/** Status data is global (one projection), so every test names its own services. */
export const uniqueSlug = (prefix = "svc") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

type ServiceBody = RequestBody<"/api/v1/admin/status/services", "post">;
type IncidentBody = RequestBody<"/api/v1/admin/status/incidents", "post">;

export async function createService(body: Partial<ServiceBody> = {}) {
  const slug = body.slug ?? uniqueSlug();
  const res = await operator().POST("/api/v1/admin/status/services", {
    body: { slug, name: `Service ${slug}`, description: "", sortOrder: 10, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

export async function createIncident(body: Partial<IncidentBody> & Pick<IncidentBody, "serviceSlugs">) {
  const res = await operator().POST("/api/v1/admin/status/incidents", {
    body: { title: "Elevated errors", impact: "major", description: "Errors", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** What the projection holds under a key, straight from KV. */
export async function kvEntry(key: string) {
  const { value, metadata } = await env.STATUS_KV.getWithMetadata<EntryMetadata>(KEY_PREFIX + key, "text");
  return value === null ? null : { body: JSON.parse(value), raw: value, metadata: metadata! };
}

export const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
