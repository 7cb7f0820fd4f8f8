import type { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./env";
import { errorResponse } from "./http/envelope";
import { cachedOpenApiDocument, committedOpenApiDocument } from "./http/openapi-document";
import { ApiError, ERROR_STATUS, type ErrorCode } from "./lib/errors";
import { BASE_PATH } from "./lib/origin";
import { isUploadPath, limitBodySize, requireJsonBody } from "./middleware/body";
import { requestContext } from "./middleware/request-context";
import { describeError, logError } from "./lib/log";
import { requireAdmin } from "./middleware/admin";
import { allowedMethods, declaredMethods, methodNotAllowed } from "./http/methods";
import { groupRouter } from "./http/group-router";

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
/** A router, imported when first asked for. */
type RouterImport = () => Promise<Hono<AppEnv>>;
const mounted =
  (base: string) =>
  (...routers: RouterImport[]) =>
  async (): Promise<Mount[]> =>
    (await Promise.all(routers.map((load) => load()))).map((router) => [base, router] as const);
const api = mounted(BASE_PATH);
const site = mounted("/");

// Every router of the app, each imported on first use (a router's module builds its zod schemas as it loads).
const system: RouterImport = async () => (await import("./domains/system/routes")).systemRoutes;
const siteIndex: RouterImport = async () => (await import("./domains/system/index-routes")).siteIndexRoutes;
const apiIndex: RouterImport = async () => (await import("./domains/system/index-routes")).apiIndexRoutes;
const docs: RouterImport = async () => (await import("./domains/system/docs-routes")).docsRoutes;
const identity: RouterImport = async () => (await import("./domains/identity/routes")).identityRoutes;
const account: RouterImport = async () => (await import("./domains/identity/account-routes")).accountRoutes;
const accountPages: RouterImport = async () =>
  (await import("./domains/identity/account-page-routes")).accountPageRoutes;
const billing: RouterImport = async () => (await import("./domains/billing/routes")).billingRoutes;
const workspaces: RouterImport = async () => (await import("./domains/workspaces/routes")).workspaceRoutes;
const admin: RouterImport = async () => (await import("./domains/admin/routes")).adminRoutes;
const notifications: RouterImport = async () => (await import("./domains/notifications/routes")).notificationRoutes;
const notificationAdmin: RouterImport = async () =>
  (await import("./domains/notifications/admin-routes")).notificationAdminRoutes;
const status: RouterImport = async () => (await import("./domains/status/routes")).statusRoutes;
const statusAdmin: RouterImport = async () => (await import("./domains/status/admin-routes")).statusAdminRoutes;
const statusSite: RouterImport = async () => (await import("./domains/status/site-routes")).statusSiteRoutes;
const ai: RouterImport = async () => (await import("./domains/ai/routes")).aiRoutes;
const aiSessionList: RouterImport = async () => (await import("./domains/ai/session-list-routes")).aiSessionListRoutes;
const aiAdmin: RouterImport = async () => (await import("./domains/ai/admin-routes")).aiAdminRoutes;
// The browser pages of a flow and the endpoints clients call, each with its own error language and body limit.
const oauthPages: RouterImport = async () => (await import("./domains/oauth/page-routes")).oauthPageRoutes;
const oauthEndpoints: RouterImport = async () => (await import("./domains/oauth/endpoint-routes")).oauthEndpointRoutes;
const outboxAdmin: RouterImport = async () => (await import("./domains/oauth/admin-routes")).outboxAdminRoutes;
const discovery: RouterImport = async () => (await import("./domains/oauth/site-routes")).discoveryRoutes;
const partner: RouterImport = async () => (await import("./domains/partner/routes")).partnerRoutes;
const connectorCallback: RouterImport = async () =>
  (await import("./domains/connectors/http/oauth-callback-routes")).connectorOAuthCallbackRoutes;
const connectors: RouterImport = async () => (await import("./domains/connectors/http/routes")).connectorRoutes;
const connectorSite: RouterImport = async () =>
  (await import("./domains/connectors/http/site-routes")).connectorSiteRoutes;
const mcpGateway: RouterImport = async () => (await import("./domains/mcp/routes")).mcpGatewayRoutes;
const protectedResource: RouterImport = async () => (await import("./domains/mcp/routes")).protectedResourceRoutes;
const wallet: RouterImport = async () => (await import("./domains/wallet/routes")).walletRoutes;
const walletAdmin: RouterImport = async () => (await import("./domains/wallet/admin-routes")).walletAdminRoutes;
const media: RouterImport = async () => (await import("./domains/media/routes")).mediaRoutes;

/**
 * The routers of each router group (`routerGroupOf`: the first segment of a path, after `/api/v1`
 * in the API, from the root on the site), loaded on the group's first request: a cold isolate
 * builds only the routers of the request it answers (an anonymous status visitor never pays for the
 * connectors' schemas), and nothing at startup (docs/performance.md).
 * test/platform/router-groups.test.ts checks that every route of the whole app is in its group.
 */
const GROUPS: Record<string, () => Promise<Mount[]>> = {
  // The index (where to go next) at the site's root and at `/api/v1` (routerGroupOf: `/api/v1/`).
  "/": site(siteIndex),
  [`${BASE_PATH}/`]: api(apiIndex),
  [`${BASE_PATH}/health`]: api(system),
  [`${BASE_PATH}/docs`]: api(docs),
  [`${BASE_PATH}/auth`]: api(identity, account),
  [`${BASE_PATH}/me`]: api(identity),
  [`${BASE_PATH}/account`]: api(accountPages),
  [`${BASE_PATH}/billing`]: api(billing),
  [`${BASE_PATH}/workspaces`]: api(workspaces),
  [`${BASE_PATH}/admin`]: api(admin, notificationAdmin, statusAdmin, aiAdmin, outboxAdmin, walletAdmin),
  [`${BASE_PATH}/notifications`]: api(notifications),
  [`${BASE_PATH}/status`]: api(status),
  // `/ai/sessions` itself (list, create), without the rest of the AI routes (lib/origin.ts OWN_PATHS).
  [`${BASE_PATH}/ai/sessions`]: api(aiSessionList),
  [`${BASE_PATH}/ai`]: api(ai),
  [`${BASE_PATH}/oauth`]: api(oauthPages, oauthEndpoints),
  // The endpoints OAuth clients call, without the flow's pages (lib/origin.ts OWN_GROUPS).
  [`${BASE_PATH}/oauth/token`]: api(oauthEndpoints),
  [`${BASE_PATH}/oauth/revoke`]: api(oauthEndpoints),
  [`${BASE_PATH}/oauth/userinfo`]: api(oauthEndpoints),
  [`${BASE_PATH}/partner`]: api(partner),
  [`${BASE_PATH}/connectors`]: api(connectorCallback, connectors),
  [`${BASE_PATH}/mcp`]: api(mcpGateway),
  [`${BASE_PATH}/wallet`]: api(wallet),
  [`${BASE_PATH}/files`]: api(media),
  [`${BASE_PATH}/media`]: api(media),
  // The public status page and its Statuspage-compatible JSON (`/api/v2/*`).
  "/status": site(statusSite),
  "/api": site(statusSite),
  "/.well-known": site(discovery, protectedResource),
  "/settings": site(connectorSite),
};

const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

/** Every router once, in one list, so the OpenAPI document sees every route. */
async function allMounts(): Promise<Mount[]> {
  const groups = await Promise.all(Object.values(GROUPS).map((load) => load()));
  const seen = new Set<Hono<AppEnv>>();
  return groups.flat().filter(([, router]) => !seen.has(router) && seen.add(router));
}

// Not strict: a trailing slash is the same path (`/status/` answers as `/status` does), for every
// route and middleware, since `c.req.path` is the path without it (docs/developer-experience.md).
const appOptions = () => ({ strict: false as const, router: groupRouter<never>() });
const groupApp = () => new Hono<AppEnv>(appOptions());

/**
 * `app` over `mounts`: the shared middleware, envelope and error handling around those routers. A
 * group's app is a plain Hono (routing needs nothing more, and a group whose routers need no zod,
 * like the token endpoint's, never loads it); the whole app for the document is an OpenAPIHono.
 */
function buildApp<A extends Hono<AppEnv>>(app: A, mounts: Mount[]): A {
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

  // A path some route answers, asked with another method, is 405 with `Allow`; else 404. This app
  // holds every route of the path's group, so every route of the path.
  // Read on the first miss, once every route is in (some are added after this function returns).
  let declared: Set<string> | undefined;
  app.notFound((c) => {
    declared ??= declaredMethods(app);
    const allowed = allowedMethods(app, declared, c.req.path);
    if (allowed.length && !allowed.includes(c.req.method))
      return errorResponse(c, methodNotAllowed(c.req.method, c.req.path, allowed));
    return errorResponse(c, new ApiError("not_found", `No route for ${c.req.method} ${c.req.path}`));
  });
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) return errorResponse(c, fromHttpException(error));
    // Log the failure with the request id; never the request body, which may hold secrets.
    logError(c.env, { requestId: c.var.requestId, ...describeError(error) });
    return errorResponse(c, new ApiError("internal_error"));
  });
  return app;
}

