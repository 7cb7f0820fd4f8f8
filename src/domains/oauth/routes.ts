import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env";
import { bearerCredential } from "../../lib/bearer";
import { BASE_PATH, ownResources } from "../../lib/origin";
import { tokenServes } from "../../lib/tokens";
import { clientIp, issuerOf, signerOf } from "../../http/context";
import { createRouter } from "../../http/validator";
import { ApiError } from "../../lib/errors";
import { bearerAuth, json } from "../../http/openapi";
import { admitted, rateLimit, rateLimitBeside } from "../../middleware/rate-limit";
import { BODY_TOO_LARGE, limitBodySize } from "../../middleware/body";
import { DEFAULT_RATE_LIMIT, rateLimitRule } from "../../limits";
import { browserKey, csrfToken, ensureBrowserKey, validCsrf } from "./browser";
import { authenticateClient, type OAuthForm } from "./client-auth";
import { countRequest, limitUserInfo, oauthCors } from "./endpoint-guards";
import { NO_STORE, OAuthError, oauthError, oauthErrorResponse, PageError } from "./errors";
import {
  consumeMagicLink,
  decide,
  loadFlow,
  loadMagicLinkFlow,
  passwordSignIn,
  sendMagicLink,
  startAuthorization,
  type Flow,
} from "./flow-service";
import { renderPage, type PageRenderer } from "./render";
import { passwordRecoveryUrl } from "../identity";
import { mailSettings, mailTransport } from "../mail";
import { runAfterResponse } from "../../lib/after-response";
import { describeError, logError } from "../../lib/log";
import { ConsentPage, ErrorPage, LoginPage, MagicLinkConfirmPage, MagicLinkSentPage } from "./pages";
import {
  authorizeQuery,
  consentForm,
  flowQuery,
  loginForm,
  magicConfirmForm,
  magicLinkForm,
  magicQuery,
  oauthErrorBody,
  revokeForm,
  tokenForm,
  tokenResponse,
  userInfoResponse,
} from "./schemas";
import { exchangeToken, revokeToken, userInfo, verifyOAuthToken } from "./token-service";
import type { Scope } from "./scopes";

const tags = ["OAuth"];
const ACTION_BASE = `${BASE_PATH}/oauth`;

const html = (description: string) => ({ content: { "text/html": { schema: z.string() } }, description });
const oauthJson = (description: string) => json(oauthErrorBody, description);
const RATE_LIMITED = `\`RATE_LIMIT_EXCEEDED\` (over ${DEFAULT_RATE_LIMIT.limit} requests in ${DEFAULT_RATE_LIMIT.windowSeconds} s), with \`RateLimit-*\` and \`Retry-After\`; every answer carries \`RateLimit-*\``;
const formBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/x-www-form-urlencoded": { schema } },
  required: true,
});

/** The token and revoke endpoints take form bodies only; anything else is an RFC error, not a 415. */
const requireForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(c.req.header("Content-Type") ?? "")) {
    throw oauthError("invalid_request", "The body must be application/x-www-form-urlencoded");
  }
  await next();
};

