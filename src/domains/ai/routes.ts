import { createRoute, z } from "@hono/zod-openapi";
import { ok, paged } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody, pagedEnvelope } from "../../http/openapi";
import { idParam } from "../../http/path-ids";
import { notFound } from "../../lib/errors";
import { cursorMeta, cursorQuery } from "../../lib/pagination-schemas";
import { createRouter } from "../../http/router";
import { authenticate, requireEntitlement } from "../../middleware/auth";
import { admitted, rateLimit, rateLimitBeside } from "../../middleware/rate-limit";
import { ctxOf } from "../identity";
import { activeModels } from "./models";
import {
  createMemoryBody,
  createPersonaBody,
  listMessagesQuery,
  retryBody,
  sendMessageBody,
  decisionBody,
} from "./schemas";
import { responseSchemas } from "./response-schemas";
import { createPersona, listPersonas, openSession, publicSession } from "./sessions";

// The verbs behind most routes load on the first call of one of them, not with this router. A
// cold request builds its group's whole router (every route's declaration), so a module imported
// here is loaded and evaluated by every cold request of the group: listing sessions paid for the
// message run's modules (connectors, capabilities, providers), about half its cold cost
// (docs/performance.md "A cold request"). It loads once per isolate. For the same reason each
// request body is declared as `z.lazy(builder)`: built on its route's first request (schemas.ts).
const verbs = () => import("./route-verbs");

const tags = ["AI"];
/** OAuth tokens with `execution:run` may call the AI endpoints (CONTRACT: Identity). */
const middleware = [authenticate({ oauthScope: "execution:run" }), requireEntitlement("ai"), rateLimit];
/** Sending counts the same limit while it reads (`rateLimitBeside`): one limiter hop off the path to the first delta. */
const sendMiddleware = [authenticate({ oauthScope: "execution:run" }), requireEntitlement("ai"), rateLimitBeside];
/**
 * Deciding on a call that needs approval is the human step that checks an agent, so no OAuth
 * client takes it, whatever its scopes: first-party tokens only (CONTRACT, 403 `forbidden`). The
 * rule is connectors' approval policy (`mayDecide`), which the verb applies; this refuses earlier.
 */
const decisionMiddleware = [authenticate(), requireEntitlement("ai"), rateLimit];

// Malformed ids answer the same 404 as unknown ones (http/path-ids.ts).
const sessionParams = z.object({ sessionId: idParam("sessionId", () => notFound("Session not found")) });
const messageId = (name: string) => idParam(name, () => notFound("Message not found"));
const assistantParams = sessionParams.extend({ assistantMessageId: messageId("assistantMessageId") });
const streamParams = sessionParams.extend({ messageId: messageId("messageId") });
const runParams = z.object({ runId: idParam("runId", () => notFound("Run not found")) });
/** The sessions' and the memories' pages: one schema for both (the same query). */
const pageQuery = cursorQuery();
/** `Last-Event-ID` in the query, for clients that cannot set headers. */
const streamQuery = z.object({
  lastEventId: z.string().optional().openapi({ description: "Same as the Last-Event-ID header" }),
});
const streamResponses = {
  200: {
    content: { "text/event-stream": { schema: z.string() } },
    description: "SSE frames: id, event, data (envelope JSON)",
  },
  204: { description: "Nothing is left to send: the run ended at or before Last-Event-ID" },
};
/** A tool call's id is the model's own (`call_...`), not one of ours. */
const toolCallParams = assistantParams.extend({
  callId: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "callId", in: "path" } }),
});

