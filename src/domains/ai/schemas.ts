import { z } from "@hono/zod-openapi";
import { isUuidV4 } from "../../lib/ids";
import { builtOnce } from "../../http/openapi";
import { MAX_ATTACHMENTS } from "../../limits";
// The validation tables only, not the capabilities' door (providers, runners, research): the send
// body's checks need no more, and the router's group loads this module (docs/performance.md).
import {
  CAPABILITY_KEYS,
  capabilitiesWith,
  capabilityParameterTables,
  type CapabilityKey,
} from "./capabilities/parameters";
import { EFFORT_MODES } from "./models";
import { attachmentLimitIssue, structuredBlockSchemas } from "./structured-blocks";

/** Spec "Limits": message content is non-empty and at most 20,000 characters. */
const MAX_CONTENT_CHARS = 20_000;
/** Spec "Limits": a retry's idempotencyKey is at most 200 characters and not blank. */
const MAX_IDEMPOTENCY_KEY_CHARS = 200;
/** Not in the spec; generous for real use, bounded so one request cannot pin thousands of rows. */
const MAX_MEMORIES = 20;
const MAX_PERSONA_NAME_CHARS = 100;
const MAX_INSTRUCTIONS_CHARS = 8_000;
/** CONTRACT "Memories": at most 2,000 characters each (the count per user: memories.ts). */
const MAX_MEMORY_CHARS = 2000;

const characters = (value: string) => [...value].length;
const effortMode = () => z.enum(EFFORT_MODES);

// Request bodies are built on their route's first request and kept (each route declares its body
// through `z.lazy`), like the response schemas below: the AI routes' group declares every route
// on a cold request of any one of them (docs/performance.md "A cold request"). A query or path
// schema cannot wait (the OpenAPI document lists its fields as parameters), so those are built here.

export const createPersonaBody = builtOnce(() =>
  z
    .strictObject({
      name: z.string().trim().min(1).max(MAX_PERSONA_NAME_CHARS),
      instructions: z.string().trim().min(1).max(MAX_INSTRUCTIONS_CHARS),
    })
    .openapi("CreatePersonaRequest", {
      example: { name: "Travel agent", instructions: "Answer as a concise travel agent." },
    }),
);

/**
 * Spec "Pagination": the cursor strategy (also a first page without `offset`) takes `limit` 1-100,
 * default 25; the offset strategy 1-50, default 20.
 */
const MESSAGE_PAGES = { cursor: { max: 100, default: 25 }, offset: { max: 50, default: 20 } } as const;
/** The strategy a query asks for: `offset` present (even one that fails its own check) means offset. */
const pagesOf = (query: { offset?: unknown }) =>
  query.offset === undefined ? MESSAGE_PAGES.cursor : MESSAGE_PAGES.offset;

/**
 * Message list: cursor or offset pagination (not both), and the persona filter. `limit`'s range
 * depends on the strategy, so it is checked in one place, on the whole query, once `limit` is an
 * integer: a field-level maximum beside an object-level one was two layers, and zod skips object
 * refinements while a field has an issue, so `limit=200&offset=0` was told the cursor range.
 */
export const listMessagesQuery = z
  .object({
    // Every check names its message: the type's message would otherwise stand in for the integer's.
    limit: z.coerce
      .number({ message: "must be a number" })
      .int("must be an integer")
      .optional()
      .openapi({
        type: "integer",
        minimum: 1,
        maximum: MESSAGE_PAGES.cursor.max,
        description: `1-${MESSAGE_PAGES.cursor.max} with a cursor (default ${MESSAGE_PAGES.cursor.default}), 1-${MESSAGE_PAGES.offset.max} with \`offset\` (default ${MESSAGE_PAGES.offset.default})`,
      }),
    cursor: z.string().min(1).optional(),
    offset: z.coerce
      .number({ message: "must be a number" })
      .int("must be an integer")
      .min(0, "must be at least 0")
      .optional(),
    personaId: z.uuid({ message: "must be a UUID" }).optional(),
  })
  .superRefine(
    (query, ctx) => {
      const { max } = pagesOf(query);
      if (query.limit! < 1 || query.limit! > max) {
        ctx.addIssue({
          code: "custom",
          path: ["limit"],
          message: `must be between 1 and ${max}${max === MESSAGE_PAGES.offset.max ? " with offset pagination" : ""}`,
        });
      }
    },
    // Also when another field failed, so one answer names every problem; only once limit is an integer.
    { when: (payload) => Number.isInteger((payload.value as { limit?: unknown } | undefined)?.limit) },
  )
  .refine((query) => query.cursor === undefined || query.offset === undefined, {
    message: "use either cursor or offset, not both",
    path: ["offset"],
  })
  .transform((query) => ({ ...query, limit: query.limit ?? pagesOf(query).default }));

