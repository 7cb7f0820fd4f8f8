import type { MediaRow } from "./store";

/**
 * How stored bytes are served (CONTRACT "Media"). `GET /media/:id` answers on the API's origin,
 * the origin of the OAuth consent and account pages, and a signed URL opens it without a token:
 * nothing it serves may run there. So every answer is sandboxed (`sandbox` gives the document an
 * opaque origin with scripts off; `default-src 'none'` loads nothing), the browser never guesses
 * another type (`nosniff`), and only the types each kind allows are shown inline; anything else
 * already stored (an HTML or SVG file kept before the allow-list, a PDF) is a download.
 */

/** Inline types and the extension their file name takes. */
const INLINE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
  "audio/flac": "flac",
  "audio/aac": "aac",
  "audio/mp4": "m4a",
  // Uploaded documents: text types inline (PDFs are not: an inline PDF does not render under a
  // sandbox CSP in every browser).
  "text/plain": "txt",
  "text/markdown": "md",
  "text/csv": "csv",
  "application/json": "json",
};

/** Extensions of what is served as an attachment, where the type is one the API stores. */
const ATTACHMENT_EXTENSIONS: Record<string, string> = { "application/pdf": "pdf" };

const MEDIA_CSP = "sandbox; default-src 'none'";

const typeOf = (row: Pick<MediaRow, "mimeType">) => row.mimeType.split(";")[0]!.trim().toLowerCase();

/** An item's file name (items have none of their own): its id and its type's extension. */
export function mediaFileName(row: Pick<MediaRow, "id" | "mimeType">): string {
  const type = typeOf(row);
  return `${row.id}.${INLINE_TYPES[type] ?? ATTACHMENT_EXTENSIONS[type] ?? "bin"}`;
}

/** `inline` with a file name for the allowed types, `attachment` for anything else. */
export function contentDisposition(row: Pick<MediaRow, "id" | "mimeType">): string {
  // The id is a UUID, so the name needs no quoting rules beyond the quotes themselves.
  return `${INLINE_TYPES[typeOf(row)] ? "inline" : "attachment"}; filename="${mediaFileName(row)}"`;
}

/** The headers every media answer carries, whatever its status. */
export const MEDIA_SAFETY_HEADERS = {
  "Content-Security-Policy": MEDIA_CSP,
  "X-Content-Type-Options": "nosniff",
} as const;
