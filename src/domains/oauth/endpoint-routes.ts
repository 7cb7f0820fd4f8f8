import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { bearerCredential } from "../../lib/bearer";
import { ownResources } from "../../lib/origin";
import { tokenServes } from "../../lib/tokens";
import { issuerOf, signerOf } from "../../http/context";
import { ApiError } from "../../lib/errors";
import { admitted, rateLimit, rateLimitBeside } from "../../middleware/rate-limit";
import { BODY_TOO_LARGE, limitBodySize } from "../../middleware/body";
import { authenticateClient } from "./client-auth";
import { limitUserInfo, oauthCors } from "./endpoint-guards";
import { NO_STORE, OAuthError, oauthError, oauthErrorResponse } from "./errors";
import { readOAuthForm, REVOKE_PARAMS, TOKEN_PARAMS } from "./forms";
import { exchangeToken, revokeToken, userInfo, verifyOAuthToken } from "./token-service";
import { requestCtxOf } from "../identity";

// The endpoints OAuth clients call (RFC 6749 token, RFC 7009 revocation, OpenID userinfo): JSON
// answers, and errors in RFC 6749's shape rather than the API envelope. The browser side of a
// flow is page-routes.ts. A plain Hono router: the forms are read by hand (forms.ts), so that a
// cold token request loads no zod; route-docs.ts describes the routes for the OpenAPI document.

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

const router = new Hono<AppEnv>();
// Registered before the routes, so the CORS headers are on every answer of these paths (errors
// and 429s included), and OPTIONS preflights, which match no route, are answered here.
router.use("/oauth/token", oauthCors("POST"));
router.use("/oauth/revoke", oauthCors("POST"));
router.use("/oauth/userinfo", oauthCors("GET"));

/**
 * Token and revoke are limited per client IP (their callers are clients, not users): the spec's
 * default of 120 a minute, through the shared limiter (`limits.ts` has no entry of their own, and
 * there is no authenticated user, so its default counts per IP). The token endpoint counts the
 * same limit while it reads (see `rateLimitBeside`).
 */
export const oauthEndpointRoutes = router
  .post("/oauth/token", limitFormSize, rateLimitBeside, requireForm, async (c) => {
    const form = await readOAuthForm(c, TOKEN_PARAMS);
    const tokens = await admitted(c, () =>
      exchangeToken(requestCtxOf(c), signerOf(c), c.req.header("Authorization"), form, () => c.var.admission),
    );
    return c.json(tokens, 200, NO_STORE);
  })
  .post("/oauth/revoke", limitFormSize, rateLimit, requireForm, async (c) => {
    const form = await readOAuthForm(c, REVOKE_PARAMS);
    const client = await authenticateClient(requestCtxOf(c), c.req.header("Authorization"), form);
    await revokeToken(requestCtxOf(c), signerOf(c), client, form);
    return c.body(null, 200, NO_STORE);
  })
  .get("/oauth/userinfo", async (c) => {
    // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` works as well as `Bearer`.
    const token = bearerCredential(c.req.header("Authorization"));
    const verified = token === undefined ? undefined : await verifyOAuthToken(signerOf(c), token);
    // Userinfo is part of the API (`{base_url}`): a token issued for the gateway alone is not for it.
    const claims = verified && !tokenServes(verified, ownResources(issuerOf(c)).api) ? null : verified;
    await limitUserInfo(c, claims);
    return c.json(await userInfo(requestCtxOf(c), claims), 200, NO_STORE);
  });

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
