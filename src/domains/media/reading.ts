import { ApiError } from "../../lib/errors";
import type { ViewerCtx } from "../identity";
import { matchesEtag, resolveRange } from "./ranges";
import { contentDisposition, MEDIA_SAFETY_HEADERS } from "./serving";
import { isSignedFor } from "./signing";
import { findMedia, openMedia, type MediaRow } from "./store";

/** The one answer for everyone but the owner or a signed URL's holder (CONTRACT "Media"). */
const hidden = () => new ApiError("not_found", "Media not found", undefined, { ...MEDIA_SAFETY_HEADERS });

/**
 * The door to an item's bytes: anyone with a valid signed URL; else the owner, recognized by a
 * token the AI endpoints would admit (`recognizeCaller`). Everyone else gets the 404 an unknown id
 * gets, with or without a token: a bad, expired or under-scoped token, or a plan without `ai`, is
 * not told apart from a stranger's (a 401 or 403 here would say that the id exists, or invite a
 * retry where a signed URL was meant).
 */
export async function readableMedia(
  ctx: ViewerCtx,
  id: string,
  signature: { exp?: string; sig?: string },
): Promise<MediaRow> {
  const row = await findMedia(ctx, id);
  if (row && isSignedFor(ctx.env, id, signature.exp, signature.sig)) return row;
  if (!row || row.userId !== ctx.auth?.user.id) throw hidden();
  return row;
}

/** The bytes' headers, shared by 200, 206 and 304: what a `<video>` needs, and what keeps them inert. */
function mediaHeaders(row: MediaRow) {
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
export async function mediaResponse(ctx: ViewerCtx, row: MediaRow, request: Headers): Promise<Response> {
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
  const object = await openMedia(ctx.env, row.id, part);
  if (!object || !("body" in object)) throw hidden();
  headers.set("Content-Length", String(part ? part.length : row.size));
  if (!part) return new Response(object.body, { status: 200, headers });
  headers.set("Content-Range", `bytes ${part.offset}-${part.offset + part.length - 1}/${row.size}`);
  return new Response(object.body, { status: 206, headers });
}
