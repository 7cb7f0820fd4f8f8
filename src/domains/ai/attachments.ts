import { createDb } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { Ctx } from "../identity";
import { ATTACHMENT_TEXT_CHARS, checkAttachmentRows, loadAttachments, type LoadedAttachments } from "../media";
import { VISION, type ModelEntry } from "./models";
import type { ChatMessage } from "./providers/types";
import type { RunSpec } from "./run/types";

/**
 * Send-time check of `attachmentIds` (CONTRACT "Media"), by their rows (the bytes are read when the
 * run starts): each must be the sender's (field errors `fieldOf(N)`, `attachmentIds.N` by default), at most 10, a PDF must
 * have been read within limits, images must fit the bytes a run may hold, and images need a model
 * that takes them (400 naming the model), before any allowance is spent. A capability run reads no
 * attachments' bytes.
 */
export async function checkAttachments(
  { db, env, auth }: Ctx,
  ids: string[],
  model: ModelEntry,
  capability: boolean,
  fieldOf: (index: number) => string = (index) => `attachmentIds.${index}`,
) {
  if (!ids.length) return;
  const found = await checkAttachmentRows(db, env, auth.user.id, ids, {
    textBudget: ATTACHMENT_TEXT_CHARS,
    images: !capability,
    fieldOf,
  });
  if (capability || model.capabilities.includes(VISION)) return;
  const images = found.filter(({ row }) => row.kind === "image");
  if (!images.length) return;
  throw badRequest(
    images.map(({ index }) => ({
      field: fieldOf(index),
      message: `is an image, and model "${model.key}" does not take images`,
    })),
  );
}

const named = (loaded: LoadedAttachments) => [
  ...loaded.images.map((image) => `${image.mimeType} image`),
  ...loaded.documents.map(
    (doc) => `${doc.mimeType} file (${doc.text.length} characters${doc.truncated ? ", cut to fit" : ""})`,
  ),
  ...loaded.others.map((other) => `${other.mimeType} ${other.kind} (no model here reads it)`),
];

/**
 * The turn's user message with its attachments, loaded from R2 as the run starts (the run's object
 * keeps only their ids): images as image inputs, text and PDFs as their text after the prompt.
 * Attachments deleted since the send are left out (a retry runs with those that remain).
 */
export async function userMessageOf(env: Env, spec: RunSpec): Promise<Extract<ChatMessage, { role: "user" }>> {
  const ids = spec.attachmentIds ?? [];
  if (!ids.length) return { role: "user", content: spec.prompt };
  const loaded = await loadAttachments(createDb(env.DB), env, spec.userId, ids, { textBudget: ATTACHMENT_TEXT_CHARS });
  const documents = loaded.documents
    .map((doc) => `\n\nAttached file (${doc.mimeType}${doc.truncated ? ", cut to fit" : ""}):\n${doc.text}`)
    .join("");
  return {
    role: "user",
    content: spec.prompt + documents,
    ...(loaded.images.length ? { images: loaded.images.map(({ mimeType, dataUrl }) => ({ mimeType, dataUrl })) } : {}),
    attached: named(loaded),
  };
}
