import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { issuerOf } from "../../http/context";
import { bearerAuth, errors, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { BASE_PATH, GATEWAY_PATH, isOwnBrowserOrigin, ownResources } from "../../lib/origin";
import { authenticate, requireEntitlement } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { ctxOf } from "../identity";
import { heartbeatMsOf, sseComment, sseFrame } from "../../lib/sse";
import { logError } from "../../lib/log";
import {
  handleMcpMessage,
  JSONRPC,
  protocolVersionProblem,
  SUPPORTED_PROTOCOL_VERSIONS,
  type GatewayAnswer,
} from "./protocol";

/**
 * `POST {base_url}/mcp`, the MCP gateway, and `/.well-known/oauth-protected-resource` (RFC 9728),
 * which tells an MCP client where to get a token for it (MCP authorization, 2025-06-18 and later).
 */
const METADATA_PATH = "/.well-known/oauth-protected-resource";
/**
 * The scopes that admit a third-party token (CONTRACT): `execution:run` for the connector tools,
 * `ai:capabilities` for the capability tools; `tools/list` shows only what the token may call.
 */
const GATEWAY_SCOPES = ["execution:run", "ai:capabilities"];
/** Same as the discovery documents (spec Limits): cacheable for an hour, by anyone. */
const METADATA_MAX_AGE_SECONDS = 3600;

const resourceOf = (c: Context<AppEnv>) => ownResources(issuerOf(c)).gateway;
/** A JSON-RPC error without an id: the request was refused before it was read as JSON-RPC. */
const refusal = (message: string) => ({ jsonrpc: "2.0", id: null, error: { code: JSONRPC.invalidRequest, message } });

/**
 * DNS rebinding (MCP transport security): a browser page on another origin must not reach the
 * gateway through a name that resolves to it. Such a request carries that name in `Host` too, so
 * the check is against the deployment's own origin (`ISSUER`; loopback only in development), never
 * the request's. Requests without Origin (non-browser clients) pass.
 */
const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin !== undefined && !isOwnBrowserOrigin(c.env.ISSUER, origin)) {
    return c.json(refusal("Forbidden: this Origin may not use the MCP gateway"), 403);
  }
  await next();
});

/** Every authentication challenge names the protected-resource document, so a client can find the authorization server. */
const challengeWithResourceMetadata = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const challenge = c.res.headers.get("WWW-Authenticate");
  if (!challenge?.startsWith("Bearer")) return;
  const parameter = `resource_metadata="${issuerOf(c)}${METADATA_PATH}"`;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("WWW-Authenticate", challenge === "Bearer" ? `Bearer ${parameter}` : `${challenge}, ${parameter}`);
});

const gatewayMiddleware = [
  sameOriginOnly,
  challengeWithResourceMetadata,
  authenticate({ oauthScope: GATEWAY_SCOPES, resource: "gateway" }),
  requireEntitlement("connectors", "ai"),
  rateLimit,
];
const jsonRpcMessage = z
  .record(z.string(), z.unknown())
  .openapi("JsonRpcMessage", { description: "One JSON-RPC 2.0 message" });
const gatewayRoute = (method: "post" | "get" | "delete") => ({
  method,
  path: GATEWAY_PATH,
  tags: ["MCP gateway"],
  security: bearerAuth,
  middleware: gatewayMiddleware,
});

type Running = Extract<GatewayAnswer, { running: unknown }>;

/** Streamable HTTP: the client says it reads SSE (MCP clients send `application/json, text/event-stream`). */
const acceptsEventStream = (c: Context<AppEnv>) => c.req.header("Accept")?.includes("text/event-stream") ?? false;

const INTERNAL_ERROR = -32603;

/** The call's final JSON-RPC message: its result, or an internal error (logged, never detailed). */
async function settled(answer: Running, progress: (message: string) => void = () => undefined) {
  try {
    return answer.respond(await answer.running.run(progress));
  } catch (error) {
    logError({}, { event: "mcp_call_failed", error });
    return { jsonrpc: "2.0", id: null, error: { code: INTERNAL_ERROR, message: "Internal error" } };
  }
}

/**
 * A call that answers as it runs, as SSE: `notifications/progress` for each step when the request
 * carries a progressToken, else a comment every heartbeat (15 s) so proxies keep the stream open;
 * then the response. The run does not depend on the stream: a client that leaves stops nothing.
 */
