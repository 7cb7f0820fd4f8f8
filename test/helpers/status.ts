import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { KEY_PREFIX, type EntryMetadata } from "../../src/domains/status/keys";
import { admin } from "./api";

/** Status data is global (one projection), so every test names its own services. */
export const uniqueSlug = (prefix = "svc") => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export async function createService(body: Record<string, unknown> = {}) {
  const slug = (body.slug as string) ?? uniqueSlug();
  const res = await admin("POST", "/admin/status/services", {
    slug,
    name: `Service ${slug}`,
    description: "",
    sortOrder: 10,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string; name: string; created_at: string };
}

export async function createIncident(body: Record<string, unknown>) {
  const res = await admin("POST", "/admin/status/incidents", {
    title: "Elevated errors",
    impact: "major",
    description: "Errors",
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string; resolved_at: string | null };
}

/** What the projection holds under a key, straight from KV. */
export async function kvEntry(key: string) {
  const { value, metadata } = await env.STATUS_KV.getWithMetadata<EntryMetadata>(KEY_PREFIX + key, "text");
  return value === null ? null : { body: JSON.parse(value), raw: value, metadata: metadata! };
}

export const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
