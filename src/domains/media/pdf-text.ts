import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { media, type TEXT_OUTCOMES } from "../../db/schema/media";
import { openMedia, textKey, type MediaRow } from "./store";

export type TextOutcome = (typeof TEXT_OUTCOMES)[number];

/**
 * The characters of attached text and PDF files one message may carry (about 8,000 tokens by the
 * 4-characters rule), so a turn fits the context of the smallest model offered: the model's
 * context budget. Extraction stops reading a PDF once it has this many.
 */
export const ATTACHMENT_TEXT_CHARS = 32_000;

/**
 * How long a PDF's extraction may take (CONTRACT: 10 s, the caller aborts the binding call). A
 * synchronous parse in the PDF text Worker cannot be interrupted from inside; an aborted call
 * frees this request at once, and the platform's CPU limit ends the other.
 */
export const PDF_TEXT_TIMEOUT_MS = 10_000;

/** What the PDF text Worker answers (workers/pdf-text/src/index.ts). */
type Extraction = { outcome: "ok"; text: string; truncated: boolean } | { outcome: Exclude<TextOutcome, "ok"> };

/**
 * The PDF text Worker's reading of one stored PDF, streamed to it from R2. Any failed call (the
 * deadline passed, the Worker out of memory or CPU, a 5xx, an answer we cannot use) is
 * `over_limits` (CONTRACT): the file could not be read within the limits.
 */
async function extraction(env: Pick<Env, "BLOBS" | "PDF_TEXT">, id: string): Promise<Extraction> {
  const object = await openMedia(env, id);
  if (!object) return { outcome: "unreadable" };
  try {
    const answer = await env.PDF_TEXT.fetch(`https://pdf-text.internal/?maxChars=${ATTACHMENT_TEXT_CHARS}`, {
      method: "POST",
      body: object.body,
      signal: AbortSignal.timeout(PDF_TEXT_TIMEOUT_MS),
    });
    if (!answer.ok) {
      await answer.body?.cancel();
      return { outcome: "over_limits" };
    }
    const read = (await answer.json()) as Partial<Extraction & { text: unknown; truncated: unknown }>;
    if (read.outcome === "ok" && typeof read.text === "string")
      return { outcome: "ok", text: read.text, truncated: read.truncated === true };
    if (read.outcome === "unreadable") return { outcome: "unreadable" };
    return { outcome: "over_limits" };
  } catch {
    return { outcome: "over_limits" };
  }
}

/**
 * Extracts a stored PDF's text within the bounds, keeps it in R2 (`text/<id>`, with whether the
 * budget cut it) and records the outcome on the row. Run at upload, and at the first send of a
 * PDF uploaded before extraction moved to upload (its outcome is null).
 */
export async function extractPdfText(
  db: Db,
  env: Pick<Env, "BLOBS" | "PDF_TEXT">,
  row: Pick<MediaRow, "id">,
): Promise<TextOutcome> {
  const read = await extraction(env, row.id);
  if (read.outcome === "ok")
    await env.BLOBS.put(textKey(row.id), read.text, {
      httpMetadata: { contentType: "text/plain; charset=utf-8" },
      customMetadata: { truncated: read.truncated ? "1" : "0" },
    });
  await db.update(media).set({ textOutcome: read.outcome }).where(eq(media.id, row.id));
  return read.outcome;
}

/** A PDF's outcome, extracting it first when it has none yet (an upload from before the rule). */
export async function pdfOutcome(
  db: Db,
  env: Pick<Env, "BLOBS" | "PDF_TEXT">,
  row: Pick<MediaRow, "id" | "textOutcome">,
): Promise<TextOutcome> {
  return row.textOutcome ?? extractPdfText(db, env, row);
}

/** A PDF's kept text and whether the budget cut it; undefined when there is none. */
export async function keptPdfText(env: Pick<Env, "BLOBS">, id: string) {
  const object = await env.BLOBS.get(textKey(id));
  if (!object) return undefined;
  return { text: await object.text(), truncated: object.customMetadata?.truncated === "1" };
}

export const isPdf = (row: Pick<MediaRow, "kind" | "mimeType">) =>
  row.kind === "document" && row.mimeType === "application/pdf";