const idempotencyKey = () =>
  z
    .string()
    .max(MAX_IDEMPOTENCY_KEY_CHARS)
    .refine((value) => value.trim().length > 0, "must not be blank");

export const retryBody = builtOnce(() =>
  z
    .strictObject({ idempotencyKey: idempotencyKey() })
    .openapi("RetryRequest", { example: { idempotencyKey: "retry-2026-11-22-1" } }),
);

const uuidV4List = (max: number) =>
  z
    .array(z.string().refine(isUuidV4, "must be a UUID v4"), { message: "must be an array of UUID v4 strings" })
    .max(max, `must have at most ${max} items`);

/** The message's own model choice (spec "POST messages": `model`, `provider`). */
const CHOICE_FIELDS = ["model", "provider"] as const;
type ChoiceField = (typeof CHOICE_FIELDS)[number];
const modelChoiceSchemas = builtOnce(
  (): Record<ChoiceField, z.ZodType> => ({
    model: z.string().min(1).max(100),
    provider: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be a lowercase provider key"),
  }),
);

/**
 * `model` and `provider` mean two things: the message's model choice, or (when the selected
 * capability's table has them) that capability's parameters. Which one depends on `capabilityKey`,
 * so the object accepts any value here and `bodyIssues` validates it under the meaning that applies.
 */
const choiceField = (description: string) => z.unknown().optional().openapi({ type: "string", description });

type Issue = { path: (string | number)[]; message: string; capabilityKey?: string };

const selectedCapability = (body: Record<string, unknown>): CapabilityKey | undefined =>
  (CAPABILITY_KEYS as readonly unknown[]).includes(body.capabilityKey)
    ? (body.capabilityKey as CapabilityKey)
    : undefined;

/**
 * The model-choice fields that are the selected capability's parameters in this body: a top-level
 * `model` or `provider` belongs to the capability when its table has that name (spec: capability
 * parameters may be sent at top level), and is the message's model choice otherwise.
 */
function capabilityOwned(key: CapabilityKey | undefined): ChoiceField[] {
  return key ? CHOICE_FIELDS.filter((name) => Object.hasOwn(capabilityParameterTables()[key], name)) : [];
}

/**
 * The rules of the spec over the raw body that one field's schema cannot decide: the model choice
 * (unless the capability owns those names); every top-level field that is not a message field is
 * a capability parameter, a parameter of another capability, or unknown; the same for
 * `parameters`; then the merged parameters (nested wins) are checked against the selected
 * capability's table. Runs even when the message fields failed, so one response lists every problem.
 */
function bodyIssues(body: Record<string, unknown>, messageFields: object): Issue[] {
  const issues: Issue[] = [];
  const overLimit = attachmentLimitIssue(body);
  if (overLimit) issues.push(overLimit);
  const key = selectedCapability(body);
  const owned = capabilityOwned(key);
  for (const name of CHOICE_FIELDS) {
    if (owned.includes(name) || body[name] === undefined) continue;
    const result = modelChoiceSchemas()[name].safeParse(body[name]);
    if (!result.success) issues.push({ path: [name], message: result.error.issues[0]!.message });
  }
  const classify = (name: string, path: (string | number)[]) => {
    if (!key) return issues.push({ path, message: `unknown property ${name}` });
    if (Object.hasOwn(capabilityParameterTables()[key], name)) return;
    const owners = capabilitiesWith(name);
    if (owners.length) {
      issues.push({
        path,
        capabilityKey: key,
        message: `${name} is a parameter of ${owners.join(", ")}, not of ${key}`,
      });
    } else {
      issues.push({ path, capabilityKey: key, message: `unknown property ${name}` });
    }
  };
  const topLevel = Object.keys(body).filter(
    (name) => !Object.hasOwn(messageFields, name) || (owned as string[]).includes(name),
  );
  for (const name of topLevel) classify(name, [name]);
  const nested =
    body.parameters && typeof body.parameters === "object" && !Array.isArray(body.parameters)
      ? (body.parameters as Record<string, unknown>)
      : {};
  for (const name of Object.keys(nested)) classify(name, ["parameters", name]);
  if (!key) return issues;

  const table = capabilityParameterTables()[key];
  for (const name of Object.keys(table)) {
    const fromNested = Object.hasOwn(nested, name);
    if (!fromNested && !topLevel.includes(name)) continue;
    const result = table[name]!.safeParse(fromNested ? nested[name] : body[name]);
    if (!result.success) {
      const base = fromNested ? ["parameters", name] : [name];
      for (const issue of result.error.issues) {
        issues.push({
          path: [...base, ...issue.path.map((p) => p as string | number)],
          message: issue.message,
          capabilityKey: key,
        });
      }
    }
  }
  const count = (source: Record<string, unknown>) => ({ a: source.numImages, b: source.numberOfImages });
  if (key === "ai.image.generate") {
    const merged = {
      ...count(body),
      ...Object.fromEntries(Object.entries(count(nested)).filter(([, v]) => v !== undefined)),
    };
    if (merged.a !== undefined && merged.b !== undefined && merged.a !== merged.b) {
      issues.push({
        path: ["numberOfImages"],
        capabilityKey: key,
        message: "is an alias of numImages and must not disagree with it",
      });
    }
  }
  return issues;
}