function streamed(c: Context<AppEnv>, answer: Running): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const write = (text: string) => void writer.write(encoder.encode(text)).catch(() => undefined);
  const message = (body: unknown) => write(sseFrame({ event: "message", data: JSON.stringify(body) }));
  const { progressToken } = answer;
  let progress = 0;
  const keepalive =
    progressToken === undefined
      ? setInterval(() => write(sseComment("keepalive")), heartbeatMsOf(c.env.SSE_HEARTBEAT_MS))
      : undefined;
  const done = settled(answer, (note) => {
    if (progressToken === undefined) return;
    message({
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken, progress: ++progress, message: note },
    });
  }).then((response) => {
    clearInterval(keepalive);
    message(response);
    return writer.close().catch(() => undefined);
  });
  c.executionCtx.waitUntil(done);
  return new Response(readable, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform" },
  });
}

const notOffered = { 405: json(jsonRpcMessage, "Only POST"), ...errors(401, 403, 429) };
const methodNotAllowed = (c: Context<AppEnv>) =>
  c.json(refusal("Method not allowed: the gateway is stateless and answers POST only"), 405, { Allow: "POST" });

export const mcpGatewayRoutes = createRouter()
  .openapi(
    createRoute({
      ...gatewayRoute("post"),
      summary:
        "MCP server (Streamable HTTP, stateless JSON-RPC 2.0) over the caller's connector tools and the AI capabilities",
      description: `initialize, tools/list, tools/call, ping. Protocol versions ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}; no batches. The workspace is X-Workspace-Id. A capability call answers as SSE (progress, then the response) when Accept allows it.`,
      responses: {
        200: {
          description:
            "The JSON-RPC response (errors too, as JSON-RPC errors); for a capability call, SSE when Accept allows it",
          content: {
            "application/json": { schema: jsonRpcMessage },
            "text/event-stream": { schema: z.string() },
          },
        },
        202: { description: "A notification or response was accepted" },
        400: json(jsonRpcMessage, "Not JSON, a batch, an invalid request or an unsupported MCP-Protocol-Version"),
        ...errors(401, 403, 429),
      },
    }),
    async (c) => {
      const answer =
        protocolVersionProblem(c.req.header("MCP-Protocol-Version")) ??
        (await handleMcpMessage(ctxOf(c), { origin: issuerOf(c) }, await c.req.text()));
      if ("running" in answer) return acceptsEventStream(c) ? streamed(c, answer) : c.json(await settled(answer), 200);
      return answer.status === 202 ? c.body(null, 202) : c.json(answer.body, answer.status);
    },
  )
  .openapi(
    createRoute({
      ...gatewayRoute("get"),
      summary: "Not offered: 405 (no server-initiated stream)",
      responses: notOffered,
    }),
    methodNotAllowed,
  )
  .openapi(
    createRoute({ ...gatewayRoute("delete"), summary: "Not offered: 405 (no sessions to end)", responses: notOffered }),
    methodNotAllowed,
  );

const protectedResourceDocument = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string(),
  })
  .openapi("ProtectedResourceMetadata");

/** Mounted at the origin root; also under the resource's path suffix (RFC 9728 §3.1). */
const serveMetadata = (c: Context<AppEnv>) =>
  c.json(
    {
      resource: resourceOf(c),
      authorization_servers: [issuerOf(c)],
      scopes_supported: GATEWAY_SCOPES,
      bearer_methods_supported: ["header"],
      resource_name: "Connector tools and AI capabilities (MCP gateway)",
    },
    200,
    { "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}`, "Access-Control-Allow-Origin": "*" },
  );

const metadataRoute = (path: string) =>
  createRoute({
    method: "get",
    path,
    tags: ["MCP gateway"],
    summary: "OAuth 2.0 protected resource metadata of the MCP gateway (RFC 9728)",
    servers: [{ url: "/" }],
    responses: { 200: json(protectedResourceDocument, "The metadata document") },
  });

export const protectedResourceRoutes = createRouter()
  .openapi(metadataRoute(METADATA_PATH), serveMetadata)
  .openapi(metadataRoute(`${METADATA_PATH}${BASE_PATH}${GATEWAY_PATH}`), serveMetadata);
