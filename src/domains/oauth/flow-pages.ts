import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { BASE_PATH } from "../../lib/origin";
import { requestCtxOf } from "../identity";
import { browserCookie, csrfToken, renderPage, validCsrf, type PageRenderer } from "../../http/pages";
import { PageError } from "./errors";
import { loadFlow, type Flow } from "./flow-service";
import { ErrorPage } from "./pages";

// The browser side of an authorization flow: the cookie that binds a flow to its browser, the
// pages' URLs, rendering a flow page with its CSRF token, and checking a posted form's token.

export const ACTION_BASE = `${BASE_PATH}/oauth`;

/**
 * Every authorization flow (and magic link) is bound to the browser that started it: a flow id or
 * link opened anywhere else is worthless. SameSite=Lax, so cross-site form posts do not carry it,
 * while the client's top-level redirect to the authorize endpoint does.
 */
export const oauthBrowser = browserCookie({ name: "oauth_browser", prefix: "ob_", path: ACTION_BASE, sameSite: "Lax" });

export const consentUrl = (flowId: string) => `${ACTION_BASE}/consent?flow=${encodeURIComponent(flowId)}`;
export const loginUrl = (flowId: string) => `${ACTION_BASE}/login?flow=${encodeURIComponent(flowId)}`;
export const magicLinkSentUrl = (flowId: string) => `${ACTION_BASE}/magic-link?flow=${encodeURIComponent(flowId)}`;

const formExpired = () => new PageError(403, "This form has expired", "Go back to the application and start again.");

/** What every flow page's forms carry. */
export type FlowFormProps = { csrf: string; flowId: string; clientName: string; actionBase: string };

/** Renders a flow page (login, consent, magic link) for the flow and this browser. */
export async function flowPage(
  c: Context<AppEnv>,
  flow: Flow,
  clientName: string,
  status: 200 | 400 | 401 | 429,
  render: PageRenderer<FlowFormProps>,
  formOrigins: string[] = [],
) {
  const csrf = await csrfToken(c.env.JWT_SECRET, flow.id, oauthBrowser.key(c)!);
  return renderPage(
    c,
    status,
    (nonce) => render({ nonce, csrf, flowId: flow.id, clientName, actionBase: ACTION_BASE }),
    formOrigins,
  );
}

/** Loads the flow a form names and checks its CSRF token against this browser. */
export async function postedFlow(c: Context<AppEnv>, flowId: string, csrf: string) {
  const browser = oauthBrowser.key(c);
  const loaded = await loadFlow(requestCtxOf(c), flowId, browser);
  if (!(await validCsrf(c.env.JWT_SECRET, flowId, browser!, csrf))) throw formExpired();
  return loaded;
}

/** A problem a person in a browser has to see, as a page. */
export const errorPage = (c: Context<AppEnv>, error: PageError) =>
  renderPage(c, error.status, (nonce) => ErrorPage({ nonce, title: error.title, detail: error.detail }));
