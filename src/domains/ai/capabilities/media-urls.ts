import type { Db } from "../../../db/client";
import type { ToolCallRecord } from "../../../db/schema/ai";
import { BASE_PATH } from "../../../lib/origin";
import { ownedMediaAmong, signedMediaUrl } from "../../media";
import type { StepStore } from "./types";

/**
 * Media URLs in tool calls (CONTRACT "Media"). A generated item's `url` is stored as its unsigned
 * path (`/api/v1/media/:id`) and signed as it is served: every history read and every event a run
 * streams signs it afresh. A signed URL opens its item without a token, so only the message's
 * user's items are signed: a media path that a tool's input or output merely names (text the model
 * or an outside service chose) is served as written, and opens nothing without the owner's token.
 */
export const unsignedMediaUrl = (id: string) => `${BASE_PATH}/media/${id}`;

const MARK = `"url":"${BASE_PATH}/media/`;
/** An unsigned media `url` as JSON text holds it (signed ones carry `?exp=`, so never match). */
const UNSIGNED = new RegExp(`"url":"${BASE_PATH.replace(/[/.]/g, "\\$&")}/media/([0-9a-f-]{36})"`, "g");

/** JSON text (an event frame, stored tool calls) with the unsigned media URLs of the items `signable` accepts signed now. */
export function signMediaUrls(env: Pick<Env, "MEDIA_SIGNING_KEY">, text: string, signable: (id: string) => boolean) {
  if (!text.includes(MARK)) return text;
  return text.replace(UNSIGNED, (url, id: string) =>
    signable(id) ? `"url":${JSON.stringify(signedMediaUrl(env, id))}` : url,
  );
}

/** Where a run's object keeps the ids of the media its capability made (in the run's step store). */
const GENERATED = "generated-media";

/** Remembers an item the run made, so the events that carry it are streamed with its URL signed. */
export function rememberGenerated(store: StepStore, id: string) {
  store.put(GENERATED, [...(store.get<string[]>(GENERATED) ?? []), id]);
}

/** Whether the run made the item `id` (its user's, by construction). */
export const isGenerated = (store: StepStore, id: string) => store.get<string[]>(GENERATED)?.includes(id) ?? false;

/**
 * Messages (a history page, a selected version) with the caller's media in their tool calls
 * signed: one query for the ids named, none when no tool call names a media path.
 */
export async function withSignedMedia<T extends { toolCalls: ToolCallRecord[] | null }>(
  db: Db,
  env: Pick<Env, "MEDIA_SIGNING_KEY">,
  userId: string,
  messages: T[],
): Promise<T[]> {
  const texts = messages.map((message) => (message.toolCalls ? JSON.stringify(message.toolCalls) : ""));
  const named = [...new Set(texts.flatMap((text) => [...text.matchAll(UNSIGNED)].map((match) => match[1]!)))];
  if (!named.length) return messages;
  const owned = new Set((await ownedMediaAmong(db, userId, named)).map((row) => row.id));
  return messages.map((message, i) => {
    const signed = signMediaUrls(env, texts[i]!, (id) => owned.has(id));
    return signed === texts[i] ? message : { ...message, toolCalls: JSON.parse(signed) as ToolCallRecord[] };
  });
}
