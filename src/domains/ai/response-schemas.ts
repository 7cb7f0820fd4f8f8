import { z } from "@hono/zod-openapi";
import { builtOnce, isoDate } from "../../http/openapi";
import { CAPABILITY_KEYS } from "./capabilities/parameters";
import { EFFORT_MODES } from "./models";
import { structuredBlockSchemas } from "./structured-blocks";

/**
 * The AI routes' response schemas, built on first call and kept. They describe responses only (the
 * Worker validates no response), so only the OpenAPI document's generation calls this (the routes
 * give them as thunks, `json(() => ...)`), and tests, which check answers against them. The
 * Worker's bundle swaps this module for scripts/build/response-schemas-runtime.mjs (wrangler.toml
 * `[alias]`): a cold request builds none of them, and index.js does not carry them
 * (docs/performance.md "A cold request").
 */
export const responseSchemas = builtOnce(() => {
  const sessionSchema = z
    .object({
      id: z.uuid(),
      title: z.string().nullable(),
      personaId: z.uuid().nullable(),
      effortMode: z.enum(EFFORT_MODES),
      createdAt: isoDate(),
    })
    .openapi("AiSession");

  const personaSchema = z
    .object({ id: z.uuid(), name: z.string(), instructions: z.string(), createdAt: isoDate() })
    .openapi("Persona");

  const modelSchema = z
    .object({
      id: z.uuid(),
      key: z.string(),
      displayName: z.string(),
      providerKey: z.string(),
      capabilities: z.array(z.string()),
    })
    .openapi("AiModel");

  const toolCallSchema = z
    .object({
      id: z.string(),
      toolKey: z.string(),
      input: z.record(z.string(), z.unknown()),
      status: z.enum(["pending", "executing", "completed", "failed", "degraded", "rejected", "skipped"]),
      output: z.record(z.string(), z.unknown()).nullable(),
      error: z.string().nullable(),
      executionMs: z.number().nullable(),
    })
    .openapi("ToolCall");

  const suggestionSchema = z.object({ suggestion: z.string(), priority: z.number() }).openapi("Suggestion");

  const messageSchema = z
    .object({
      id: z.uuid(),
      role: z.enum(["user", "assistant"]),
      content: z.string().nullable(),
      status: z.enum(["running", "completed", "stopped", "failed"]).optional(),
      suggestions: z.array(suggestionSchema),
      runId: z.uuid().nullable(),
      toolCalls: z.array(toolCallSchema).nullable(),
      modelId: z.string().nullable(),
      modelName: z.string().nullable(),
      providerKey: z.string().nullable(),
      tokensUsed: z.number().int().optional(),
      memoryIds: z.array(z.uuid()).optional().openapi({ description: "User messages: the memories it was sent with" }),
      attachmentIds: z
        .array(z.uuid())
        .optional()
        .openapi({ description: "User messages: the attachments it was sent with" }),
      structuredBlocks: z
        .array(structuredBlockSchemas().structuredBlock)
        .optional()
        .openapi({ description: "User messages: the blocks it was sent with, as sent" }),
      createdAt: isoDate(),
    })
    .openapi("Message");

  const sendResultSchema = z
    .object({
      sessionId: z.uuid(),
      userMessage: z.object({ id: z.uuid(), role: z.literal("user"), content: z.string(), createdAt: isoDate() }),
      assistantMessage: z.object({
        id: z.uuid(),
        role: z.literal("assistant"),
        content: z.string(),
        suggestions: z.array(suggestionSchema),
        createdAt: isoDate(),
      }),
      run: z.object({ id: z.uuid(), status: z.string() }),
    })
    .openapi("SendMessageResult");

  const stopResultSchema = z
    .object({ id: z.uuid(), status: z.literal("stopped"), content: z.string(), stoppedAt: isoDate() })
    .openapi("StopResult");

  /** The run record (CONTRACT "The run record and the run-level stream"). */
  const runSchema = z
    .object({
      id: z.uuid(),
      status: z.enum(["queued", "running", "completed", "stopped", "failed"]),
      sessionId: z.uuid(),
      messageId: z.uuid(),
      createdAt: isoDate(),
      endedAt: isoDate().nullable(),
    })
    .openapi("AiRun");

  const selectionResultSchema = z
    .object({ activeMessageId: z.uuid(), selectedMessage: messageSchema })
    .openapi("SelectionResult");

  const allowanceSchema = z
    .object({ limit: z.number().int(), remaining: z.number().int(), resetsAt: isoDate(), scope: z.literal("account") })
    .openapi("AiRequestAllowance");

  const sessionUsageSchema = z
    .object({
      sessionId: z.uuid(),
      totalInputTokens: z.number().int(),
      totalOutputTokens: z.number().int(),
      totalTokens: z.number().int(),
      runCount: z.number().int(),
      costUnits: z.record(z.string(), z.number().int()).openapi({
        description:
          "Units beside tokens: `search.<provider>` queries, `page.read` pages read, `image.<provider>...` images, `video.<provider>.seconds` and `audio.<provider>...` generated",
      }),
      estimatedCostUsd: z.number().nullable().openapi({
        description:
          "Every part (model tokens and cost units) priced and summed, rounded once to 1e-6 USD; the wallet debits the same pricing run by run. Null when a part has no price.",
      }),
      unpricedUnits: z.array(z.string()).openapi({
        description:
          "The parts without a price (`tokens.<modelId>` for a model's tokens, else the unit's name): they make `estimatedCostUsd` null and cost nothing in the wallet's debits",
      }),
    })
    .openapi("AiSessionUsage");

  const messageListMeta = z.object({
    cursor: z.string().nullable(),
    hasMore: z.boolean(),
    total: z.number().int(),
    requestId: z.string(),
    durationMs: z.number(),
  });

  const memorySchema = z.object({ id: z.uuid(), content: z.string(), createdAt: isoDate() }).openapi("AiMemory");

  const capabilitySchema = z
    .object({
      key: z.enum(CAPABILITY_KEYS),
      available: z.boolean(),
      provider: z.string().nullable().openapi({ description: "The provider a request uses (null: none configured)" }),
      providers: z.array(z.string()).openapi({ description: "Every configured provider" }),
      parameters: z.record(z.string(), z.record(z.string(), z.unknown())).openapi({
        description:
          "Each parameter's JSON Schema (type, range, values); where providers accept fewer values than the range (video `duration`, `aspectRatio`, `resolution`, `size`), `providerValues` lists those of each configured provider",
      }),
    })
    .openapi("AiCapability");

  return {
    sessionSchema,
    personaSchema,
    modelSchema,
    toolCallSchema,
    messageSchema,
    sendResultSchema,
    stopResultSchema,
    runSchema,
    selectionResultSchema,
    allowanceSchema,
    sessionUsageSchema,
    messageListMeta,
    memorySchema,
    capabilitySchema,
  };
});
