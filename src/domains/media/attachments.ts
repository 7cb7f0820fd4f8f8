import type { Db } from "../../db/client";
import { badRequest, type FieldError } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { openMedia, ownedMediaAmong, type MediaRow } from "./store";

/** At most this many attachments on one message (CONTRACT "Media"); media blocks count with them. */
export const MAX_ATTACHMENTS = 10;

/** An image for a vision model: its bytes (Workers AI takes them as they are; `toDataUrl` for OpenAI). */
export interface AttachedImage {
  id: string;
  mimeType: string;
  bytes: Uint8Array;
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

/**
 * The attachments of a message the user sends, in the order given: each id must be one of the
 * user's media items (else a field error `attachmentIds.N`), at most `MAX_ATTACHMENTS`. Documents'
 * text shares `textBudget` characters, given out in order (a later document gets what is left).
 * `lenient` (a retry) skips items deleted meanwhile instead of refusing them (CONTRACT).
 */
export async function loadAttachments(
  db: Db,
  env: Pick<Env, "BLOBS" | "PDF_TEXT">,
  userId: string,
  ids: string[],
  options: { textBudget: number; lenient?: boolean },
): Promise<LoadedAttachments> {
  if (ids.length > MAX_ATTACHMENTS)
    throw badRequest([{ field: "attachmentIds", message: `at most ${MAX_ATTACHMENTS} attachments` }]);
  const rows = await ownedMediaAmong(
    db,
    userId,
    ids.filter(isUuid).map((id) => id.toLowerCase()),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing: FieldError[] = [];
  const found: MediaRow[] = [];
  ids.forEach((id, index) => {
    const row = byId.get(id.toLowerCase());
    if (row) found.push(row);
    else missing.push({ field: `attachmentIds.${index}`, message: "is not one of your media items" });
  });
  if (missing.length && !options.lenient) throw badRequest(missing);

  const loaded: LoadedAttachments = { images: [], documents: [], others: [] };
  const unreadable: FieldError[] = [];
  let budget = options.textBudget;
  for (const row of found) {
    if (row.kind === "image") {
      const bytes = await readBytes(env, row);
      if (bytes) loaded.images.push({ id: row.id, mimeType: row.mimeType, bytes });
    } else if (row.kind === "document") {
      const full = await documentText(env, row);
      if (full === undefined) {
        unreadable.push({
          field: `attachmentIds.${ids.findIndex((id) => id.toLowerCase() === row.id)}`,
          message: "is a PDF whose text cannot be read",
        });
        continue;
      }
      const text = full.slice(0, Math.max(budget, 0));
      budget -= text.length;
      loaded.documents.push({ id: row.id, mimeType: row.mimeType, text, truncated: text.length < full.length });
    } else {
      loaded.others.push({ id: row.id, kind: row.kind, mimeType: row.mimeType });
    }
  }
  if (unreadable.length) throw badRequest(unreadable);
  return loaded;
}

/** An image as a `data:` URL, the form OpenAI's chat API takes image inputs in. */
export function toDataUrl(image: AttachedImage): string {
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and argument lists are bounded.
  for (let i = 0; i < image.bytes.length; i += 0x8000)
    binary += String.fromCharCode(...image.bytes.subarray(i, i + 0x8000));
  return `data:${image.mimeType};base64,${btoa(binary)}`;
}

/** The item's bytes, or undefined when the object is gone (deleted between the row read and now). */
async function readBytes(env: Pick<Env, "BLOBS">, row: MediaRow): Promise<Uint8Array | undefined> {
  const object = await openMedia(env, row.id);
  return object ? new Uint8Array(await object.arrayBuffer()) : undefined;
}

/** The document's text; undefined for a PDF pdf.js cannot read. A vanished object reads as empty. */
async function documentText(env: Pick<Env, "BLOBS" | "PDF_TEXT">, row: MediaRow): Promise<string | undefined> {
  const bytes = await readBytes(env, row);
  if (!bytes) return "";
  if (row.mimeType === "application/pdf") return pdfText(env, bytes);
  return new TextDecoder().decode(bytes);
}

/**
 * A PDF's text, from the PDF text Worker (workers/pdf-text) behind the `PDF_TEXT` service binding:
 * pdf.js weighs 1.7 MB, which this Worker would otherwise parse at every cold start. Undefined when
 * pdf.js cannot read the file; any other answer is an error of ours (500), not the user's.
 */
async function pdfText(env: Pick<Env, "PDF_TEXT">, bytes: Uint8Array): Promise<string | undefined> {
  const answer = await env.PDF_TEXT.fetch("https://pdf-text.internal/", { method: "POST", body: bytes });
  if (answer.status === 422) return undefined;
  if (!answer.ok) throw new Error(`The PDF text service answered ${answer.status}`);
  return ((await answer.json()) as { text: string }).text;
}
