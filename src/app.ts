import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { adminRoutes } from "./domains/admin/routes";
import { connectorRoutes } from "./domains/connectors/http/routes";
import { connectorOAuthCallbackRoutes } from "./domains/connectors/http/oauth-callback-routes";
import { connectorSiteRoutes } from "./domains/connectors/http/site-routes";
import { mcpGatewayRoutes, protectedResourceRoutes } from "./domains/connectors/http/mcp-routes";
import { outboxAdminRoutes } from "./domains/oauth/admin-routes";
import { discoveryRoutes } from "./domains/oauth/site-routes";
import { oauthRoutes } from "./domains/oauth/routes";
import { partnerRoutes } from "./domains/partner/routes";
import { aiAdminRoutes } from "./domains/ai/admin-routes";
import { aiRoutes } from "./domains/ai/routes";
import { identityRoutes } from "./domains/identity/routes";
import { mediaRoutes } from "./domains/media/routes";
import { accountRoutes } from "./domains/identity/account-routes";
import { accountPageRoutes } from "./domains/identity/account-page-routes";
import { billingRoutes } from "./domains/billing/routes";
import { notificationAdminRoutes } from "./domains/notifications/admin-routes";
import { notificationRoutes } from "./domains/notifications/routes";
import { statusAdminRoutes } from "./domains/status/admin-routes";
import { statusRoutes } from "./domains/status/routes";
import { statusSiteRoutes } from "./domains/status/site-routes";
import { systemRoutes } from "./domains/system/routes";
import { docsRoutes } from "./domains/system/docs-routes";
import { workspaceRoutes } from "./domains/workspaces/routes";
import { walletAdminRoutes } from "./domains/wallet/admin-routes";
import { walletRoutes } from "./domains/wallet/routes";
import type { AppEnv } from "./env";
import { errorResponse } from "./http/envelope";
import { cachedOpenApiDocument } from "./http/openapi";
import { ApiError, ERROR_STATUS, type ErrorCode } from "./lib/errors";
import { BASE_PATH } from "./lib/origin";
import { isUploadPath, limitBodySize, requireJsonBody } from "./middleware/body";
import { requestContext } from "./middleware/request-context";
import { describeError, logError } from "./lib/log";
import { requireAdmin } from "./middleware/admin";

/** Hono's own exceptions (malformed JSON, body limits) keep their status under our envelope. */
function fromHttpException(error: HTTPException): ApiError {
  const code =
    (Object.keys(ERROR_STATUS) as ErrorCode[]).find((key) => ERROR_STATUS[key] === error.status) ?? "bad_request";
  const status = error.status as ContentfulStatusCode;
  const apiError = new ApiError(code, error.message || undefined);
  return status === apiError.status ? apiError : new ApiError("bad_request", error.message);
}

/** Routers of the versioned API, in one list so the OpenAPI document sees every route. */
const apiRouters = [
  systemRoutes,
  identityRoutes,
  accountRoutes,
  accountPageRoutes,
  billingRoutes,
  workspaceRoutes,
  adminRoutes,
  notificationRoutes,
  notificationAdminRoutes,
  statusRoutes,
  statusAdminRoutes,
  aiRoutes,
  aiAdminRoutes,
  oauthRoutes,
  outboxAdminRoutes,
  partnerRoutes,
  connectorOAuthCallbackRoutes,
  connectorRoutes,
  mcpGatewayRoutes,
  walletRoutes,
  walletAdminRoutes,
  mediaRoutes,
];

export function createApp() {
  const app = new OpenAPIHono<AppEnv>();

  app.use("*", requestContext);
  app.use("*", secureHeaders({ xFrameOptions: "DENY", crossOriginResourcePolicy: false }));
  // OAuth's endpoints answer in their own error shape, so their router limits its own bodies.
  const isOAuthPath = (path: string) => path.startsWith(`${BASE_PATH}/oauth/`);
  const apiBodyLimit = limitBodySize();
  app.use(`${BASE_PATH}/*`, async (c, next) =>
    isOAuthPath(c.req.path) || isUploadPath(c.req.path) ? next() : apiBodyLimit(c, next),
  );
  // The whole operator API, known routes or not, is behind the operator token (`/admin/*` also
  // matches `/admin` itself).
  app.use(`${BASE_PATH}/admin/*`, requireAdmin);
  // OAuth's endpoints and the account pages take form bodies (token, revoke, the sign-in and
  // recovery pages); every other API body is JSON.
  app.use(`${BASE_PATH}/*`, async (c, next) =>
    isOAuthPath(c.req.path) || isUploadPath(c.req.path) || c.req.path.startsWith(`${BASE_PATH}/account/`)
      ? next()
      : requireJsonBody(c, next),
  );

  for (const router of apiRouters) app.route(BASE_PATH, router);
  app.route(BASE_PATH, docsRoutes);
  app.route("/", statusSiteRoutes);
  app.route("/", discoveryRoutes);
  app.route("/", connectorSiteRoutes);
  app.route("/", protectedResourceRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "ADMIN_TOKEN",
  });
  app.get(
    `${BASE_PATH}/openapi.json`,
    cachedOpenApiDocument(() => openApiDocument(app)),
  );

  app.notFound((c) => errorResponse(c, new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}`)));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) return errorResponse(c, fromHttpException(error));
    // Log the failure with the request id; never the request body, which may hold secrets.
    logError(c.env, { requestId: c.var.requestId, ...describeError(error) });
    return errorResponse(c, new ApiError("internal_error"));
  });
  return app;
}

const openApiConfig = (origin: string) => ({
  openapi: "3.1.0",
  info: {
    title: "Platform API",
    version: "1.0.0",
    description: "OAuth 2.0 authorization server, AI messages, connectors, notifications, usage and public status.",
  },
  // Paths in the document are absolute from the origin: some routes (discovery, status page) live outside /api/v1.
  servers: [{ url: origin }],
});

/** The generated OpenAPI 3.1 document (also served at `/api/v1/openapi.json`). */
export const openApiDocument = (app: ReturnType<typeof createApp>, origin = "http://localhost:8787") =>
  app.getOpenAPI31Document(openApiConfig(origin));