type App = Hono<AppEnv>;
type DocumentedApp = OpenAPIHono<AppEnv>;

/**
 * Routes whose routers declare them to Hono only, each described for the document beside them
 * (`registerPath`): they validate without zod, so that their group never loads it.
 */
const describedApart = async () =>
  [
    ...(await (await import("./domains/oauth")).oauthRouteDocs()),
    ...(await (await import("./domains/ai")).aiRouteDocs()),
  ].map((route) => ({ ...route, path: `${BASE_PATH}${route.path}` }));

/** The whole app, every router mounted: what the OpenAPI document is generated from, and what tests inspect. */
export async function loadApp(): Promise<DocumentedApp> {
  const { OpenAPIHono } = await import("@hono/zod-openapi");
  const app = buildApp(new OpenAPIHono<AppEnv>(appOptions()), await allMounts());
  for (const route of await describedApart()) app.openAPIRegistry.registerPath(route);
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
  return withOpenApiDocument(app);
}

/**
 * `GET /api/v1/openapi.json`: the committed document (http/openapi-document.ts), with the request's origin
 * as its server. The Worker never generates it: its bundle has no generator (wrangler.toml `[alias]`).
 */
function withOpenApiDocument<A extends App>(app: A): A {
  app.get(OPENAPI_PATH, cachedOpenApiDocument(committedOpenApiDocument));
  return app;
}

