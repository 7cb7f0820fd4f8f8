import { createDb } from "../../../db/client";
import {
  GENERATED_TYPES,
  imageDimensions,
  presentMedia,
  SNIFF_BYTES,
  sniffGenerated,
  storeMedia,
  type MediaItem,
} from "../../media";
import { DEMO_PROVIDER } from "../models";
import { estimateTokens } from "../providers/demo";
import type { ChatMessage } from "../providers/types";
import { streamDemoText, streamModelText } from "./answer";
import { formatBytes, mediaCap, type GeneratedKind } from "./media-caps";
import { rememberGenerated, unsignedMediaUrl } from "./media-urls";
import { CapabilityError, type CapabilityContext } from "./types";

export type StoredMediaItem = MediaItem;

export interface GeneratedFile {
  kind: GeneratedKind;
  /** The provider's name, for a refusal's reason. */
  provider: string;
  /** A provider's answer is streamed in; bytes already in hand (an image) are passed whole. */
  body: ReadableStream<Uint8Array> | Uint8Array;
  /** The type the provider declared: named in a refusal, never trusted (the bytes decide). */
  declaredType?: string;
  /** The byte count when the provider sent one (R2 then takes one streamed `put`). */
  length?: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** The stream's first `SNIFF_BYTES`, and the same stream whole again (what was read goes first). */
async function peek(
  body: ReadableStream<Uint8Array>,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const head = new Uint8Array(Math.min(size, SNIFF_BYTES));
  let filled = 0;
  for (const chunk of chunks) {
    if (filled === head.length) break;
    const take = Math.min(chunk.byteLength, head.length - filled);
    head.set(chunk.subarray(0, take), filled);
    filled += take;
  }
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (next) return controller.enqueue(next);
      if (ended) return controller.close();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream };
}

const discard = (body: GeneratedFile["body"]) =>
  body instanceof ReadableStream ? body.cancel().catch(() => undefined) : undefined;

/**
 * Copies a generated file into R2 (the media store; kind and session as given) as the run's
 * user's, after two checks (CONTRACT "Media"): its first bytes must be a type its kind allows
 * (the stored type is the sniffed one; HTML, SVG, JSON or unknown bytes fail the step and nothing
 * is stored), and it must stay within its kind's cap as it streams in (past it, the step fails and
 * the partial object is removed by the store). The item's `url` is its unsigned path, signed as
 * it is served (media-urls.ts).
 */
export async function storeGenerated(
  context: Pick<CapabilityContext, "env" | "spec" | "store">,
  file: GeneratedFile,
): Promise<StoredMediaItem> {
  const { env } = context;
  const { kind, provider, body, declaredType, length, ...dimensions } = file;
  const cap = mediaCap(env, kind);
  const tooLarge = () =>
    new CapabilityError(
      `${provider} sent ${kind === "audio" ? "audio" : `a ${kind}`} larger than the ${formatBytes(cap)} limit; nothing was stored`,
    );
  const size = body instanceof Uint8Array ? body.byteLength : length;
  if (size !== undefined && size > cap) {
    await discard(body);
    throw tooLarge();
  }
  const { head, stream } = body instanceof Uint8Array ? { head: body, stream: undefined } : await peek(body);
  const mimeType = sniffGenerated(kind, head);
  if (!mimeType) {
    await stream?.cancel().catch(() => undefined);
    const declared = declaredType ? ` (sent as ${declaredType.slice(0, 100)})` : "";
    throw new CapabilityError(
      `${provider} answered with a file that is not ${GENERATED_TYPES[kind]}${declared}; nothing was stored`,
    );
  }
  const bytes =
    body instanceof Uint8Array
      ? (body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer)
      : stream!;
  const row = await storeMedia(
    createDb(env.DB),
    env,
    {
      kind,
      mimeType,
      ...dimensions,
      body: bytes,
      ...(length !== undefined ? { length } : {}),
      ownerId: context.spec.userId,
      sessionId: context.spec.sessionId,
      source: "generated",
    },
    {
      maxBytes: cap,
      tooLarge,
      ...(kind === "image" ? { describe: (start: Uint8Array) => imageDimensions(mimeType, start) } : {}),
    },
  );
  rememberGenerated(context.store, row.id);
  return presentMedia(env, row, unsignedMediaUrl(row.id));
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