/**
 * The send body's schema, built on its first use and kept, like the other bodies: its fields, the
 * capabilities' parameter tables and the structured blocks were most of what the AI routes' group
 * built on a cold request (docs/performance.md "A cold request").
 */
export const sendMessageBody = builtOnce(() => {
  /** The fields a message body may carry besides capability parameters (spec "POST messages"). */
  const fields = {
    content: z
      .string()
      .refine((value) => value.trim().length > 0, "must not be empty")
      .refine((value) => characters(value) <= MAX_CONTENT_CHARS, `must be at most ${MAX_CONTENT_CHARS} characters`),
    model: choiceField(
      "Active model key for this message; when `capabilityKey`'s parameters include `model`, the capability's `model` parameter instead",
    ),
    effortMode: effortMode().optional(),
    provider: choiceField(
      "Lowercase provider key for this message; when `capabilityKey`'s parameters include `provider`, the capability's `provider` parameter instead",
    ),
    capabilityKey: z.enum(CAPABILITY_KEYS).optional(),
    attachmentIds: uuidV4List(MAX_ATTACHMENTS).optional(),
    memoryIds: uuidV4List(MAX_MEMORIES).optional(),
    idempotencyKey: idempotencyKey().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    structuredBlocks: structuredBlockSchemas().structuredBlocksField.optional(),
  };
  return z
    .looseObject(fields)
    .superRefine(
      (body, ctx) => {
        if (!body || typeof body !== "object") return;
        for (const issue of bodyIssues(body as Record<string, unknown>, fields)) {
          ctx.addIssue({
            code: "custom",
            path: issue.path,
            message: issue.message,
            ...(issue.capabilityKey ? { params: { capabilityKey: issue.capabilityKey } } : {}),
          });
        }
      },
      {
        when: (payload) => Boolean(payload.value && typeof payload.value === "object" && !Array.isArray(payload.value)),
      },
    )
    .openapi("SendMessageRequest", {
      description:
        "Capability parameters may also be sent at top level (nested `parameters` win); a top-level `model` or `provider` is the selected capability's parameter when its table has that name. Unknown fields are rejected.",
      example: {
        content: "Find three quiet beaches near Lisbon",
        capabilityKey: "ai.search.web",
        parameters: { maxResults: 5 },
      },
    });
});

export type SendMessageInput = z.infer<ReturnType<typeof sendMessageBody>>;

/**
 * The message's model choice: top-level `model` and `provider`, except those the selected
 * capability owns as its own parameters (validated as strings by `bodyIssues`).
 */
export function modelChoice(body: SendMessageInput): { model?: string; provider?: string } {
  const owned = capabilityOwned(body.capabilityKey);
  const choice: { model?: string; provider?: string } = {};
  for (const name of CHOICE_FIELDS) {
    if (!owned.includes(name) && typeof body[name] === "string") choice[name] = body[name];
  }
  return choice;
}

/** The selected capability's parameters: top level first, nested `parameters` winning. */
export function capabilityParameters(body: SendMessageInput): Record<string, unknown> {
  if (!body.capabilityKey) return {};
  const table = capabilityParameterTables()[body.capabilityKey];
  const merged: Record<string, unknown> = {};
  const raw = body as Record<string, unknown>;
  for (const name of Object.keys(table)) if (raw[name] !== undefined) merged[name] = raw[name];
  for (const [name, value] of Object.entries(body.parameters ?? {})) merged[name] = value;
  if (merged.duration !== undefined) merged.duration = Number(merged.duration);
  return merged;
}

export const decisionBody = builtOnce(() => z.object({ approve: z.boolean() }).openapi({ example: { approve: true } }));

export const createMemoryBody = builtOnce(() =>
  z
    .object({
      content: z
        .string()
        .refine((value) => value.trim().length > 0, "must not be empty")
        .refine((value) => [...value].length <= MAX_MEMORY_CHARS, `must be at most ${MAX_MEMORY_CHARS} characters`),
    })
    .openapi("CreateAiMemory", { example: { content: "I prefer metric units" } }),
);
