import { OpenAPIHono } from "@hono/zod-openapi";
import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
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

/** A router and where it is mounted: the versioned API (`/api/v1`) or the site's root. */
type Mount = readonly [base: string, router: Hono<AppEnv>];
const api = (...routers: Hono<AppEnv>[]): Mount[] => routers.map((router) => [BASE_PATH, router] as const);
const site = (...routers: Hono<AppEnv>[]): Mount[] => routers.map((router) => ["/", router] as const);

/**
 * Every router, by the first segment of the paths it serves (after `/api/v1` in the API, from the
 * root on the site), imported on the first request that needs it. A router's module builds its zod
 * schemas when it loads, so a cold isolate builds only those of the request it answers (an
 * anonymous status visitor never pays for the connectors' schemas), and nothing at startup
 * (docs/performance.md). test/platform/router-groups.test.ts checks that every route of the whole
 * app is in the group its path leads to.
 */
const GROUPS: Record<string, () => Promise<Mount[]>> = {
  [`${BASE_PATH}/health`]: async () => api((await import("./domains/system/routes")).systemRoutes),
  [`${BASE_PATH}/docs`]: async () => api((await import("./domains/system/docs-routes")).docsRoutes),
  [`${BASE_PATH}/auth`]: async () => {
    const [identity, account] = await Promise.all([
      import("./domains/identity/routes"),
      import("./domains/identity/account-routes"),
    ]);
    return api(identity.identityRoutes, account.accountRoutes);
  },
  [`${BASE_PATH}/me`]: async () => api((await import("./domains/identity/routes")).identityRoutes),
  [`${BASE_PATH}/account`]: async () => api((await import("./domains/identity/account-page-routes")).accountPageRoutes),
  [`${BASE_PATH}/billing`]: async () => api((await import("./domains/billing/routes")).billingRoutes),
  [`${BASE_PATH}/workspaces`]: async () => api((await import("./domains/workspaces/routes")).workspaceRoutes),
  [`${BASE_PATH}/admin`]: async () => {
    const [admin, notifications, status, ai, oauth, wallet] = await Promise.all([
      import("./domains/admin/routes"),
      import("./domains/notifications/admin-routes"),
      import("./domains/status/admin-routes"),
      import("./domains/ai/admin-routes"),
      import("./domains/oauth/admin-routes"),
      import("./domains/wallet/admin-routes"),
    ]);
    return api(
      admin.adminRoutes,
      notifications.notificationAdminRoutes,
      status.statusAdminRoutes,
      ai.aiAdminRoutes,
      oauth.outboxAdminRoutes,
      wallet.walletAdminRoutes,
    );
  },
  [`${BASE_PATH}/notifications`]: async () => api((await import("./domains/notifications/routes")).notificationRoutes),
  [`${BASE_PATH}/status`]: async () => api((await import("./domains/status/routes")).statusRoutes),
  [`${BASE_PATH}/ai`]: async () => api((await import("./domains/ai/routes")).aiRoutes),
  [`${BASE_PATH}/oauth`]: async () => api((await import("./domains/oauth/routes")).oauthRoutes),
  [`${BASE_PATH}/partner`]: async () => api((await import("./domains/partner/routes")).partnerRoutes),
  [`${BASE_PATH}/connectors`]: async () => {
    const [callback, connectors] = await Promise.all([
      import("./domains/connectors/http/oauth-callback-routes"),
      import("./domains/connectors/http/routes"),
    ]);
    return api(callback.connectorOAuthCallbackRoutes, connectors.connectorRoutes);
  },
  [`${BASE_PATH}/mcp`]: async () => api((await import("./domains/connectors/http/mcp-routes")).mcpGatewayRoutes),
  [`${BASE_PATH}/wallet`]: async () => api((await import("./domains/wallet/routes")).walletRoutes),
  [`${BASE_PATH}/files`]: async () => api((await import("./domains/media/routes")).mediaRoutes),
  [`${BASE_PATH}/media`]: async () => api((await import("./domains/media/routes")).mediaRoutes),
  // The public status page and its Statuspage-compatible JSON (`/api/v2/*`).
  "/status": async () => site((await import("./domains/status/site-routes")).statusSiteRoutes),
  "/api": async () => site((await import("./domains/status/site-routes")).statusSiteRoutes),
  "/.well-known": async () => {
    const [oauth, mcp] = await Promise.all([
      import("./domains/oauth/site-routes"),
      import("./domains/connectors/http/mcp-routes"),
    ]);
    return site(oauth.discoveryRoutes, mcp.protectedResourceRoutes);
  },
  "/settings": async () => site((await import("./domains/connectors/http/site-routes")).connectorSiteRoutes),
};

const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

/** Every router once, in one list, so the OpenAPI document sees every route. */
async function allMounts(): Promise<Mount[]> {
  const groups = await Promise.all(Object.values(GROUPS).map((load) => load()));
  const seen = new Set<Hono<AppEnv>>();
  return groups.flat().filter(([, router]) => !seen.has(router) && seen.add(router));
}

/** The app over `mounts`: the shared middleware, envelope and error handling around those routers. */
function buildApp(mounts: Mount[]) {
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

  for (const [base, router] of mounts) app.route(base, router);

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

type App = ReturnType<typeof buildApp>;

/** The whole app, every router mounted: what serves `/api/v1/openapi.json`, and what tests inspect. */
export async function loadApp(): Promise<App> {
  const app = buildApp(await allMounts());
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
    OPENAPI_PATH,
    cachedOpenApiDocument(() => openApiDocument(app)),
  );
  return app;
}

/**
 * The app that answers the paths of `group` (`routerGroupOf`): its routers only (none for an
 * unknown path, which then gets the 404 envelope).
 */
export async function loadGroupApp(group: string): Promise<App> {
  if (group === OPENAPI_PATH) return loadApp();
  return buildApp((await GROUPS[group]?.()) ?? []);
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
export const openApiDocument = (app: App, origin = "http://localhost:8787") =>
  app.getOpenAPI31Document(openApiConfig(origin));
