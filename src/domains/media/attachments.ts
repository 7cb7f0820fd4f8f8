import type { Db } from "../../db/client";
import { toBase64 } from "../../lib/bytes";
import { badRequest, type FieldError } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { MAX_ATTACHMENTS } from "../../limits";
import { isPdf, keptPdfText, pdfOutcome } from "./pdf-text";
import { openMedia, ownedMediaAmong, type MediaRow } from "./store";

/** At most this many attachments on one message (CONTRACT "Media"): src/limits.ts. */
export { MAX_ATTACHMENTS };

/**
 * The attachment bytes one run holds at a time (CONTRACT "Media": 20 MiB), counted as the encoded
 * request: images as base64 `data:` URLs (what OpenAI-compatible providers take), documents as the
 * most bytes their text may take (`ATTACHMENT_TEXT_CHARS` read as UTF-8, 3 bytes a UTF-16 unit).
 * A production isolate has 128 MB; ten 20 MiB files held together did not fit.
 */
export const MAX_RUN_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The longest a UTF-8 encoding of one UTF-16 code unit is (a 4-byte sequence is two units). */
const UTF8_BYTES_PER_UNIT = 3;

/** An image for a vision model, as the `data:` URL OpenAI-compatible providers take, built once. */
export interface AttachedImage {
  id: string;
  mimeType: string;
  dataUrl: string;
}

/** A text or PDF file as the text a model reads; `truncated` when the character budget cut it. */
export interface AttachedDocument {
  id: string;
  mimeType: string;
  text: string;
  truncated: boolean;
}

export interface LoadedAttachments {
  images: AttachedImage[];
  documents: AttachedDocument[];
  /** Video and audio: no model here takes them, so they are only named. */
  others: { id: string; kind: MediaRow["kind"]; mimeType: string }[];
}

/** An attachment as the send found it: its row and its position in the list sent. */
export interface AttachmentRow {
  row: MediaRow;
  index: number;
}

const BASE64_PREFIX = (mimeType: string) => `data:${mimeType};base64,`;

/** The length of an image's `data:` URL: the encoded request's share of it. */
const dataUrlLength = (row: Pick<MediaRow, "mimeType" | "size">) =>
  BASE64_PREFIX(row.mimeType).length + 4 * Math.ceil(row.size / 3);

/**
 * Send-time check of a message's attachments, by their rows only (no bytes are read): each id must
 * be one of the user's items (else a field error `fieldOf(index)`, `attachmentIds.N` by default),
 * at most `MAX_ATTACHMENTS`; a PDF must have been read within limits (an older upload is read now,
 * bounded); and when the run will read images (`images`), their encoded size must fit in
 * `MAX_RUN_ATTACHMENT_BYTES` beside the documents' text (the error is on the first image past it).
 */
export async function checkAttachmentRows(
  db: Db,
  env: Pick<Env, "BLOBS" | "PDF_TEXT">,
  userId: string,
  ids: string[],
  options: { textBudget: number; images: boolean; fieldOf?: (index: number) => string },
): Promise<AttachmentRow[]> {
  const fieldOf = options.fieldOf ?? ((index: number) => `attachmentIds.${index}`);
  if (ids.length > MAX_ATTACHMENTS)
    throw badRequest([{ field: "attachmentIds", message: `at most ${MAX_ATTACHMENTS} attachments` }]);
  const found = await ownedRows(db, userId, ids);
  const missing = ids.flatMap((_, index) =>
    found.some((item) => item.index === index)
      ? []
      : [{ field: fieldOf(index), message: "is not one of your media items" }],
  );
  if (missing.length) throw badRequest(missing);

  const refused: FieldError[] = [];
  // One PDF at a time (each extraction streams up to 20 MiB to the PDF text Worker), and once each
  // (an id sent twice is not extracted twice).
  const outcomes = new Map<string, string>();
  for (const { row, index } of found) {
    if (!isPdf(row)) continue;
    if (!outcomes.has(row.id)) outcomes.set(row.id, await pdfOutcome(db, env, row));
    if (outcomes.get(row.id) !== "ok")
      refused.push({ field: fieldOf(index), message: "is a PDF whose text cannot be read within limits" });
  }
  if (refused.length) throw badRequest(refused);

  if (options.images) {
    let bytes = documentsBytes(found, options.textBudget);
    for (const { row, index } of found) {
      if (row.kind !== "image") continue;
      bytes += dataUrlLength(row);
      if (bytes > MAX_RUN_ATTACHMENT_BYTES)
        throw badRequest([
          {
            field: fieldOf(index),
            message: `takes the attached images past the ${MAX_RUN_ATTACHMENT_BYTES / 1024 / 1024} MiB a message may carry (counted as base64)`,
          },
        ]);
    }
  }
  return found;
}

/** The user's items among `ids`, each with its position, in the order sent (unknown ids absent). */
async function ownedRows(db: Db, userId: string, ids: string[]): Promise<AttachmentRow[]> {
  const rows = await ownedMediaAmong(
    db,
    userId,
    ids.filter(isUuid).map((id) => id.toLowerCase()),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id, index) => {
    const row = byId.get(id.toLowerCase());
    return row ? [{ row, index }] : [];
  });
}

