import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { sha1Hex } from "../../lib/crypto";
import { notFound } from "../../lib/errors";
import { type EntryMetadata, KEY_PREFIX } from "./keys";

/**
 * The read path: one KV read per request, never D1 or a Durable Object. Visitors are anonymous and
 * many; the CDN in front caches these responses by the headers set here.
 */
export const STATUS_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

/** The 404 of a route whose key the publisher has not written yet. */
export const UNPUBLISHED = "The status projection has not been published yet";

/** Response headers every status answer carries (documented once, set here). */
export const cacheHeaders = {
  "Cache-Control": { schema: { type: "string" as const }, description: STATUS_CACHE_CONTROL },
  ETag: { schema: { type: "string" as const }, description: "SHA-1 of the body, quoted" },
  "Last-Modified": { schema: { type: "string" as const }, description: "When the projection last changed this body" },
};

/**
 * `If-None-Match` (a list of ETags, or `*`) and `If-Modified-Since` are honoured by every route; they
 * are described on the 304 response rather than declared as validated headers, which would cost
 * every request a parse on the hottest path of the API.
 */
export const notModified = {
  304: {
    description: "Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched",
    headers: cacheHeaders,
  },
};

interface StoredEntry {
  body: string;
  metadata: EntryMetadata;
}

/**
 * A per-isolate memo of KV reads. KV is itself eventually consistent (other locations see a write
 * up to a minute later) and these responses are cacheable for 30 s plus 300 s stale, so keeping a
 * read for a few seconds in memory changes nothing a visitor can observe, while a hot isolate
 * answers without a KV round trip and concurrent misses for one key share a single read.
 * The publisher clears it, so within one isolate a write is visible to the next read.
 */
const MEMO_TTL_MS = 5_000;
/** Bounds memory when many distinct keys are read (incidents, snapshots): the memo simply restarts. */
const MEMO_MAX_KEYS = 1_000;
const memo = new Map<string, { expires: number; entry: Promise<StoredEntry | null> }>();

export const forgetMemo = () => memo.clear();

async function readKv(env: Env, key: string): Promise<StoredEntry | null> {
  const { value, metadata } = await env.STATUS_KV.getWithMetadata<EntryMetadata>(KEY_PREFIX + key, "text");
  return value === null || !metadata ? null : { body: value, metadata };
}

export function readEntry(env: Env, key: string): Promise<StoredEntry | null> {
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.expires > now) return hit.entry;
  if (memo.size >= MEMO_MAX_KEYS) memo.clear();
  const entry = readKv(env, key);
  memo.set(key, { expires: now + MEMO_TTL_MS, entry });
  // A failed read is not remembered; absent keys are, briefly, like present ones.
  entry.catch(() => memo.delete(key));
  return entry;
}

/** `If-None-Match` per RFC 9110: a list of (weak or strong) tags, or `*` for any current representation. */
function matchesEtag(header: string, etag: string): boolean {
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag.replace(/^W\//, "") === `"${etag}"`;
  });
}

/** `If-Modified-Since` has one-second resolution, so the projection time is compared in whole seconds. */
function notModifiedSince(header: string, projectedAt: string): boolean {
  const since = Date.parse(header);
  return !Number.isNaN(since) && Math.floor(Date.parse(projectedAt) / 1000) <= Math.floor(since / 1000);
}

/** The response for a body and its validators: 304 when the client's copy is current, else 200. */
export function conditionalResponse(
  c: Context<AppEnv>,
  body: string,
  metadata: Pick<EntryMetadata, "etag" | "projectedAt" | "contentType">,
) {
  const etag = `"${metadata.etag}"`;
  const lastModified = new Date(metadata.projectedAt).toUTCString();
  const ifNoneMatch = c.req.header("If-None-Match");
  const ifModifiedSince = c.req.header("If-Modified-Since");
  // If-None-Match wins when both are sent (RFC 9110 13.2.2).
  const fresh =
    ifNoneMatch !== undefined
      ? matchesEtag(ifNoneMatch, metadata.etag)
      : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, metadata.projectedAt);
  if (fresh)
    return c.body(null, 304, { "Cache-Control": STATUS_CACHE_CONTROL, ETag: etag, "Last-Modified": lastModified });
  return c.body(body, 200, {
    "Cache-Control": STATUS_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": lastModified,
    "Content-Type": metadata.contentType,
  });
}

/** Serves one stored response; an absent key is a 404 `not_found` (incident or snapshot that does not exist). */
export async function serveEntry(c: Context<AppEnv>, key: string, what = "Not found") {
  const entry = await readEntry(c.env, key);
  if (!entry) throw notFound(what);
  return conditionalResponse(c, entry.body, entry.metadata);
}

/** A response computed from a stored one (a page of the feed): its own ETag, the source's timestamp. */
export async function serveDerived(c: Context<AppEnv>, body: string, source: EntryMetadata) {
  return conditionalResponse(c, body, {
    etag: await sha1Hex(body),
    projectedAt: source.projectedAt,
    contentType: source.contentType,
  });
}
