import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";
import { MEDIA_KINDS, MEDIA_SOURCES } from "../../db/schema/media";

/** A media item as the API shows it (uploads, and generated media in tool calls' `output.media[]`). */
export const mediaItemSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(MEDIA_KINDS),
    mimeType: z.string(),
    size: z.number().int(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    durationSeconds: z.number().optional(),
    sessionId: z.uuid().optional(),
    source: z.enum(MEDIA_SOURCES),
    createdAt: isoDate(),
    url: z.string().openapi({
      description:
        "Relative URL signed for one hour (`/api/v1/media/:id?exp=&sig=`), signed afresh each time it is served",
    }),
  })
  .openapi("MediaItem");

export const signedQuery = z.object({
  exp: z.string().optional().openapi({ description: "Expiry of a signed URL (Unix seconds)" }),
  sig: z.string().optional().openapi({ description: "HMAC-SHA256 signature of a signed URL" }),
});
