import type { Ctx } from "../identity";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { media, type MEDIA_KINDS, type MEDIA_SOURCES } from "../../db/schema/media";
import { chunked } from "../../lib/chunks";
import { nowIso } from "../../lib/clock";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { putStream, tap, type ByteCheck } from "./blobs";
import { signedMediaUrl } from "./signing";

export type MediaRow = typeof media.$inferSelect;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** Every item's bytes are this one R2 object (CONTRACT; docs/storage.md). */
export const mediaKey = (id: string) => `media/${id}`;

/**
 * The custom metadata key of an item's R2 object that names its owner (written since issue 38).
 * With it the object says all that serving needs (its type is `httpMetadata.contentType`, its size
 * and ETag R2's own), so `GET /media/:id` reads no row (media/reading.ts). An object stored before
 * has none, and is served with its row as before.
 */
const OWNER_METADATA = "owner";

/** What serving an item's bytes needs: who may read it without a signature, and its headers. */
export type ServedMedia = Pick<MediaRow, "id" | "userId" | "mimeType" | "size" | "etag">;

/** The item as its R2 object describes it, or undefined for an object stored without its owner. */
export function servedFromObject(id: string, object: R2Object): ServedMedia | undefined {
  const userId = object.customMetadata?.[OWNER_METADATA];
  const mimeType = object.httpMetadata?.contentType;
  if (!userId || !mimeType) return undefined;
  return { id, userId, mimeType, size: object.size, etag: object.httpEtag };
}

/** A PDF's extracted text (CONTRACT "Media"; media/pdf-text.ts), deleted with its item. */
export const textKey = (id: string) => `text/${id}`;

export interface StoreMediaInput {
  ownerId: string;
  kind: MediaKind;
  mimeType: string;
  sessionId?: string;
  source: MediaSource;
  /** Streamed to R2 as it arrives; an ArrayBuffer is for bytes already in hand (a small image). */
  body: ReadableStream<Uint8Array> | ArrayBuffer;
  /** The byte count when known (a provider's `Content-Length`): R2 then takes one streamed `put`. */
  length?: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** What an upload adds: a cap and a content check on the way in, and a look at the first bytes after. */
export interface StoreOptions {
  maxBytes?: number;
  tooLarge?: () => Error;
  check?: ByteCheck;
  /** Reads the dimensions (or anything else) from the file's first bytes once all are stored. */
  describe?: (head: Uint8Array) => { width?: number; height?: number } | undefined;
}

/**
 * Stores one media item: the bytes to R2 first (streamed, never whole in memory), then its row,
 * so a row never points at missing bytes; if the row cannot be written the bytes are removed.
 */
export async function storeMedia(
  db: Db,
  env: Pick<Env, "BLOBS">,
  input: StoreMediaInput,
  options: StoreOptions = {},
): Promise<MediaRow> {
  const id = newId();
  const key = mediaKey(id);
  const watch = tap(options);
  const source = input.body instanceof ArrayBuffer ? new Response(input.body).body! : input.body;
  const length = input.body instanceof ArrayBuffer ? input.body.byteLength : input.length;
  const object = await putStream(env.BLOBS, key, source.pipeThrough(watch.stream), {
    length,
    contentType: input.mimeType,
    customMetadata: { [OWNER_METADATA]: input.ownerId },
  });
  const { size, head } = watch.seen();
  const described = options.describe?.(head);
  const row: MediaRow = {
    id,
    userId: input.ownerId,
    kind: input.kind,
    mimeType: input.mimeType,
    size,
    width: described?.width ?? input.width ?? null,
    height: described?.height ?? input.height ?? null,
    durationSeconds: input.durationSeconds ?? null,
    sessionId: input.sessionId ?? null,
    source: input.source,
    etag: object.httpEtag,
    textOutcome: null,
    createdAt: nowIso(),
  };
  try {
    await db.insert(media).values(row);
  } catch (error) {
    await env.BLOBS.delete(key);
    throw error;
  }
  return row;
}

/**
 * The API's shape of an item, with a URL signed now (storage keeps only the id), or the `url`
 * given (a generated item's unsigned path, signed as it is served).
 */
export function presentMedia(
  env: Pick<Env, "MEDIA_SIGNING_KEY">,
  row: MediaRow,
  url: string = signedMediaUrl(env, row.id),
) {
  return {
    id: row.id,
    kind: row.kind,
    mimeType: row.mimeType,
    size: row.size,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...(row.durationSeconds !== null ? { durationSeconds: row.durationSeconds } : {}),
    ...(row.sessionId !== null ? { sessionId: row.sessionId } : {}),
    source: row.source,
    createdAt: row.createdAt,
    url,
  };
}

export type MediaItem = ReturnType<typeof presentMedia>;

export async function findMedia({ db }: Pick<Ctx, "db">, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

/** One of the caller's items as the API shows it, or 404. */
export async function mediaItem(ctx: Pick<Ctx, "db" | "env" | "auth">, id: string): Promise<MediaItem> {
  return presentMedia(ctx.env, await ownedMedia(ctx, id));
}

/** One of the caller's items, or 404 (another user's item is indistinguishable from none). */
async function ownedMedia({ db, auth }: Pick<Ctx, "db" | "auth">, id: string): Promise<MediaRow> {
  const userId = auth.user.id;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.userId, userId)));
  if (!row) throw notFound("Media not found");
  return row;
}

