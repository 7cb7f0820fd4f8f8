import { createDb } from "../../../db/client";
import { presentMedia, storeMedia, type MediaItem, type MediaKind } from "../../media";
import { DEMO_PROVIDER } from "../models";
import { estimateTokens } from "../providers/demo";
import type { ChatMessage } from "../providers/types";
import { streamDemoText, streamModelText } from "./answer";
import { rememberGenerated, unsignedMediaUrl } from "./media-urls";
import type { CapabilityContext } from "./types";

export type StoredMediaItem = MediaItem;

export interface GeneratedFile {
  kind: MediaKind;
  mimeType: string;
  body: ReadableStream<Uint8Array> | ArrayBuffer;
  length?: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/**
 * Copies a generated file into R2 (the media store; kind and session as given) as the run's user's;
 * the item's `url` is its unsigned path, signed as it is served (media-urls.ts).
 */
export async function storeGenerated(
  context: Pick<CapabilityContext, "env" | "spec" | "store">,
  file: GeneratedFile,
): Promise<StoredMediaItem> {
  const row = await storeMedia(createDb(context.env.DB), context.env, {
    ...file,
    ownerId: context.spec.userId,
    sessionId: context.spec.sessionId,
    source: "generated",
  });
  rememberGenerated(context.store, row.id);
  return presentMedia(context.env, row, unsignedMediaUrl(row.id));
}

/**
 * The reply after a media step, written by the session's chat model from a plain description of
 * what was made (the files themselves are in the tool call); the demo model writes a
 * deterministic one. Nothing is written when nothing was made.
 */
export async function writeMediaAnswer(context: CapabilityContext, made: string): Promise<void> {
  const { spec } = context;
  if (spec.model.providerKey === DEMO_PROVIDER) {
    const text = `Demo answer (the demo model wrote this deterministically; a configured chat model writes a real one): ${made}`;
    await streamDemoText(context, text, estimateTokens(spec.prompt) + estimateTokens(made));
    return;
  }
  const rules =
    "The files described below were generated for the user's request and are shown to them beside your reply. " +
    "In one or two sentences, tell them what was made. Do not include links or file names.";
  const messages: ChatMessage[] = [
    { role: "system", content: [context.instructions, rules].filter(Boolean).join("\n\n") },
    { role: "user", content: `${spec.prompt}\n\nGenerated: ${made}` },
  ];
  await streamModelText(context, messages);
}