/**
 * The app that answers the paths of `group` (`routerGroupOf`): its routers only (none for an
 * unknown path, which then gets the 404 envelope).
 */
export async function loadGroupApp(group: string): Promise<App> {
  // The document is a file: its app needs none of the routers.
  if (group === OPENAPI_PATH) return withOpenApiDocument(buildApp(groupApp(), []));
  return buildApp(groupApp(), Object.hasOwn(GROUPS, group) ? await GROUPS[group]!() : []);
}

/**
 * Each group's app, built on the group's first request and kept for the isolate's life. Paths of
 * no group share one app, so requests to made-up paths cannot grow the cache.
 */
const groupApps = new Map<string, Promise<App>>();

export function appForGroup(group: string): Promise<App> {
  const key = group === OPENAPI_PATH || Object.hasOwn(GROUPS, group) ? group : "";
  let app = groupApps.get(key);
  if (!app) {
    app = loadGroupApp(key);
    groupApps.set(key, app);
    // A failed load is tried again by the next request rather than kept.
    app.catch(() => groupApps.delete(key));
  }
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

/**
 * The OpenAPI 3.1 document generated from the routes of `app` (`loadApp()`): what tests inspect and
 * `npm run client:generate` commits as clients/openapi.json, which `/api/v1/openapi.json` serves.
 * Node and the tests only: the Worker's bundle has no generator (this would throw there).
 */
export const openApiDocument = (app: DocumentedApp, origin = "http://localhost:8787") =>
  app.getOpenAPI31Document(openApiConfig(origin));
