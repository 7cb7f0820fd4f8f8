import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { bearerCredential } from "../../lib/bearer";
import { ownResources } from "../../lib/origin";
import { tokenServes } from "../../lib/tokens";
import { issuerOf, signerOf } from "../../http/context";
import { createRouter } from "../../http/router";
import { formBody } from "../../http/pages";
import { ApiError } from "../../lib/errors";
import { bearerAuth, json } from "../../http/openapi";
import { admitted, rateLimit, rateLimitBeside } from "../../middleware/rate-limit";
import { BODY_TOO_LARGE, limitBodySize } from "../../middleware/body";
import { DEFAULT_RATE_LIMIT } from "../../limits";
import { authenticateClient, type OAuthForm } from "./client-auth";
import { limitUserInfo, oauthCors } from "./endpoint-guards";
import { NO_STORE, OAuthError, oauthError, oauthErrorResponse } from "./errors";
import { oauthErrorBody, revokeForm, tokenForm, tokenResponse, userInfoResponse } from "./schemas";
import { exchangeToken, revokeToken, userInfo, verifyOAuthToken } from "./token-service";
import { requestCtxOf } from "../identity";

// The endpoints OAuth clients call (RFC 6749 token, RFC 7009 revocation, OpenID userinfo): JSON
// answers, and errors in RFC 6749's shape rather than the API envelope. The browser side of a
// flow is page-routes.ts.

const tags = ["OAuth"];

const oauthJson = (description: string) => json(oauthErrorBody, description);
const RATE_LIMITED = `\`RATE_LIMIT_EXCEEDED\` (over ${DEFAULT_RATE_LIMIT.limit} requests in ${DEFAULT_RATE_LIMIT.windowSeconds} s), with \`RateLimit-*\` and \`Retry-After\`; every answer carries \`RateLimit-*\``;

/** The token and revoke endpoints take form bodies only; anything else is an RFC error, not a 415. */
const requireForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(c.req.header("Content-Type") ?? "")) {
    throw oauthError("invalid_request", "The body must be application/x-www-form-urlencoded");
  }
  await next();
};

/** An oversized body is refused in the OAuth error shape (after CORS, so the refusal carries its headers). */
const limitFormSize = limitBodySize(() => {
  throw new OAuthError("invalid_request", BODY_TOO_LARGE, {}, 413);
});

/** Validation failures of the OAuth forms, in RFC 6749's language. */
const oauthHook = (result: { success: boolean }): undefined => {
  if (!result.success) throw oauthError("invalid_request", "Malformed request parameters");
};

/**
 * RFC 6749 §3.2: no parameter may appear twice. RFC 8707 lets `resource` repeat, but a token names
 * one audience here, so several are the target error.
 */
function singleValued(form: Record<string, string | string[] | undefined>): OAuthForm {
  const single: OAuthForm = {};
  for (const [name, value] of Object.entries(form)) {
    if (Array.isArray(value) && name === "resource")
      throw oauthError("invalid_target", "Only one resource may be requested: a token names one audience");
    if (Array.isArray(value)) throw oauthError("invalid_request", `Parameter ${name} is repeated`);
    single[name] = value;
  }
  return single;
}

const router = createRouter();
// Registered before the routes, so the CORS headers are on every answer of these paths (errors
// and 429s included), and OPTIONS preflights, which match no route, are answered here.
router.use("/oauth/token", oauthCors("POST"));
router.use("/oauth/revoke", oauthCors("POST"));
router.use("/oauth/userinfo", oauthCors("GET"));

/**
 * Token and revoke are limited per client IP (their callers are clients, not users): the spec's
 * default of 120 a minute, through the shared limiter (`limits.ts` has no entry of their own, and
 * there is no authenticated user, so its default counts per IP).
 */
const revokeGuards: MiddlewareHandler<AppEnv>[] = [limitFormSize, rateLimit, requireForm];
/** The token endpoint counts the same limit while it reads (see `rateLimitBeside`). */
const tokenGuards: MiddlewareHandler<AppEnv>[] = [limitFormSize, rateLimitBeside, requireForm];

export const oauthEndpointRoutes = router
  .openapi(
    createRoute({
      method: "post",
      path: "/oauth/token",
      tags,
      summary: "Exchange an authorization code or rotate a refresh token",
      description:
        "Client authentication: HTTP Basic (confidential clients) or `client_id` in the body (public clients).",
      middleware: tokenGuards,
      request: { body: formBody(tokenForm) },
      responses: {
        200: json(tokenResponse, "Tokens (`Cache-Control: no-store`)"),
        400: oauthJson(
          "invalid_request, invalid_grant, invalid_scope, invalid_target (RFC 8707), unsupported_grant_type",
        ),
        401: oauthJson("invalid_client (with `WWW-Authenticate: Basic`)"),
        429: oauthJson(RATE_LIMITED),
      },
    }),
    async (c) => {
      const tokens = await admitted(c, () =>
        exchangeToken(
          requestCtxOf(c),
          signerOf(c),
          c.req.header("Authorization"),
          singleValued(c.req.valid("form")),
          () => c.var.admission,
        ),
      );
      return c.json(tokens, 200, NO_STORE);
    },
    oauthHook,
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/oauth/revoke",
      tags,
      summary: "Revoke an access token, or a refresh token and its whole family (RFC 7009)",
      middleware: revokeGuards,
      request: { body: formBody(revokeForm) },
      responses: {
        200: { description: "Always, even for unknown or foreign tokens" },
        400: oauthJson("invalid_request"),
        401: oauthJson("invalid_client (with `WWW-Authenticate: Basic`)"),
        429: oauthJson(RATE_LIMITED),
      },
    }),
    async (c) => {
      const form = singleValued(c.req.valid("form"));
      const client = await authenticateClient(requestCtxOf(c), c.req.header("Authorization"), form);
      await revokeToken(requestCtxOf(c), signerOf(c), client, form);
      return c.body(null, 200, NO_STORE);
    },
    oauthHook,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/userinfo",
      tags,
      summary: "Claims about the user, as far as the access token's scopes release them",
      security: bearerAuth,
      responses: {
        200: json(userInfoResponse, "The user's claims"),
        401: oauthJson(
          'invalid_token: `WWW-Authenticate: Bearer` without a token, `Bearer error="invalid_token"` with a bad, expired or revoked one',
        ),
        429: oauthJson(RATE_LIMITED),
      },
    }),
    async (c) => {
      // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` works as well as `Bearer`.
      const token = bearerCredential(c.req.header("Authorization"));
      const verified = token === undefined ? undefined : await verifyOAuthToken(signerOf(c), token);
      // Userinfo is part of the API (`{base_url}`): a token issued for the gateway alone is not for it.
      const claims = verified && !tokenServes(verified, ownResources(issuerOf(c)).api) ? null : verified;
      await limitUserInfo(c, claims);
      return c.json(await userInfo(requestCtxOf(c), claims), 200, NO_STORE);
    },
  );

/** OAuth errors speak RFC 6749 JSON; everything else goes up to the app. */
oauthEndpointRoutes.onError((error, c) => {
  if (error instanceof OAuthError) return oauthErrorResponse(c, error);
  // A limit of the token, revoke or userinfo endpoint: the spec's code, in the OAuth error shape
  // (a string `error`) that OAuth client libraries parse, rather than the API envelope.
  if (error instanceof ApiError && error.code === "RATE_LIMIT_EXCEEDED") {
    return oauthErrorResponse(c, new OAuthError("RATE_LIMIT_EXCEEDED", error.message, error.headers));
  }
  throw error;
});
