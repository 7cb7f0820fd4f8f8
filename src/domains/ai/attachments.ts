import { createDb } from "../../db/client";
import { badRequest } from "../../lib/errors";
import type { Ctx } from "../identity";
import { loadAttachments, type LoadedAttachments } from "../media";
import { VISION, type ModelEntry } from "./models";
import type { ChatMessage } from "./providers/types";
import type { RunSpec } from "./run/types";

/**
 * The characters of attached text and PDF files a message may carry (about 8,000 tokens by the
 * 4-characters rule), so the turn fits the context of the smallest model offered; files are given
 * their text in order, and a file cut short is marked so.
 */
const ATTACHMENT_TEXT_BUDGET = 32_000;

/**
 * Send-time check of `attachmentIds` (CONTRACT "Media"): each must be the sender's (field errors
 * `attachmentIds.N`), at most 10, a PDF must be readable, and images need a model that takes them
 * (400 naming the model), before any allowance is spent. A capability run reads no attachments.
 */
export async function checkAttachments({ db, env, auth }: Ctx, ids: string[], model: ModelEntry, capability: boolean) {
  if (!ids.length) return;
  const loaded = await loadAttachments(db, env, auth.user.id, ids, { textBudget: ATTACHMENT_TEXT_BUDGET });
  if (capability || !loaded.images.length || model.capabilities.includes(VISION)) return;
  const imageIds = new Set(loaded.images.map((image) => image.id));
  throw badRequest(
    ids.flatMap((id, index) =>
      imageIds.has(id.toLowerCase())
        ? [{ field: `attachmentIds.${index}`, message: `is an image, and model "${model.key}" does not take images` }]
        : [],
    ),
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
  const loaded = await loadAttachments(createDb(env.DB), env, spec.userId, ids, {
    textBudget: ATTACHMENT_TEXT_BUDGET,
    lenient: true,
  });
  const documents = loaded.documents
    .map((doc) => `\n\nAttached file (${doc.mimeType}${doc.truncated ? ", cut to fit" : ""}):\n${doc.text}`)
    .join("");
  return {
    role: "user",
    content: spec.prompt + documents,
    ...(loaded.images.length ? { images: loaded.images.map(({ mimeType, bytes }) => ({ mimeType, bytes })) } : {}),
    attached: named(loaded),
  };
}
