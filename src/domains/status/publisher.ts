import type { Db } from "../../db/client";
import { sha1Hex } from "../../lib/crypto";
import { statusUrlOf } from "../../lib/origin";
import { buildEntries } from "./entries";
import { type EntryMetadata, KEY_PREFIX, statusKeys } from "./keys";
import { buildModel } from "./projection";
import { forgetMemo } from "./reader";
import { loadStatusState, readVersion } from "./state";

/**
 * Where the projection's links point: configuration only, never the Host header of whoever wrote
 * last (an operator request with a forged Host would otherwise rewrite every public link). `ISSUER`
 * (the public origin), else the origin of `STATUS_URL`, else links are relative to the host that
 * serves them (local development on any port). Production sets `ISSUER` (docs/status.md).
 */
export function publicOrigin(env: Pick<Env, "ISSUER" | "STATUS_URL">): string {
  if (env.ISSUER) return env.ISSUER.replace(/\/+$/, "");
  return env.STATUS_URL ? new URL(env.STATUS_URL).origin : "";
}

/**
 * A publisher that finds the data moved on while it was writing starts over from the new state;
 * bounded so a storm of writes cannot keep one request busy (the 5-minute cron heals the rest).
 */
const MAX_PUBLISH_ROUNDS = 3;

interface PublishResult {
  version: number;
  written: number;
  deleted: number;
  rounds: number;
  skipped: boolean;
}

/** What KV holds now, from one listing (metadata included): the ground truth the diff runs against. */
async function listProjection(kv: KVNamespace): Promise<Map<string, EntryMetadata>> {
  const stored = new Map<string, EntryMetadata>();
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<EntryMetadata> = await kv.list<EntryMetadata>({ prefix: KEY_PREFIX, cursor });
    for (const key of page.keys) if (key.metadata) stored.set(key.name.slice(KEY_PREFIX.length), key.metadata);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return stored;
}

/**
 * Republishes the KV projection from D1: reads the whole state and its version in one batch,
 * renders every response, and writes only the keys whose body changed (unchanged keys keep their
 * `Last-Modified`); keys of things that disappeared are deleted.
 *
 * Racing writers end with the newest projection: versions order D1 states; a publisher that sees a
 * newer version already in KV stops, and one that finds the version moved on after writing starts
 * over, so whoever wrote last wrote the latest state.
 */
export async function publishStatus(env: Env, db: Db): Promise<PublishResult> {
  const origin = publicOrigin(env);
  let written = 0;
  let deleted = 0;
  for (let round = 1; ; round++) {
    const nowMs = Date.now();
    const [state, stored] = await Promise.all([loadStatusState(db, nowMs), listProjection(env.STATUS_KV)]);
    const published = stored.get(statusKeys.summary);
    if (published && published.version > state.version)
      return { version: published.version, written, deleted, rounds: round, skipped: true };

    const model = buildModel(state, nowMs, origin, statusUrlOf(env.STATUS_URL, origin));
    const entries = await buildEntries(model, state.snapshots);
    const hashed = await Promise.all(
      [...entries].map(async ([key, entry]) => ({ key, entry, etag: await sha1Hex(entry.body) })),
    );
    const writes: [string, string, EntryMetadata][] = hashed
      .filter(({ key, etag }) => stored.get(key)?.etag !== etag)
      .map(({ key, entry, etag }) => [
        key,
        entry.body,
        { etag, projectedAt: model.nowIso, contentType: entry.contentType, version: state.version },
      ]);
    const gone = [...stored.keys()].filter((key) => !entries.has(key));
    // The summary goes last: its version tells other publishers that everything before it is out.
    const put = ([key, body, metadata]: (typeof writes)[number]) =>
      env.STATUS_KV.put(KEY_PREFIX + key, body, { metadata });
    await Promise.all([
      ...writes.filter(([key]) => key !== statusKeys.summary).map(put),
      ...gone.map((key) => env.STATUS_KV.delete(KEY_PREFIX + key)),
    ]);
    await Promise.all(writes.filter(([key]) => key === statusKeys.summary).map(put));
    written += writes.length;
    deleted += gone.length;
    forgetMemo();

    if ((await readVersion(db)) <= state.version || round >= MAX_PUBLISH_ROUNDS) {
      return { version: state.version, written, deleted, rounds: round, skipped: false };
    }
  }
}
