import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { authenticate, recognizeCaller, requireEntitlement } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { ctxOf, viewerCtxOf } from "../identity";
import { serveMedia } from "./reading";
import { mediaItemSchema, signedQuery } from "./schemas";
import { deleteUpload, mediaItem } from "./store";
import { storeUpload, uploadedFile, UPLOAD_MIME_TYPES } from "./uploads";

const tags = ["Media"];
/** `/files` and `/media` admit what the AI endpoints admit (CONTRACT "Media"). */
const admission = { oauthScope: "execution:run", entitlement: "ai" } as const;
const middleware = [authenticate(admission), requireEntitlement(admission.entitlement), rateLimit];

const idParams = z.object({ id: uuidParam("id") });

const binary = { type: "string", format: "binary" } as const;

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
    async (c) => ok(c, await storeUpload(ctxOf(c), await uploadedFile(c.req.raw)), 201),
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
    async (c) => ok(c, await mediaItem(ctxOf(c), c.req.valid("param").id)),
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
      middleware: [recognizeCaller(admission)],
      request: { params: idParams, query: signedQuery },
      responses: {
        200: { description: "The whole file", content: { "*/*": { schema: binary } } },
        206: { description: "One byte range (`Content-Range`)", content: { "*/*": { schema: binary } } },
        304: { description: "Not modified (`If-None-Match`)" },
        ...errors(400, 404, 416),
      },
    }),
    async (c) => serveMedia(viewerCtxOf(c), c.req.valid("param").id, c.req.valid("query"), c.req.raw.headers),
  );
