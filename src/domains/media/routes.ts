import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ok } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { ApiError } from "../../lib/errors";
import type { AppEnv } from "../../env";
import { authenticate, requireEntitlement } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { ctxOf, requestCtxOf } from "../identity";
import { matchesEtag, resolveRange } from "./ranges";
import { mediaItemSchema, signedQuery } from "./schemas";
import { isSignedFor } from "./signing";
import { deleteUpload, findMedia, openMedia, ownedMedia, presentMedia, type MediaRow } from "./store";
import { contentDisposition, MEDIA_SAFETY_HEADERS } from "./serving";
import { storeUpload, uploadedFile, UPLOAD_MIME_TYPES } from "./uploads";

const tags = ["Media"];
/** `/files` and `/media` admit what the AI endpoints admit (CONTRACT "Media"). */
const tokenChecks = [authenticate({ oauthScope: "execution:run" }), requireEntitlement("ai")] as const;
const middleware = [...tokenChecks, rateLimit];

const idParams = z.object({ id: uuidParam("id") });

const binary = { type: "string", format: "binary" } as const;

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

/** The one answer for everyone but the owner or a signed URL's holder (CONTRACT "Media"). */
const hidden = () => new ApiError("not_found", "Media not found", undefined, { ...MEDIA_SAFETY_HEADERS });

/**
 * Whether the caller may read the item: anyone with a valid signed URL; else the owner with a
 * token that the AI endpoints would admit. Everyone else gets the 404 an unknown id gets, with or
 * without a token: a bad, expired or under-scoped token, or a plan without `ai`, is not told
 * apart from a stranger's (a 401 or 403 here would say that the id exists, or invite a retry
 * where a signed URL was meant).
 */
async function readable(c: Context<AppEnv>, id: string, query: { exp?: string; sig?: string }): Promise<MediaRow> {
  const row = await findMedia(requestCtxOf(c), id);
  if (row && isSignedFor(c.env, id, query.exp, query.sig)) return row;
  if (!c.req.header("Authorization")) throw hidden();
  try {
    for (const check of tokenChecks) await check(c, async () => undefined);
  } catch (error) {
    // A refusal of the token (401, 403, a malformed workspace header's 400); anything else is a fault.
    if (error instanceof ApiError) throw hidden();
    throw error;
  }
  if (!row || row.userId !== c.var.auth.user.id) throw hidden();
  return row;
}

export const mediaRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/files",
      tags,
      summary: "Upload a file (raw body with its Content-Type, or multipart/form-data with one `file`; at most 20 MiB)",
      security: bearerAuth,
      middleware,
      request: {
        body: {
          required: true,
          description: `One of ${UPLOAD_MIME_TYPES.join(", ")}; checked by its content`,
          content: {
            ...Object.fromEntries(UPLOAD_MIME_TYPES.map((type) => [type, { schema: binary }])),
            "multipart/form-data": { schema: { type: "object", properties: { file: binary }, required: ["file"] } },
          },
        },
      },
      responses: { 201: json(envelope(mediaItemSchema), "Stored"), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (c) => {
      const row = await storeUpload(ctxOf(c), await uploadedFile(c.req.raw));
      return ok(c, presentMedia(c.env, row), 201);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/files/{id}",
      tags,
      summary: "One of the caller's media items (an upload or generated media)",
      security: bearerAuth,
      middleware,
      request: { params: idParams },
      responses: { 200: json(envelope(mediaItemSchema), "The item"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, presentMedia(c.env, await ownedMedia(ctxOf(c), c.req.valid("param").id))),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/files/{id}",
      tags,
      summary: "Delete an upload (generated media go with their session: 409)",
      security: bearerAuth,
      middleware,
      request: { params: idParams },
      responses: {
        200: json(envelope(z.object({ id: z.uuid(), deleted: z.literal(true) })), "Deleted"),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => ok(c, await deleteUpload(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/media/{id}",
      tags,
      summary: "A media item's bytes: the owner with a token, or anyone with its signed URL; ranges for seeking",
      description:
        "Everyone else gets 404, with or without a token: no valid signature, another user's item, and a bad, expired or under-scoped token (or a plan without `ai`) alike. " +
        "Every answer carries `Content-Security-Policy: sandbox; default-src 'none'` and `X-Content-Type-Options: nosniff`; " +
        "images, video, audio and text are `Content-Disposition: inline` with a file name, anything else (PDFs) `attachment`. " +
        "No rate limit: a `<video>` sends bursts of ranges.",
      // A signed URL needs no token, hence the empty requirement beside the bearer one.
      security: [...bearerAuth, {}],
      request: { params: idParams, query: signedQuery },
      responses: {
        200: { description: "The whole file", content: { "*/*": { schema: binary } } },
        206: { description: "One byte range (`Content-Range`)", content: { "*/*": { schema: binary } } },
        304: { description: "Not modified (`If-None-Match`)" },
        ...errors(400, 404, 416),
      },
    }),
    async (c) => {
      const row = await readable(c, c.req.valid("param").id, c.req.valid("query"));
      const headers = mediaHeaders(row);
      if (matchesEtag(c.req.header("If-None-Match"), row.etag)) return new Response(null, { status: 304, headers });
      // `If-Range` with another version's tag asks for the whole file rather than a piece of a different one.
      const ifRange = c.req.header("If-Range");
      const range =
        ifRange === undefined || ifRange === row.etag
          ? resolveRange(c.req.header("Range"), row.size)
          : { kind: "whole" as const };
      if (range.kind === "unsatisfiable") {
        throw new ApiError("range_not_satisfiable", undefined, undefined, {
          "Content-Range": `bytes */${row.size}`,
          ...MEDIA_SAFETY_HEADERS,
        });
      }
      const part = range.kind === "part" ? range : undefined;
      const object = await openMedia(c.env, row.id, part);
      if (!object || !("body" in object)) throw hidden();
      headers.set("Content-Length", String(part ? part.length : row.size));
      if (!part) return new Response(object.body, { status: 200, headers });
      headers.set("Content-Range", `bytes ${part.offset}-${part.offset + part.length - 1}/${row.size}`);
      return new Response(object.body, { status: 206, headers });
    },
  );
