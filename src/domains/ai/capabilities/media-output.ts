import { createDb } from "../../../db/client";
import { BASE_PATH } from "../../../lib/origin";
import { presentMedia, signedMediaUrl, storeMedia, type MediaKind } from "../../media";
import { DEMO_PROVIDER } from "../models";
import { estimateTokens } from "../providers/demo";
import type { ChatMessage } from "../providers/types";
import { streamDemoText, streamModelText } from "./answer";
import type { CapabilityContext } from "./types";

/**
 * Generated media in tool-call outputs (CONTRACT "Media"): a step's `output.media[]` holds each
 * item's fields with its unsigned path as `url`, which is all storage keeps (the id); every
 * history read and every event served signs it afresh (`signMediaUrls`).
 */
const unsignedUrl = (id: string) => `${BASE_PATH}/media/${id}`;

export type StoredMediaItem = Awaited<ReturnType<typeof presentMedia>>;

export interface GeneratedFile {
  kind: MediaKind;
  mimeType: string;
  body: ReadableStream<Uint8Array> | ArrayBuffer;
  length?: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** Copies a generated file into R2 (the media store; kind and session as given) as the run's user's. */
export async function storeGenerated(
  context: Pick<CapabilityContext, "env" | "spec">,
  file: GeneratedFile,
): Promise<StoredMediaItem> {
  const row = await storeMedia(createDb(context.env.DB), context.env, {
    ...file,
    ownerId: context.spec.userId,
    sessionId: context.spec.sessionId,
    source: "generated",
  });
  return { ...(await presentMedia(context.env, row)), url: unsignedUrl(row.id) };
}

const escaped = BASE_PATH.replace(/[/.]/g, "\\$&");
/** A media item's unsigned `url` as JSON text holds it (signed ones carry `?exp=`, so never match). */
const UNSIGNED = new RegExp(`"url":"${escaped}/media/([0-9a-f-]{36})"`, "g");

/** JSON text (an event frame, a stored tool call) with every unsigned media `url` signed now. */
async function signMediaUrls(env: Pick<Env, "MEDIA_SIGNING_KEY">, text: string): Promise<string> {
  if (!text.includes(`"url":"${BASE_PATH}/media/`)) return text;
  const ids = [...new Set([...text.matchAll(UNSIGNED)].map((match) => match[1]!))];
  const signed = new Map(await Promise.all(ids.map(async (id) => [id, await signedMediaUrl(env, id)] as const)));
  return text.replace(UNSIGNED, (_, id: string) => `"url":${JSON.stringify(signed.get(id))}`);
}

/** A value (tool calls of a history item) with its media URLs signed now. */
export async function signedValue<T>(env: Pick<Env, "MEDIA_SIGNING_KEY">, value: T): Promise<T> {
  if (value === null || value === undefined) return value;
  const text = JSON.stringify(value);
  const signed = await signMediaUrls(env, text);
  return signed === text ? value : (JSON.parse(signed) as T);
}

/**
 * An SSE body with its media URLs signed as it is served: the event log keeps frames as written
 * (unsigned), and each chunk it hands out is whole frames, so no URL is split across chunks.
 */
export function signingStream(
  env: Pick<Env, "MEDIA_SIGNING_KEY">,
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        const text = decoder.decode(chunk);
        controller.enqueue(
          text.includes(`"url":"${BASE_PATH}/media/`) ? encoder.encode(await signMediaUrls(env, text)) : chunk,
        );
      },
    }),
  );
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
