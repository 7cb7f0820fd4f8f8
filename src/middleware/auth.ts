import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import type { AppEnv } from "../env";
import { loadCaller, type AuthContext } from "../domains/identity";
import { issuerOf } from "../http/context";
import { ApiError, badRequest, forbidden, unauthorized } from "../lib/errors";
import { bearerCredential } from "../lib/bearer";
import { isUuid } from "../lib/ids";
import { ownResources, type OwnResource } from "../lib/origin";
import { tokenServes, verifyAccessToken } from "../lib/tokens";

export interface AuthenticateOptions {
  /**
   * The OAuth scope that lets a third-party token call these routes (any one of several, when a
   * list); absent means first-party only.
   */
  oauthScope?: string | string[];
  /**
   * The protected resource these routes belong to (RFC 8707): an OAuth token issued for the other
   * one is refused. The API base (`{base_url}`) unless said; the MCP gateway is `gateway`.
   */
  resource?: OwnResource;
}

/**
 * Verifies the bearer token and fills in the caller (`c.var.auth`), which the identity domain
 * loads in one D1 round trip.
 */
export const authenticate = (options: AuthenticateOptions = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("auth", await admittedCaller(c, options));
    await next();
  });

/** The caller of a bearer token these routes admit; refusals are thrown as their API errors. */
async function admittedCaller(c: Context<AppEnv>, options: AuthenticateOptions): Promise<AuthContext> {
  const token = bearerCredential(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(c.env.JWT_SECRET, issuerOf(c), token);
  if (!claims) throw unauthorized("Invalid or expired access token", "invalid_token");
  // Audiences are compared whole: `{base_url}` is a prefix of `{base_url}/mcp`, not the same resource.
  if (claims.kind === "oauth" && !tokenServes(claims, ownResources(issuerOf(c))[options.resource ?? "api"])) {
    throw unauthorized("The access token was issued for another resource", "invalid_token");
  }
  const admitting = [options.oauthScope ?? []].flat();
  if (claims.kind === "oauth" && !admitting.some((scope) => claims.scopes.includes(scope))) {
    throw new ApiError("forbidden", "The access token's scopes do not grant this endpoint", undefined, {
      "WWW-Authenticate": `Bearer error="insufficient_scope"${admitting.length ? `, scope="${admitting.join(" ")}"` : ""}`,
    });
  }

  const rawWorkspace = c.req.header("X-Workspace-Id");
  if (rawWorkspace !== undefined && !isUuid(rawWorkspace)) {
    throw badRequest([{ field: "X-Workspace-Id", message: "must be a UUID" }]);
  }
  // UUIDs compare case-insensitively (RFC 9562); stored ids are lower case.
  return loadCaller(createDb(c.env.DB), claims, rawWorkspace?.toLowerCase());
}

/** Refuses callers whose account lacks an entitlement (`ai`, `connectors`, `provider:<key>`). */
/** The plan must include the entitlement (any one of them, when several are named). */
export const requireEntitlement = (...entitlements: [string, ...string[]]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!entitlements.some((entitlement) => c.var.auth.entitlements.includes(entitlement)))
      throw forbidden(`Your plan does not include ${entitlements.map((e) => `"${e}"`).join(" or ")}`);
    await next();
  });

/**
 * For routes that also answer without a token (a signed media URL): the caller, as `c.var.viewer`,
 * when a token is sent and `authenticate(options)` and `requireEntitlement(entitlement)` would
 * admit it; else nobody, and no refusal either: the route's domain answers a refused token as it
 * answers none, so that neither tells whether the resource exists. A promise, so that the domain
 * reads its resource while the caller is loaded (two D1 round trips at once).
 */
export const recognizeCaller = (options: AuthenticateOptions & { entitlement: string }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const viewer =
      c.req.header("Authorization") === undefined
        ? Promise.resolve(undefined)
        : admittedCaller(c, options).then(
            (caller) => (caller.entitlements.includes(options.entitlement) ? caller : undefined),
            (error) => {
              // A refusal of the token (401, 403, a malformed workspace header's 400); anything else is a fault.
              if (error instanceof ApiError) return undefined;
              throw error;
            },
          );
    // The route's door awaits it; this only keeps a fault from being reported unhandled when the
    // request ends before the door (a 400 for a malformed id).
    viewer.catch(() => undefined);
    c.set("viewer", viewer);
    await next();
  });
