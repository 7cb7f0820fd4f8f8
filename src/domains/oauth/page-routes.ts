import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { clientIp, issuerOf } from "../../http/context";
import { createRouter } from "../../http/router";
import { formBody, htmlPage, renderPage } from "../../http/pages";
import { limitBodySize } from "../../middleware/body";
import { CLIENT_METADATA_FETCH_BUCKET, CLIENT_METADATA_FETCHES, rateLimitRule } from "../../limits";
import { passwordRecoveryUrl, requestCtxOf } from "../identity";
import { runAfterResponse } from "../../lib/after-response";
import { describeError, logError } from "../../lib/log";
import { clientLabel, metadataClientHost } from "./client-metadata";
import { countRequest } from "./endpoint-guards";
import { PageError } from "./errors";
import {
  ACTION_BASE,
  consentUrl,
  errorPage,
  flowPage,
  loginUrl,
  magicLinkSentUrl,
  oauthBrowser,
  postedFlow,
} from "./flow-pages";
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
import { ConsentPage, LoginPage, MagicLinkConfirmPage, MagicLinkSentPage } from "./pages";
import {
  authorizeQuery,
  consentForm,
  flowQuery,
  loginForm,
  magicConfirmForm,
  magicLinkForm,
  magicQuery,
} from "./schemas";
import type { Scope } from "./scopes";

// The pages a person's browser walks through in an authorization flow (authorize, sign-in by
// password or e-mailed link, consent): HTML, forms with CSRF tokens, errors as pages. The
// endpoints the client itself calls are endpoint-routes.ts.

const tags = ["OAuth"];

/** Validation failures of the browser forms and page links, as a page. */
const pageHook = (result: { success: boolean }): undefined => {
  if (!result.success)
    throw new PageError(400, "Invalid form submission", "Go back to the application and start again.");
};

/** An oversized sign-in form is refused with a page. */
const limitFormSize = limitBodySize(() => {
  throw new PageError(413, "This form is too large", "Go back to the application and start again.");
});

type HtmlResponses = Partial<Record<400 | 401 | 429, ReturnType<typeof htmlPage>>>;

/** A page of a flow, named by `?flow=`; an expired flow or one of another browser is a 400 page. */
const flowPageRoute = <P extends string>(
  path: P,
  summary: string,
  responses: { 200: ReturnType<typeof htmlPage>; 303?: { description: string } },
) =>
  createRoute({
    method: "get",
    path,
    tags,
    summary,
    request: { query: flowQuery },
    responses: { ...responses, 400: htmlPage("Expired or foreign flow") },
  });

/**
 * A form a flow page posts: checked against the flow's CSRF token for this browser (403 page), and
 * on success a 303 onward (post/redirect/get).
 */
const flowFormRoute = <P extends string, T extends z.ZodType>(
  path: P,
  summary: string,
  form: T,
  onward: string,
  failures: HtmlResponses,
) =>
  createRoute({
    method: "post",
    path,
    tags,
    summary,
    middleware: [limitFormSize],
    request: { body: formBody(form) },
    responses: { 303: { description: onward }, ...failures, 403: htmlPage("CSRF check failed") },
  });

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

/** The sign-in page, again after a refused attempt (with what was typed and why it failed). */
const loginPage = (
  c: Context<AppEnv>,
  flow: Flow,
  clientName: string,
  status: 200 | 401 | 429,
  again: { email?: string; error?: string } = {},
) =>
  flowPage(c, flow, clientName, status, (props) =>
    LoginPage({ ...props, recoveryUrl: passwordRecoveryUrl(c.env.WEB_APP_URL), ...again }),
  );

/** Counts a metadata-document fetch against the client IP's limit; past it, a 429 page (with `Retry-After`). */
async function admitMetadataFetch(c: Context<AppEnv>) {
  const decision = await countRequest(c, `ip:${clientIp(c)}`, CLIENT_METADATA_FETCH_BUCKET, CLIENT_METADATA_FETCHES);
  if (!decision.allowed)
    throw new PageError(
      429,
      "Too many sign-in requests",
      "Wait a minute, then go back to the application and try again.",
    );
}

