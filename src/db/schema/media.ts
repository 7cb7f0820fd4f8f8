import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { ownedByUser } from "./identity";

export const MEDIA_KINDS = ["image", "video", "audio", "document"] as const;
export const MEDIA_SOURCES = ["generated", "upload"] as const;
/** How a PDF's text extraction ended (CONTRACT "Media"); null: not a PDF, or not extracted yet. */
export const TEXT_OUTCOMES = ["ok", "unreadable", "over_limits"] as const;

/**
 * One media item (a generated file or an upload), owned by one user; its bytes are the R2 object
 * `media/<id>` in `BLOBS`. Nothing in a row is secret. `session_id` has no foreign key on purpose:
 * a cascade would drop the rows before the session's deletion could find their R2 objects
 * (`deleteSessionMedia` deletes both). `etag` is R2's, kept so a 304 needs no R2 round trip.
 */
export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    kind: text("kind", { enum: MEDIA_KINDS }).notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    durationSeconds: real("duration_seconds"),
    sessionId: text("session_id"),
    source: text("source", { enum: MEDIA_SOURCES }).notNull(),
    etag: text("etag").notNull(),
    textOutcome: text("text_outcome", { enum: TEXT_OUTCOMES }),
    createdAt: createdAt(),
  },
  (t) => [index("media_user_idx").on(t.userId, t.createdAt), index("media_session_idx").on(t.sessionId)],
);
