import { z } from "@hono/zod-openapi";
import { ApiError, badRequest, type FieldError } from "../../lib/errors";
import { isUuid, isUuidV4 } from "../../lib/ids";
import { builtOnce } from "../../http/openapi";
import { MAX_ATTACHMENTS } from "../../limits";

/**
 * CONTRACT "Structured blocks on send": a message may carry up to 20 blocks, each a mention of a
 * connector instance or a media item. A media block is an attachment (the same rules, and the same
 * limit, counted after `attachmentIds`); a mention points the run at an instance's tools.
 */
const MAX_STRUCTURED_BLOCKS = 20;
const BLOCK_TYPES = ["mention", "media"] as const;

/**
 * A block's schema and the send body's `structuredBlocks` field, built on first call and kept: the
 * send body's schema (built on its first use) and the message response schema take them, not a
 * cold request of the AI routes' group (docs/performance.md "A cold request").
 */
export const structuredBlockSchemas = builtOnce(() => {
  const mentionBlock = z
    .strictObject({
      type: z.literal("mention"),
      instanceId: z
        .string({ message: "must be a string" })
        .refine(isUuid, "must be a UUID")
        .openapi({ description: "A connector instance the sender can execute in this workspace, `connected`" }),
    })
    .openapi("MentionBlock");

  const mediaBlock = z
    .strictObject({
      type: z.literal("media"),
      mediaId: z
        .string({ message: "must be a string" })
        .refine(isUuidV4, "must be a UUID v4")
        .openapi({ description: "One of the sender's media items, as an entry of `attachmentIds`" }),
    })
    .openapi("MediaBlock");

  const structuredBlock = z
    .discriminatedUnion("type", [mentionBlock, mediaBlock], {
      // A block that is not an object has no `type` to name; one whose `type` is unknown names it.
      error: (issue) =>
        issue.input !== null && typeof issue.input === "object" && !Array.isArray(issue.input)
          ? `must be one of ${BLOCK_TYPES.join(", ")}`
          : "must be an object",
    })
    // `type` beside `oneOf`: the reference page's renderer refuses a union schema without one.
    .openapi("StructuredBlock", { type: "object" });

  const structuredBlocksField = z
    .array(structuredBlock, { message: "must be an array of objects" })
    // Its own wording: the array's message above would otherwise answer this issue too.
    .max(MAX_STRUCTURED_BLOCKS, `must have at most ${MAX_STRUCTURED_BLOCKS} items`)
    .openapi({
      description: `Mentions of connector instances and media items; media blocks count with \`attachmentIds\` (at most ${MAX_ATTACHMENTS} together, \`attachmentIds\` first)`,
    });

  return { structuredBlock, structuredBlocksField };
});

export type StructuredBlock = z.infer<ReturnType<typeof structuredBlockSchemas>["structuredBlock"]>;

/** The ids of the media blocks, in order: they follow `attachmentIds` in the message's attachments. */
const mediaIdsOf = (blocks: readonly StructuredBlock[]) =>
  blocks.flatMap((block) => (block.type === "media" ? [block.mediaId] : []));

/** The mentioned instance ids, in order, each once. */
export const mentionedIdsOf = (blocks: readonly StructuredBlock[]) => [
  ...new Set(blocks.flatMap((block) => (block.type === "mention" ? [block.instanceId] : []))),
];

/** The whole list a run attaches: `attachmentIds`, then the media blocks' ids. */
export const attachmentsOf = (request: { attachmentIds?: string[]; structuredBlocks?: StructuredBlock[] }) => [
  ...(request.attachmentIds ?? []),
  ...mediaIdsOf(request.structuredBlocks ?? []),
];

/**
 * The one attachment limit over `attachmentIds` then the media blocks: the issue goes on the first
 * media block past it (an `attachmentIds` list over the limit is refused by its own maximum).
 */
export function attachmentLimitIssue(body: { attachmentIds?: unknown; structuredBlocks?: unknown }) {
  const attached = Array.isArray(body.attachmentIds) ? body.attachmentIds.length : 0;
  if (!Array.isArray(body.structuredBlocks) || attached > MAX_ATTACHMENTS) return null;
  let count = attached;
  for (const [index, block] of body.structuredBlocks.entries()) {
    if ((block as { type?: unknown } | null)?.type !== "media") continue;
    if (++count > MAX_ATTACHMENTS) {
      return {
        path: ["structuredBlocks", index, "mediaId"],
        message: `is past the limit of ${MAX_ATTACHMENTS} attachments (attachmentIds and media blocks together)`,
      };
    }
  }
  return null;
}

/**
 * The field the request named each id of the whole attachment list by: an index past
 * `attachmentIds` is a media block (`structuredBlocks.N.mediaId`).
 */
export function attachmentFieldsAsSent(attachmentIds: string[], blocks: StructuredBlock[]) {
  const blockIndexes = blocks.flatMap((block, index) => (block.type === "media" ? [index] : []));
  return (index: number) =>
    index < attachmentIds.length
      ? `attachmentIds.${index}`
      : `structuredBlocks.${blockIndexes[index - attachmentIds.length]}.mediaId`;
}

/**
 * The blocks a stored user message returns in history. Messages sent before blocks had a meaning
 * stored whatever objects they carried; only those of today's shapes are shown (as sent).
 */
export function storedBlocks(request: Record<string, unknown> | null): StructuredBlock[] {
  const stored = request?.structuredBlocks;
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((block) => {
    const parsed = structuredBlockSchemas().structuredBlock.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Runs a send's independent checks together and answers every field error they found in one 400
 * (the body's validation does the same); any other failure is thrown as it is.
 */
export async function allChecks<T extends unknown[]>(checks: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(checks);
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  const fieldsOf = (reason: unknown) =>
    reason instanceof ApiError && reason.code === "bad_request"
      ? (reason.details?.fields as FieldError[] | undefined)
      : undefined;
  const other = failures.find((reason) => !fieldsOf(reason));
  if (other !== undefined) throw other;
  if (failures.length) throw badRequest(failures.flatMap((reason) => fieldsOf(reason)!));
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
}