export const oauthPageRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/oauth/authorize",
      tags,
      summary: "Start an authorization code flow with PKCE (browser)",
      request: { query: authorizeQuery },
      responses: {
        302: { description: "To the sign-in page, or back to the client with `error`, `state` and `iss`" },
        400: htmlPage("Unknown client or unregistered redirect URI: shown, never redirected"),
        429: htmlPage("Too many metadata documents fetched for this IP (a client_id that is a URL)"),
      },
    }),
    async (c) => {
      const browser = oauthBrowser.ensure(c);
      const outcome = await startAuthorization(requestCtxOf(c), issuerOf(c), c.req.valid("query"), browser, () =>
        admitMetadataFetch(c),
      );
      return c.redirect(outcome.kind === "redirect" ? outcome.location : loginUrl(outcome.flowId), 302);
    },
  )
  .openapi(
    flowPageRoute("/oauth/login", "Sign-in page of a flow (browser)", {
      200: htmlPage("The sign-in page"),
      303: { description: "Already signed in: to consent" },
    }),
    async (c) => {
      const { flow, client } = await loadFlow(requestCtxOf(c), c.req.valid("query").flow, oauthBrowser.key(c));
      if (flow.userId) return c.redirect(consentUrl(flow.id), 303);
      return loginPage(c, flow, clientLabel(client), 200);
    },
    pageHook,
  )
  .openapi(
    flowFormRoute(
      "/oauth/login",
      "Sign in with e-mail and password (browser form)",
      loginForm,
      "Signed in: to consent",
      { 401: htmlPage("Wrong e-mail or password"), 429: htmlPage("Too many attempts") },
    ),
    async (c) => {
      const { flow: flowId, csrf, email, password } = c.req.valid("form");
      const { flow, client } = await postedFlow(c, flowId, csrf);
      if (!(await loginAttemptAllowed(c, "POST /oauth/login", "POST /auth/login", email))) {
        return loginPage(c, flow, clientLabel(client), 429, {
          email,
          error: "Too many attempts. Wait a minute and try again.",
        });
      }
      if (!(await passwordSignIn(requestCtxOf(c), flow, email, password))) {
        return loginPage(c, flow, clientLabel(client), 401, { email, error: "Wrong e-mail or password." });
      }
      return c.redirect(consentUrl(flow.id), 303);
    },
    pageHook,
  )
  .openapi(
    flowFormRoute(
      "/oauth/magic-link",
      "E-mail a single-use sign-in link (written to the outbox)",
      magicLinkForm,
      "Sent (or not, for an unknown address: the answer is the same): to the check-your-e-mail page",
      { 400: htmlPage("Expired or foreign flow"), 429: htmlPage("Too many requests") },
    ),
    async (c) => {
      const { flow: flowId, csrf, email } = c.req.valid("form");
      const { flow, client } = await postedFlow(c, flowId, csrf);
      if (!(await loginAttemptAllowed(c, "POST /oauth/magic-link", "POST /auth/forgot-password", email))) {
        return loginPage(c, flow, clientLabel(client), 429, {
          error: "Too many sign-in links requested. Try again in a few minutes.",
        });
      }
      const ctx = requestCtxOf(c);
      const requestId = c.var.requestId;
      const linkBase = `${new URL(c.req.url).origin}${ACTION_BASE}/magic`;
      // After the answer, so its timing does not tell known addresses from unknown ones.
      runAfterResponse(
        c.executionCtx,
        () => sendMagicLink(ctx, flow, client, email, linkBase),
        (error) => logError(ctx.env, { requestId, task: "magic link", ...describeError(error) }),
      );
      // Post/redirect/get: reloading the page that follows cannot send another e-mail.
      return c.redirect(magicLinkSentUrl(flow.id), 303);
    },
    pageHook,
  )
  .openapi(
    flowPageRoute("/oauth/magic-link", "Check-your-e-mail page, after a sign-in link was requested (browser)", {
      200: htmlPage("Check your e-mail"),
    }),
    async (c) => {
      const { flow, client } = await loadFlow(requestCtxOf(c), c.req.valid("query").flow, oauthBrowser.key(c));
      return renderPage(c, 200, (nonce) =>
        MagicLinkSentPage({ nonce, clientName: clientLabel(client), loginUrl: loginUrl(flow.id) }),
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
      responses: { 200: htmlPage("Confirm sign-in"), 400: htmlPage("Expired link, or opened in another browser") },
    }),
    async (c) => {
      const { token } = c.req.valid("query");
      const { flow, client } = await loadMagicLinkFlow(requestCtxOf(c), token, oauthBrowser.key(c));
      return flowPage(c, flow, clientLabel(client), 200, (props) => MagicLinkConfirmPage({ ...props, token: token! }));
    },
    pageHook,
  )
  .openapi(
    flowFormRoute("/oauth/magic", "Spend a sign-in link (browser form)", magicConfirmForm, "Signed in: to consent", {
      400: htmlPage("Expired or spent link"),
    }),
    async (c) => {
      const { flow: flowId, csrf, token } = c.req.valid("form");
      const { flow } = await postedFlow(c, flowId, csrf);
      await consumeMagicLink(requestCtxOf(c), flow, token);
      return c.redirect(consentUrl(flow.id), 303);
    },
    pageHook,
  )
  .openapi(
    flowPageRoute("/oauth/consent", "Consent page listing the requested scopes (browser)", {
      200: htmlPage("The consent page"),
      303: { description: "Not signed in: to sign-in" },
    }),
    async (c) => {
      const { flow, client, user } = await loadFlow(requestCtxOf(c), c.req.valid("query").flow, oauthBrowser.key(c));
      if (!user) return c.redirect(loginUrl(flow.id), 303);
      const redirectOrigin = new URL(flow.redirectUri).origin;
      const clientHost = metadataClientHost(client);
      return flowPage(
        c,
        flow,
        client.name,
        200,
        (props) =>
          ConsentPage({ ...props, scopes: flow.scopes as Scope[], userEmail: user.email, redirectOrigin, clientHost }),
        [redirectOrigin],
      );
    },
    pageHook,
  )
  .openapi(
    flowFormRoute(
      "/oauth/consent",
      "Approve or deny (browser form); back to the client with `code` or `error=access_denied`",
      consentForm,
      "To the client's redirect URI with `state` and `iss`",
      { 400: htmlPage("Expired flow") },
    ),
    async (c) => {
      const { flow: flowId, csrf, decision } = c.req.valid("form");
      const { flow } = await postedFlow(c, flowId, csrf);
      return c.redirect(await decide(requestCtxOf(c), issuerOf(c), flow, decision === "approve"), 303);
    },
    pageHook,
  );

/** Problems a person has to see are pages; everything else goes up to the app. */
oauthPageRoutes.onError((error, c) => {
  if (error instanceof PageError) return errorPage(c, error);
  throw error;
});