export const aiRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/sessions/{sessionId}",
      tags,
      summary: "One conversation",
      security: bearerAuth,
      middleware,
      request: { params: sessionParams },
      responses: {
        200: json(() => envelope(responseSchemas().sessionSchema), "The session"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => ok(c, publicSession(await openSession(ctxOf(c), c.req.valid("param").sessionId))),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/ai/sessions/{sessionId}",
      tags,
      summary: "Delete a conversation and its messages (a run still going is stopped)",
      security: bearerAuth,
      middleware,
      request: { params: sessionParams },
      responses: {
        200: json(() => envelope(z.object({ id: z.uuid(), deleted: z.literal(true) })), "Deleted"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => ok(c, await (await verbs()).deleteSession(ctxOf(c), c.req.valid("param").sessionId)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/personas",
      tags,
      summary: "Create a persona (standing instructions for a session's runs)",
      security: bearerAuth,
      middleware,
      request: { body: jsonBody(z.lazy(createPersonaBody)) },
      responses: {
        201: json(() => envelope(responseSchemas().personaSchema), "Created"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => ok(c, await createPersona(ctxOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/personas",
      tags,
      summary: "The caller's personas, newest first",
      security: bearerAuth,
      middleware,
      responses: {
        200: json(() => envelope(z.array(responseSchemas().personaSchema)), "Personas"),
        ...errors(401, 403, 429),
      },
    }),
    async (c) => ok(c, await listPersonas(ctxOf(c))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/models",
      tags,
      summary:
        "Active models (the demo model only where no real model is configured or AI_DEMO_MODEL is on; it is the default only when nothing else is configured)",
      security: bearerAuth,
      middleware,
      responses: {
        200: json(() => envelope(z.array(responseSchemas().modelSchema)), "Models"),
        ...errors(401, 403, 429),
      },
    }),
    async (c) =>
      ok(
        c,
        (await activeModels(c.env)).map(({ id, key, displayName, providerKey, capabilities }) => ({
          id,
          key,
          displayName,
          providerKey,
          capabilities,
        })),
      ),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/capabilities",
      tags,
      summary: "What this deployment can do: each capability, whether it is available, its providers and parameters",
      security: bearerAuth,
      middleware,
      responses: {
        200: json(() => envelope(z.array(responseSchemas().capabilitySchema)), "Capabilities"),
        ...errors(401, 403, 429),
      },
    }),
    async (c) => ok(c, (await verbs()).listCapabilities(c.env, await activeModels(c.env))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/memories",
      tags,
      summary: "Add a memory (pinned into a run's instructions with memoryIds)",
      security: bearerAuth,
      middleware,
      request: { body: jsonBody(z.lazy(createMemoryBody)) },
      responses: {
        201: json(() => envelope(responseSchemas().memorySchema), "Created"),
        ...errors(400, 401, 403, 409, 429),
      },
    }),
    async (c) => ok(c, await (await verbs()).createMemory(ctxOf(c), c.req.valid("json").content), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/memories",
      tags,
      summary: "The caller's memories, newest first",
      security: bearerAuth,
      middleware,
      request: { query: pageQuery },
      responses: {
        200: json(() => pagedEnvelope(z.array(responseSchemas().memorySchema), cursorMeta), "One page"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const { data, meta } = await (await verbs()).listMemories(ctxOf(c), limit, cursor);
      return paged(c, data, meta);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/ai/memories/{memoryId}",
      tags,
      summary: "Delete a memory (runs already started keep it; later retries run without it)",
      security: bearerAuth,
      middleware,
      request: { params: z.object({ memoryId: idParam("memoryId", () => notFound("Memory not found")) }) },
      responses: {
        200: json(() => envelope(z.object({ id: z.uuid(), deleted: z.literal(true) })), "Deleted"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => ok(c, await (await verbs()).deleteMemory(ctxOf(c), c.req.valid("param").memoryId)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/sessions/{sessionId}/messages",
      tags,
      summary: "History: each user message and its active reply, in conversation order",
      security: bearerAuth,
      middleware,
      request: { params: sessionParams, query: listMessagesQuery },
      responses: {
        200: json(
          () => pagedEnvelope(z.array(responseSchemas().messageSchema), responseSchemas().messageListMeta),
          "One page of messages",
        ),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const { listMessages } = await verbs();
      const { data, meta } = await listMessages(ctxOf(c), c.req.valid("param").sessionId, c.req.valid("query"));
      return paged(c, data, meta);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/sessions/{sessionId}/messages",
      tags,
      summary: "Send a message; the reply's run starts and is streamed separately",
      security: bearerAuth,
      middleware: sendMiddleware,
      request: { params: sessionParams, body: jsonBody(z.lazy(sendMessageBody)) },
      responses: {
        201: json(
          () => envelope(responseSchemas().sendResultSchema),
          "Sent; the reply is an empty shell until its run streams",
        ),
        200: json(() => envelope(responseSchemas().sendResultSchema), "The first send with this idempotencyKey"),
        // 402 `spend_cap_reached`: the account's monthly spend cap (CONTRACT Wallet "Spend cap").
        ...errors(400, 401, 402, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const { sendMessage } = await verbs();
      const { created, result } = await admitted(c, () =>
        sendMessage(ctxOf(c), c.req.valid("param").sessionId, c.req.valid("json"), () => c.var.admission),
      );
      return ok(c, result, created ? 201 : 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/sessions/{sessionId}/messages/{assistantMessageId}/retries",
      tags,
      summary: "Create another version of a reply (it becomes the active one)",
      security: bearerAuth,
      middleware,
      request: { params: assistantParams, body: jsonBody(z.lazy(retryBody)) },
      responses: {
        201: json(() => envelope(responseSchemas().sendResultSchema), "The new version and its run"),
        ...errors(400, 401, 402, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const { sessionId, assistantMessageId } = c.req.valid("param");
      const { retryMessage } = await verbs();
      const { result } = await retryMessage(
        ctxOf(c),
        sessionId,
        assistantMessageId,
        c.req.valid("json").idempotencyKey,
      );
      return ok(c, result, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/sessions/{sessionId}/messages/{assistantMessageId}/selection",
      tags,
      summary: "Make this version of a reply the active one",
      security: bearerAuth,
      middleware,
      request: { params: assistantParams },
      responses: {
        201: json(() => envelope(responseSchemas().selectionResultSchema), "Selected"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const { sessionId, assistantMessageId } = c.req.valid("param");
      return ok(c, await (await verbs()).selectVersion(ctxOf(c), sessionId, assistantMessageId), 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/sessions/{sessionId}/messages/{assistantMessageId}/stop",
      tags,
      summary: "Stop a reply being generated; the partial content is kept",
      security: bearerAuth,
      middleware,
      request: { params: assistantParams },
      responses: {
        200: json(() => envelope(responseSchemas().stopResultSchema), "Stopped"),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const { sessionId, assistantMessageId } = c.req.valid("param");
      return ok(c, await (await verbs()).stopMessage(ctxOf(c), sessionId, assistantMessageId));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ai/sessions/{sessionId}/messages/{assistantMessageId}/tool-calls/{callId}/decision",
      tags,
      summary: "Approve or reject a tool call awaiting approval",
      description:
        "The session's owner, with a first-party token: an OAuth access token is refused (403) whatever its scopes.",
      security: bearerAuth,
      middleware: decisionMiddleware,
      request: { params: toolCallParams, body: jsonBody(z.lazy(decisionBody)) },
      responses: {
        200: json(() => envelope(responseSchemas().toolCallSchema), "The tool call after the decision"),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const { sessionId, assistantMessageId, callId } = c.req.valid("param");
      const { decideOnToolCall } = await verbs();
      return ok(
        c,
        await decideOnToolCall(ctxOf(c), sessionId, assistantMessageId, callId, c.req.valid("json").approve),
      );
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/sessions/{sessionId}/messages/{messageId}/stream",
      tags,
      summary: "The reply's events as SSE: replay after Last-Event-ID (or all), then live until the terminal event",
      security: bearerAuth,
      middleware,
      request: { params: streamParams, query: streamQuery },
      responses: { ...streamResponses, ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const { sessionId, messageId } = c.req.valid("param");
      const { lastEventIdOf, sseResponse, streamTarget } = await verbs();
      const after = lastEventIdOf(c.req.header("Last-Event-ID"), c.req.valid("query").lastEventId);
      const target = await streamTarget(ctxOf(c), sessionId, messageId);
      return sseResponse(c, target.id, after, target.stored) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/runs/{runId}",
      tags,
      summary: "A run: its status, session and assistant message",
      security: bearerAuth,
      middleware,
      request: { params: runParams },
      responses: { 200: json(() => envelope(responseSchemas().runSchema), "The run"), ...errors(401, 403, 404, 429) },
    }),
    async (c) => {
      const { callersRun, runView } = await verbs();
      return ok(c, runView(await callersRun(ctxOf(c), c.req.valid("param").runId)));
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/runs/{runId}/stream",
      tags,
      summary: "The run's events as SSE: the stream of the assistant message the run writes",
      security: bearerAuth,
      middleware,
      request: { params: runParams, query: streamQuery },
      responses: { ...streamResponses, ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      const { lastEventIdOf, sseResponse, callersRun, storedReply } = await verbs();
      const after = lastEventIdOf(c.req.header("Last-Event-ID"), c.req.valid("query").lastEventId);
      const ctx = ctxOf(c);
      const run = await callersRun(ctx, c.req.valid("param").runId);
      return sseResponse(c, run.messageId, after, () => storedReply(ctx, run.messageId)) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/operations/rate-limit",
      tags,
      summary: "The caller's daily AI request allowance (per account)",
      security: bearerAuth,
      middleware,
      responses: {
        200: json(() => envelope(responseSchemas().allowanceSchema), "Allowance"),
        ...errors(401, 403, 429),
      },
    }),
    async (c) => ok(c, await (await verbs()).readAllowance(ctxOf(c))),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ai/operations/sessions/{sessionId}/usage",
      tags,
      summary: "Token usage of a conversation's runs, with an estimated cost",
      security: bearerAuth,
      middleware,
      request: { params: sessionParams },
      responses: {
        200: json(() => envelope(responseSchemas().sessionUsageSchema), "Usage"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => ok(c, await (await verbs()).sessionUsage(ctxOf(c), c.req.valid("param").sessionId)),
  );
