import { ApiError } from "../../lib/errors";
import type { AuthContext, ViewerCtx } from "../identity";
import { matchesEtag, resolveRange } from "./ranges";
import { contentDisposition, MEDIA_SAFETY_HEADERS } from "./serving";
import { isSignedFor } from "./signing";
import { findMedia, headMedia, openMedia, servedFromObject, type ServedMedia } from "./store";

/** The one answer for everyone but the owner or a signed URL's holder (CONTRACT "Media"). */
const hidden = () => new ApiError("not_found", "Media not found", undefined, { ...MEDIA_SAFETY_HEADERS });

/**
 * The door to an item's bytes: anyone with a valid signed URL; else the owner, recognized by a
 * token the AI endpoints would admit (`recognizeCaller`). Everyone else gets the 404 an unknown id
 * gets, with or without a token: a bad, expired or under-scoped token, or a plan without `ai`, is
 * not told apart from a stranger's (a 401 or 403 here would say that the id exists, or invite a
 * retry where a signed URL was meant). `item` undefined: no such item (or no bytes left).
 */
function admitted(item: ServedMedia | undefined, signed: boolean, viewer: AuthContext | undefined): ServedMedia {
  if (item && (signed || item.userId === viewer?.user.id)) return item;
  throw hidden();
}

/**
 * What the item is, as serving needs it: its R2 object's metadata when the object names its owner
 * (stored since issue 38: no D1 read), else its row (an object stored before), and undefined when
 * there are no bytes, as for a deleted item (deletion removes the bytes before the row).
 */
async function described(ctx: ViewerCtx, id: string, object: R2Object | null): Promise<ServedMedia | undefined> {
  if (!object) return undefined;
  return servedFromObject(id, object) ?? (await findMedia(ctx, id));
}

/**
 * `GET /media/{id}`: the door, then the bytes. A signature is checked first (no I/O); a signed
 * read then needs the R2 object alone. A plain read of the whole file (no `Range`, no
 * `If-None-Match`: a page's `<img>`, a download) opens the bytes at once, while a token's caller is
 * read; nothing is sent before the door admits the caller, and a refusal cancels the read. Other
 * reads take the object's metadata (`head`), then the 304 or the range.
 */
export async function serveMedia(
  ctx: ViewerCtx,
  id: string,
  signature: { exp?: string; sig?: string },
  request: Headers,
): Promise<Response> {
  const signed = isSignedFor(ctx.env, id, signature.exp, signature.sig);
  // A signed read does not wait for a caller (one read with a token too is served as signed).
  const viewer = signed ? Promise.resolve(undefined) : ctx.viewer;
  if (request.has("Range") || request.has("If-None-Match")) {
    const [object, caller] = await Promise.all([headMedia(ctx.env, id), viewer]);
    return mediaResponse(ctx, admitted(await described(ctx, id, object), signed, caller), request);
  }
  const whole = openMedia(ctx.env, id);
  let item: ServedMedia;
  try {
    const [object, caller] = await Promise.all([whole, viewer]);
    item = admitted(await described(ctx, id, object), signed, caller);
  } catch (error) {
    whole.then((object) => object?.body.cancel()).catch(() => undefined);
    throw error;
  }
  return mediaResponse(ctx, item, request, whole);
}

/** The bytes' headers, shared by 200, 206 and 304: what a `<video>` needs, and what keeps them inert. */
function mediaHeaders(row: ServedMedia) {
  return new Headers({
    ETag: row.etag,
    "Cache-Control": "private",
    "Accept-Ranges": "bytes",
    "Content-Type": row.mimeType,
    "Content-Disposition": contentDisposition(row),
    ...MEDIA_SAFETY_HEADERS,
  });
}

/** The answer to a read of `row`'s bytes: whole, one range (RFC 9110 `Range`/`If-Range`), or 304. */
async function mediaResponse(
  ctx: ViewerCtx,
  row: ServedMedia,
  request: Headers,
  opened?: Promise<R2ObjectBody | null>,
): Promise<Response> {
  const headers = mediaHeaders(row);
  if (matchesEtag(request.get("If-None-Match") ?? undefined, row.etag))
    return new Response(null, { status: 304, headers });
  // `If-Range` with another version's tag asks for the whole file rather than a piece of a different one.
  const ifRange = request.get("If-Range");
  const range =
    ifRange === null || ifRange === row.etag
      ? resolveRange(request.get("Range") ?? undefined, row.size)
      : { kind: "whole" as const };
  if (range.kind === "unsatisfiable") {
    throw new ApiError("range_not_satisfiable", undefined, undefined, {
      "Content-Range": `bytes */${row.size}`,
      ...MEDIA_SAFETY_HEADERS,
    });
  }
  const part = range.kind === "part" ? range : undefined;
  const object = await (part || !opened ? openMedia(ctx.env, row.id, part) : opened);
  if (!object || !("body" in object)) throw hidden();
  headers.set("Content-Length", String(part ? part.length : row.size));
  if (!part) return new Response(object.body, { status: 200, headers });
  headers.set("Content-Range", `bytes ${part.offset}-${part.offset + part.length - 1}/${row.size}`);
  return new Response(object.body, { status: 206, headers });
}