/** D1's limit on bound parameters per statement (100), with room for the owner's id. */
const IDS_PER_QUERY = 90;

/**
 * The user's items among `ids` (others' and unknown ones are simply absent): one query, or one per
 * slice of `IDS_PER_QUERY` for a longer list (text a caller found them in may name any number).
 */
export async function ownedMediaAmong(db: Db, userId: string, ids: string[]): Promise<MediaRow[]> {
  const rows = await Promise.all(
    chunked(ids, IDS_PER_QUERY).map((slice) =>
      db
        .select()
        .from(media)
        .where(and(eq(media.userId, userId), inArray(media.id, slice))),
    ),
  );
  return rows.flat();
}

/**
 * Deletes one of the user's uploads: its bytes (and a PDF's extracted text), then the row. Generated media are 409: they belong
 * to their session and go with it (CONTRACT), and the caller owns them, so saying so reveals nothing.
 * Bytes first: a signed URL is served from the object alone (media/reading.ts), so an object must
 * never outlive its row; a row left by a failed delete points at no bytes (404) until a retry.
 */
export async function deleteUpload(ctx: Pick<Ctx, "db" | "env" | "auth">, id: string) {
  const { db, env } = ctx;
  const row = await ownedMedia(ctx, id);
  if (row.source !== "upload") throw conflict("Generated media are deleted with their session");
  await env.BLOBS.delete([mediaKey(id), textKey(id)]);
  await db.delete(media).where(eq(media.id, id));
  return { id, deleted: true as const };
}

/**
 * The generated media of a deleted session: R2 objects (R2 deletes up to 1,000 keys a call), then
 * the rows of those ids, bytes first as in `deleteUpload`. An item stored meanwhile keeps both its
 * row and its bytes. Uploads attached in the session stay: they are deleted with `DELETE /files/:id`.
 */
export async function deleteSessionMedia(db: Db, env: Pick<Env, "BLOBS">, sessionId: string) {
  const gone = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.sessionId, sessionId), eq(media.source, "generated")));
  for (const batch of chunked(gone, R2_DELETE_BATCH)) await env.BLOBS.delete(batch.map((row) => mediaKey(row.id)));
  for (const slice of chunked(gone, IDS_PER_QUERY))
    await db.delete(media).where(
      inArray(
        media.id,
        slice.map((row) => row.id),
      ),
    );
  return gone.length;
}

const R2_DELETE_BATCH = 1000;

/** The item's R2 object without its bytes (its metadata), or null when there is none. */
export const headMedia = (env: Pick<Env, "BLOBS">, id: string) => env.BLOBS.head(mediaKey(id));

/** The item's bytes, whole or one range (`offset`, `length`), as R2 streams them. */
export async function openMedia(env: Pick<Env, "BLOBS">, id: string, range?: { offset: number; length: number }) {
  return env.BLOBS.get(mediaKey(id), range ? { range } : undefined);
}
