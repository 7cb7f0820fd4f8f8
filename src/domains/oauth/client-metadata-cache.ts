import type { ClientMetadata } from "./client-metadata";

/**
 * The cache of checked metadata documents: the Cache API, in a cache of its own (docs/oauth.md
 * "Clients without registration" says why not KV). An entry is what client-metadata.ts kept of a
 * valid document, stored for the document's own `Cache-Control` lifetime, at most a day. Invalid
 * documents and error answers are never stored (the draft forbids it), so a fixed document is
 * seen at the next attempt.
 */

/** CONTRACT: a document is cached for its `Cache-Control` up to 24 h. */
const MAX_CACHE_SECONDS = 24 * 3600;
const CACHE_NAME = "oauth-client-metadata";

/**
 * How long a document may be reused: its `max-age`, less its `Age` (time it already spent in
 * caches on the way), at most a day; 0 (not stored) without a `max-age`, or with `no-store` or
 * `no-cache` (which would have us ask the host again at every use anyway).
 */
export function cacheSeconds(cacheControl: string | null, age: string | null): number {
  const directives = (cacheControl ?? "")
    .toLowerCase()
    .split(",")
    .map((directive) => directive.trim());
  if (directives.some((d) => d === "no-store" || d === "no-cache" || d.startsWith("no-cache="))) return 0;
  const maxAge = directives.map((d) => /^max-age\s*=\s*"?(\d+)"?$/.exec(d)?.[1]).find((v) => v !== undefined);
  if (maxAge === undefined) return 0;
  const spent = /^\d+$/.test(age?.trim() ?? "") ? Number(age) : 0;
  return Math.max(0, Math.min(Number(maxAge) - spent, MAX_CACHE_SECONDS));
}

/** Entries are keyed under this server's own origin, whatever host the document lives on. */
const cacheKey = (issuer: string, clientId: string) =>
  new Request(`${issuer}/.oauth-client-metadata/${encodeURIComponent(clientId)}`);

const isMetadata = (value: unknown): value is ClientMetadata => {
  const entry = value as Partial<ClientMetadata> | null;
  return (
    typeof entry?.clientId === "string" &&
    typeof entry.clientName === "string" &&
    Array.isArray(entry.redirectUris) &&
    entry.redirectUris.every((uri) => typeof uri === "string")
  );
};

/** The cached metadata of `clientId`, if a live entry exists. */
export async function cachedClientMetadata(issuer: string, clientId: string): Promise<ClientMetadata | undefined> {
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(cacheKey(issuer, clientId));
  if (!hit) return undefined;
  const entry: unknown = await hit.json().catch(() => null);
  return isMetadata(entry) && entry.clientId === clientId ? entry : undefined;
}

/** Stores `metadata` for `seconds` (callers pass only positive lifetimes). */
export async function cacheClientMetadata(issuer: string, metadata: ClientMetadata, seconds: number) {
  const cache = await caches.open(CACHE_NAME);
  await cache.put(
    cacheKey(issuer, metadata.clientId),
    new Response(JSON.stringify(metadata), {
      headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${seconds}` },
    }),
  );
}