/** Validation failures of OAuth forms and browser forms, in each one's own language. */
const oauthHook = (result: { success: boolean }): undefined => {
  if (!result.success) throw oauthError("invalid_request", "Malformed request parameters");
};
const pageHook = (result: { success: boolean }): undefined => {
  if (!result.success)
    throw new PageError(400, "Invalid form submission", "Go back to the application and start again.");
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

/** Renders a flow page (login, consent, magic link) for the flow and this browser. */
async function flowPage(
  c: Context<AppEnv>,
  flow: Flow,
  clientName: string,
  status: 200 | 400 | 401 | 429,
  render: PageRenderer<{ csrf: string; flowId: string; clientName: string; actionBase: string }>,
  formOrigins: string[] = [],
) {
  const csrf = await csrfToken(c.env.JWT_SECRET, flow.id, browserKey(c)!);
  return renderPage(
    c,
    status,
    (nonce) => render({ nonce, csrf, flowId: flow.id, clientName, actionBase: ACTION_BASE }),
    formOrigins,
  );
}

/** Loads the flow a form names and checks its CSRF token against this browser. */
async function postedFlow(c: Context<AppEnv>, flowId: string, csrf: string) {
  const browser = browserKey(c);
  const loaded = await loadFlow(c.var.db, flowId, browser);
  if (!(await validCsrf(c.env.JWT_SECRET, flowId, browser!, csrf))) {
    throw new PageError(403, "This form has expired", "Go back to the application and start again.");
  }
  return loaded;
}

const consentUrl = (flowId: string) => `${ACTION_BASE}/consent?flow=${encodeURIComponent(flowId)}`;
const loginUrl = (flowId: string) => `${ACTION_BASE}/login?flow=${encodeURIComponent(flowId)}`;
const magicLinkSentUrl = (flowId: string) => `${ACTION_BASE}/magic-link?flow=${encodeURIComponent(flowId)}`;

/** Password guessing through the login form counts against the same limit as POST /auth/login. */
async function loginAttemptAllowed(c: Context<AppEnv>, endpoint: string, ruleOf: string, email: string) {
  const decision = await countRequest(
    c,
    `ip:${clientIp(c)}`,
    `${endpoint} ${email.trim().toLowerCase()}`,
    rateLimitRule(ruleOf),
  );
  return decision.allowed;
}

const router = createRouter();
// Registered before the routes, so the CORS headers are on every answer of these paths (errors
// and 429s included), and OPTIONS preflights, which match no route, are answered here.
router.use("/oauth/token", oauthCors("POST"));
router.use("/oauth/revoke", oauthCors("POST"));
router.use("/oauth/userinfo", oauthCors("GET"));
// After CORS, so a refusal still carries its headers: the token and revoke endpoints refuse an
// oversized body in the OAuth error shape, the sign-in pages with a page.
router.use(
  "/oauth/*",
  limitBodySize((c) => {
    if (c.req.path.endsWith("/oauth/token") || c.req.path.endsWith("/oauth/revoke"))
      throw new OAuthError("invalid_request", BODY_TOO_LARGE, {}, 413);
    throw new PageError(413, "This form is too large", "Go back to the application and start again.");
  }),
);

/**
 * Token and revoke are limited per client IP (their callers are clients, not users): the spec's
 * default of 120 a minute, through the shared limiter (`limits.ts` has no entry of their own, and
 * there is no authenticated user, so its default counts per IP).
 */
const tokenEndpointGuards: MiddlewareHandler<AppEnv>[] = [rateLimit, requireForm];
/** The token endpoint counts the same limit while it reads (see `rateLimitBeside`). */
const tokenGuards: MiddlewareHandler<AppEnv>[] = [rateLimitBeside, requireForm];

export const oauthRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/authorize",
      tags,
      summary: "Start an authorization code flow with PKCE (browser)",
      request: { query: authorizeQuery },
      responses: {
        302: { description: "To the sign-in page, or back to the client with `error`, `state` and `iss`" },
        400: html("Unknown client or unregistered redirect URI: shown, never redirected"),
      },
    }),
    async (c) => {
      const browser = ensureBrowserKey(c);
      const outcome = await startAuthorization(c.var.db, issuerOf(c), c.req.valid("query"), browser);
      return c.redirect(outcome.kind === "redirect" ? outcome.location : loginUrl(outcome.flowId), 302);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/login",
      tags,
      summary: "Sign-in page of a flow (browser)",
      request: { query: flowQuery },
      responses: {
        200: html("The sign-in page"),
        303: { description: "Already signed in: to consent" },
        400: html("Expired or foreign flow"),
      },
    }),
    async (c) => {
      const { flow, client } = await loadFlow(c.var.db, c.req.valid("query").flow, browserKey(c));
      if (flow.userId) return c.redirect(consentUrl(flow.id), 303);
      return flowPage(c, flow, client.name, 200, (props) =>
        LoginPage({ ...props, recoveryUrl: passwordRecoveryUrl(c.env.WEB_APP_URL) }),
      );
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/oauth/login",
      tags,
      summary: "Sign in with e-mail and password (browser form)",
      request: { body: formBody(loginForm) },
      responses: {
        303: { description: "Signed in: to consent" },
        401: html("Wrong e-mail or password"),
        403: html("CSRF check failed"),
        429: html("Too many attempts"),
      },
    }),
    async (c) => {
      const { flow: flowId, csrf, email, password } = c.req.valid("form");
      const { flow, client } = await postedFlow(c, flowId, csrf);
      if (!(await loginAttemptAllowed(c, "POST /oauth/login", "POST /auth/login", email))) {
        return flowPage(c, flow, client.name, 429, (props) =>
          LoginPage({
            ...props,
            recoveryUrl: passwordRecoveryUrl(c.env.WEB_APP_URL),
            email,
            error: "Too many attempts. Wait a minute and try again.",
          }),
        );
      }
      if (!(await passwordSignIn(c.var.db, flow, email, password))) {
        return flowPage(c, flow, client.name, 401, (props) =>
          LoginPage({
            ...props,
            recoveryUrl: passwordRecoveryUrl(c.env.WEB_APP_URL),
            email,
            error: "Wrong e-mail or password.",
          }),
        );
      }
      return c.redirect(consentUrl(flow.id), 303);
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/oauth/magic-link",
      tags,
      summary: "E-mail a single-use sign-in link (written to the outbox)",
      request: { body: formBody(magicLinkForm) },
      responses: {
        303: {
          description: "Sent (or not, for an unknown address: the answer is the same): to the check-your-e-mail page",
        },
        400: html("Expired or foreign flow"),
        403: html("CSRF check failed"),
        429: html("Too many requests"),
      },
    }),
    async (c) => {
      const { flow: flowId, csrf, email } = c.req.valid("form");
      const { flow, client } = await postedFlow(c, flowId, csrf);
      if (!(await loginAttemptAllowed(c, "POST /oauth/magic-link", "POST /auth/forgot-password", email))) {
        return flowPage(c, flow, client.name, 429, (props) =>
          LoginPage({
            ...props,
            recoveryUrl: passwordRecoveryUrl(c.env.WEB_APP_URL),
            error: "Too many sign-in links requested. Try again in a few minutes.",
          }),
        );
      }
      const { db } = c.var;
      const env = c.env;
      const requestId = c.var.requestId;
      const linkBase = `${new URL(c.req.url).origin}${ACTION_BASE}/magic`;
      // After the answer, so its timing does not tell known addresses from unknown ones.
      runAfterResponse(
        c.executionCtx,
        () => sendMagicLink(db, mailTransport(db, mailSettings(env)), flow, client, email, linkBase),
        (error) => logError(env, { requestId, task: "magic link", ...describeError(error) }),
      );
      // Post/redirect/get: reloading the page that follows cannot send another e-mail.
      return c.redirect(magicLinkSentUrl(flow.id), 303);
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/magic-link",
      tags,
      summary: "Check-your-e-mail page, after a sign-in link was requested (browser)",
      request: { query: flowQuery },
      responses: { 200: html("Check your e-mail"), 400: html("Expired or foreign flow") },
    }),
    async (c) => {
      const { flow, client } = await loadFlow(c.var.db, c.req.valid("query").flow, browserKey(c));
      return renderPage(c, 200, (nonce) =>
        MagicLinkSentPage({ nonce, clientName: client.name, loginUrl: loginUrl(flow.id) }),
      );
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/magic",
      tags,
      summary: "Landing page of a sign-in link: confirms with a POST, so link scanners cannot spend it",
      request: { query: magicQuery },
      responses: { 200: html("Confirm sign-in"), 400: html("Expired link, or opened in another browser") },
    }),
    async (c) => {
      const { token } = c.req.valid("query");
      const { flow, client } = await loadMagicLinkFlow(c.var.db, token, browserKey(c));
      return flowPage(c, flow, client.name, 200, (props) => MagicLinkConfirmPage({ ...props, token: token! }));
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/oauth/magic",
      tags,
      summary: "Spend a sign-in link (browser form)",
      request: { body: formBody(magicConfirmForm) },
      responses: {
        303: { description: "Signed in: to consent" },
        400: html("Expired or spent link"),
        403: html("CSRF check failed"),
      },
    }),
    async (c) => {
      const { flow: flowId, csrf, token } = c.req.valid("form");
      const { flow } = await postedFlow(c, flowId, csrf);
      await consumeMagicLink(c.var.db, flow, token);
      return c.redirect(consentUrl(flow.id), 303);
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/consent",
      tags,
      summary: "Consent page listing the requested scopes (browser)",
      request: { query: flowQuery },
      responses: {
        200: html("The consent page"),
        303: { description: "Not signed in: to sign-in" },
        400: html("Expired or foreign flow"),
      },
    }),
    async (c) => {
      const { flow, client, user } = await loadFlow(c.var.db, c.req.valid("query").flow, browserKey(c));
      if (!user) return c.redirect(loginUrl(flow.id), 303);
      const redirectOrigin = new URL(flow.redirectUri).origin;
      return flowPage(
        c,
        flow,
        client.name,
        200,
        (props) => ConsentPage({ ...props, scopes: flow.scopes as Scope[], userEmail: user.email, redirectOrigin }),
        [redirectOrigin],
      );
    },
    pageHook,
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/oauth/consent",
      tags,
      summary: "Approve or deny (browser form); back to the client with `code` or `error=access_denied`",
      request: { body: formBody(consentForm) },
      responses: {
        303: { description: "To the client's redirect URI with `state` and `iss`" },
        400: html("Expired flow"),
        403: html("CSRF check failed"),
      },
    }),
    async (c) => {
      const { flow: flowId, csrf, decision } = c.req.valid("form");
      const { flow } = await postedFlow(c, flowId, csrf);
      return c.redirect(await decide(c.var.db, issuerOf(c), flow, decision === "approve"), 303);
    },
    pageHook,
  )
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
          c.var.db,
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
      middleware: tokenEndpointGuards,
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
      const client = await authenticateClient(c.var.db, c.req.header("Authorization"), form);
      await revokeToken(c.var.db, signerOf(c), client, form);
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
      return c.json(await userInfo(c.var.db, claims), 200, NO_STORE);
    },
  );

/** OAuth errors speak RFC 6749 JSON; browser-facing errors are pages; everything else goes up to the app. */
oauthRoutes.onError((error, c) => {
  if (error instanceof OAuthError) return oauthErrorResponse(c, error);
  // A limit of the token, revoke or userinfo endpoint: the spec's code, in the OAuth error shape
  // (a string `error`) that OAuth client libraries parse, rather than the API envelope.
  if (error instanceof ApiError && error.code === "RATE_LIMIT_EXCEEDED") {
    return oauthErrorResponse(c, new OAuthError("RATE_LIMIT_EXCEEDED", error.message, error.headers));
  }
  if (error instanceof PageError) {
    return renderPage(c, error.status, (nonce) => ErrorPage({ nonce, title: error.title, detail: error.detail }));
  }
  throw error;
});
