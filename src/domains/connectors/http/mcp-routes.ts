import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../../env";
import { issuerOf } from "../../../http/context";
import { bearerAuth, errors, json } from "../../../http/openapi";
import { createRouter } from "../../../http/router";
import { BASE_PATH, GATEWAY_PATH, isOwnBrowserOrigin, ownResources } from "../../../lib/origin";
import { authenticate, requireEntitlement } from "../../../middleware/auth";
import { rateLimit } from "../../../middleware/rate-limit";
import { ctxOf } from "../../identity";
import { handleMcpMessage, JSONRPC, protocolVersionProblem, SUPPORTED_PROTOCOL_VERSIONS } from "./mcp-gateway";

/**
 * `POST {base_url}/mcp`, the MCP gateway, and `/.well-known/oauth-protected-resource` (RFC 9728),
 * which tells an MCP client where to get a token for it (MCP authorization, 2025-06-18 and later).
 */
const METADATA_PATH = "/.well-known/oauth-protected-resource";
/** The scope a third-party token needs (CONTRACT): the gateway runs tools for the user. */
const GATEWAY_SCOPE = "execution:run";
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
  authenticate({ oauthScope: GATEWAY_SCOPE, resource: "gateway" }),
  requireEntitlement("connectors"),
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

const notOffered = { 405: json(jsonRpcMessage, "Only POST"), ...errors(401, 403, 429) };
const methodNotAllowed = (c: Context<AppEnv>) =>
  c.json(refusal("Method not allowed: the gateway is stateless and answers POST only"), 405, { Allow: "POST" });

export const mcpGatewayRoutes = createRouter()
  .openapi(
    createRoute({
      ...gatewayRoute("post"),
      summary: "MCP server (Streamable HTTP, stateless JSON-RPC 2.0) over the caller's connector tools",
      description: `initialize, tools/list, tools/call, ping. Protocol versions ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}; no batches. The workspace is X-Workspace-Id.`,
      responses: {
        200: json(jsonRpcMessage, "The JSON-RPC response (errors too, as JSON-RPC errors)"),
        202: { description: "A notification or response was accepted" },
        400: json(jsonRpcMessage, "Not JSON, a batch, an invalid request or an unsupported MCP-Protocol-Version"),
        ...errors(401, 403, 429),
      },
    }),
    async (c) => {
      const answer =
        protocolVersionProblem(c.req.header("MCP-Protocol-Version")) ??
        (await handleMcpMessage(ctxOf(c), await c.req.text()));
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
      scopes_supported: [GATEWAY_SCOPE],
      bearer_methods_supported: ["header"],
      resource_name: "Connector tools (MCP gateway)",
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