/** The most bytes the documents' text may take in a run (their share of the text budget). */
function documentsBytes(found: AttachmentRow[], textBudget: number): number {
  const documentBytes = found
    .filter(({ row }) => row.kind === "document")
    .reduce((sum, { row }) => sum + (isPdf(row) ? textBudget * UTF8_BYTES_PER_UNIT : row.size), 0);
  return Math.min(documentBytes, textBudget * UTF8_BYTES_PER_UNIT);
}

/**
 * A message's attachments as the run starts (the send checked them by their rows): images as
 * `data:` URLs streamed from R2 and encoded once, text files' first characters (a ranged read of
 * what the budget can take), PDFs' kept text. Documents share `textBudget` characters in order (a
 * later one gets what is left). Items deleted since the send are left out (a retry runs with those
 * that remain), as are images past `MAX_RUN_ATTACHMENT_BYTES` and a PDF that cannot be read.
 */
export async function loadAttachments(
  db: Db,
  env: Pick<Env, "BLOBS" | "PDF_TEXT">,
  userId: string,
  ids: string[],
  options: { textBudget: number },
): Promise<LoadedAttachments> {
  const found = await ownedRows(db, userId, ids.slice(0, MAX_ATTACHMENTS));
  const loaded: LoadedAttachments = { images: [], documents: [], others: [] };
  let budget = options.textBudget;
  let bytes = documentsBytes(found, options.textBudget);
  for (const { row } of found) {
    if (row.kind === "image") {
      bytes += dataUrlLength(row);
      if (bytes > MAX_RUN_ATTACHMENT_BYTES) continue;
      const dataUrl = await imageDataUrl(env, row);
      if (dataUrl) loaded.images.push({ id: row.id, mimeType: row.mimeType, dataUrl });
    } else if (row.kind === "document") {
      const document = isPdf(row) ? await pdfDocument(db, env, row, budget) : await textDocument(env, row, budget);
      if (!document) continue;
      budget -= document.text.length;
      loaded.documents.push(document);
    } else {
      loaded.others.push({ id: row.id, kind: row.kind, mimeType: row.mimeType });
    }
  }
  return loaded;
}

/**
 * An image's `data:` URL, encoded from R2's stream piece by piece (3-byte aligned, so the pieces'
 * base64 joins into the whole's): the file is never held as bytes, and the string is built once.
 */
async function imageDataUrl(env: Pick<Env, "BLOBS">, row: MediaRow): Promise<string | undefined> {
  const object = await openMedia(env, row.id);
  if (!object) return undefined;
  let url = BASE64_PREFIX(row.mimeType);
  let carry = new Uint8Array(0);
  const encode = (bytes: Uint8Array) => {
    url += toBase64(bytes);
  };
  for await (const chunk of object.body as unknown as AsyncIterable<Uint8Array>) {
    const joined = carry.length ? new Uint8Array([...carry, ...chunk.subarray(0, 3 - carry.length)]) : undefined;
    let rest = chunk;
    if (joined) {
      if (joined.length < 3) {
        carry = joined;
        continue;
      }
      encode(joined);
      rest = chunk.subarray(3 - carry.length);
    }
    const whole = rest.length - (rest.length % 3);
    encode(rest.subarray(0, whole));
    carry = rest.slice(whole);
  }
  if (carry.length) encode(carry);
  return url;
}

/** A text file's first `budget` characters, read as at most the bytes they can take. */
async function textDocument(
  env: Pick<Env, "BLOBS">,
  row: MediaRow,
  budget: number,
): Promise<AttachedDocument | undefined> {
  const length = Math.min(row.size, Math.max(budget, 0) * UTF8_BYTES_PER_UNIT);
  const object = length > 0 ? await openMedia(env, row.id, { offset: 0, length }) : undefined;
  if (length > 0 && !object) return undefined;
  // Streaming mode: a character cut by the range's end is dropped rather than replaced.
  const read = object ? new TextDecoder().decode(await object.arrayBuffer(), { stream: true }) : "";
  const text = read.slice(0, Math.max(budget, 0));
  return { id: row.id, mimeType: row.mimeType, text, truncated: text.length < read.length || length < row.size };
}

/** A PDF's text as extraction kept it, cut to `budget`; undefined when it cannot be read. */
async function pdfDocument(
  db: Db,
  env: Pick<Env, "BLOBS" | "PDF_TEXT">,
  row: MediaRow,
  budget: number,
): Promise<AttachedDocument | undefined> {
  if ((await pdfOutcome(db, env, row)) !== "ok") return undefined;
  const kept = await keptPdfText(env, row.id);
  if (!kept) return undefined;
  const text = kept.text.slice(0, Math.max(budget, 0));
  return { id: row.id, mimeType: row.mimeType, text, truncated: kept.truncated || text.length < kept.text.length };
}
