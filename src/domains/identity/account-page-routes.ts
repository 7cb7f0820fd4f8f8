import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { browserCookie, csrfToken, formBody, htmlPage, renderPage, validCsrf } from "../../http/pages";
import { rateLimitRule } from "../../limits";
import { clientIp } from "../../http/context";
import { consumeLimit } from "../limits";
import { ACCOUNT_PAGES_BASE } from "./account-links";
import { ConfirmEmailPage, DonePage, ForgotPasswordPage, ResetPasswordPage } from "./account-pages";
import { afterResponse } from "./after-response";
import { confirmEmail } from "./email-confirmation";
import { exchangeRecoveryCode, requestPasswordRecovery, resetPassword } from "./password-recovery";
import { email as emailSchema, passwordSchema, recoveryCode } from "./schemas";
import { requestCtxOf } from "./context";

/**
 * The per-browser cookie the CSRF tokens of these pages are bound to (synchronizer token: an HMAC
 * of the form's name and the cookie). SameSite=Strict: only this site's own pages send it.
 */
const accountBrowser = browserCookie({
  name: "account_browser",
  prefix: "ab_",
  path: ACCOUNT_PAGES_BASE,
  sameSite: "Strict",
});
const browserKey = accountBrowser.key;
const ensureBrowserKey = accountBrowser.ensure;

const tags = ["Account pages"];
const field = z.string().max(512).optional();

type FormName = "confirm-email" | "forgot-password" | "reset-password";

const formCsrf = (c: Context<AppEnv>, form: FormName, browser: string) =>
  csrfToken(c.env.JWT_SECRET, `account:${form}`, browser);

async function csrfHolds(c: Context<AppEnv>, form: FormName, presented: string | undefined) {
  const browser = browserKey(c);
  return browser !== undefined && validCsrf(c.env.JWT_SECRET, `account:${form}`, browser, presented);
}

/** Page posts count against the limits of the API endpoints they stand for (same bucket, per IP). */
async function withinLimit(c: Context<AppEnv>, endpoint: string) {
  const rule = rateLimitRule(endpoint);
  return (await consumeLimit(c.env, `ip:${clientIp(c)}`, endpoint, rule.limit, rule.windowSeconds)).allowed;
}

const done = (c: Context<AppEnv>, status: ContentfulStatusCode, title: string, message: string) =>
  renderPage(c, status, (nonce) => DonePage({ nonce, title, message }));
const expiredForm = (c: Context<AppEnv>) =>
  done(c, 403, "This form has expired", "Open the link from your e-mail again, or reload the page, and try once more.");
const tooMany = (c: Context<AppEnv>) => done(c, 429, "Too many attempts", "Wait a few minutes and try again.");

export const accountPageRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/account/confirm-email",
      tags,
      summary: "Landing page of a confirmation link (when WEB_APP_URL is not set)",
      request: { query: z.object({ token: field }) },
      responses: { 200: htmlPage("A page with a button that confirms the address") },
    }),
    async (c) => {
      const csrf = await formCsrf(c, "confirm-email", ensureBrowserKey(c));
      const token = c.req.valid("query").token ?? "";
      return renderPage(c, 200, (nonce) => ConfirmEmailPage({ nonce, actionBase: ACCOUNT_PAGES_BASE, csrf, token }));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/account/confirm-email",
      tags,
      summary: "Confirm an address (browser form; counts against POST /auth/confirm-email's limit)",
      request: { body: formBody(z.object({ token: field, csrf: field })) },
      responses: {
        200: htmlPage("Confirmed"),
        400: htmlPage("Invalid, expired or used link"),
        403: htmlPage("CSRF check failed"),
        409: htmlPage("Address taken meanwhile"),
        429: htmlPage("Too many attempts"),
      },
    }),
    async (c) => {
      const { token, csrf } = c.req.valid("form");
      if (!(await csrfHolds(c, "confirm-email", csrf))) return expiredForm(c);
      if (!(await withinLimit(c, "POST /auth/confirm-email"))) return tooMany(c);
      try {
        const user = await confirmEmail(requestCtxOf(c), token ?? "");
        return done(c, 200, "E-mail address confirmed", `${user.email} is confirmed. You can close this page.`);
      } catch (error) {
        if (error instanceof ApiError && error.code === "conflict")
          return done(c, 409, "Address already in use", "Another account uses this address now.");
        if (error instanceof ApiError && error.code === "invalid_token") {
          return done(
            c,
            400,
            "This link does not work",
            "It has been used already or has expired. Ask for a new confirmation e-mail.",
          );
        }
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/account/forgot-password",
      tags,
      summary: "Password recovery: ask for a code (the OAuth sign-in page links here)",
      responses: { 200: htmlPage("A form for the account's address") },
    }),
    async (c) => {
      const csrf = await formCsrf(c, "forgot-password", ensureBrowserKey(c));
      return renderPage(c, 200, (nonce) => ForgotPasswordPage({ nonce, actionBase: ACCOUNT_PAGES_BASE, csrf }));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/account/forgot-password",
      tags,
      summary: "Mail a recovery code (browser form; counts against POST /auth/forgot-password's limit)",
      request: { body: formBody(z.object({ email: field, csrf: field })) },
      responses: {
        303: { description: "To the reset page, whether or not the address has an account" },
        400: htmlPage("Not an e-mail address"),
        403: htmlPage("CSRF check failed"),
        429: htmlPage("Too many requests"),
      },
    }),
    async (c) => {
      const { email: raw, csrf } = c.req.valid("form");
      if (!(await csrfHolds(c, "forgot-password", csrf))) return expiredForm(c);
      const parsed = emailSchema.safeParse(raw ?? "");
      if (!parsed.success) {
        const fresh = await formCsrf(c, "forgot-password", browserKey(c)!);
        return renderPage(c, 400, (nonce) =>
          ForgotPasswordPage({
            nonce,
            actionBase: ACCOUNT_PAGES_BASE,
            csrf: fresh,
            email: raw,
            error: "Enter a valid e-mail address.",
          }),
        );
      }
      if (!(await withinLimit(c, "POST /auth/forgot-password"))) return tooMany(c);
      const email = parsed.data;
      afterResponse(c, (ctx) => requestPasswordRecovery(ctx, email));
      // Post/redirect/get: reloading the next page sends no second code.
      return c.redirect(`${ACCOUNT_PAGES_BASE}/reset-password?email=${encodeURIComponent(email)}`, 303);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/account/reset-password",
      tags,
      summary: "Landing page of a recovery e-mail: enter the code and a new password",
      request: { query: z.object({ email: field }) },
      responses: { 200: htmlPage("A form for e-mail, code and new password") },
    }),
    async (c) => {
      const csrf = await formCsrf(c, "reset-password", ensureBrowserKey(c));
      const email = c.req.valid("query").email;
      return renderPage(c, 200, (nonce) => ResetPasswordPage({ nonce, actionBase: ACCOUNT_PAGES_BASE, csrf, email }));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/account/reset-password",
      tags,
      summary: "Exchange the code and set the new password (browser form; counts against both endpoints' limits)",
      request: {
        body: formBody(z.object({ email: field, code: field, password: z.string().max(400).optional(), csrf: field })),
      },
      responses: {
        200: htmlPage("Password changed"),
        400: htmlPage("Wrong code or invalid password"),
        403: htmlPage("CSRF check failed"),
        429: htmlPage("Too many attempts"),
      },
    }),
    async (c) => {
      const form = c.req.valid("form");
      if (!(await csrfHolds(c, "reset-password", form.csrf))) return expiredForm(c);
      const again = async (status: ContentfulStatusCode, error: string) => {
        const csrf = await formCsrf(c, "reset-password", browserKey(c)!);
        return renderPage(c, status, (nonce) =>
          ResetPasswordPage({ nonce, actionBase: ACCOUNT_PAGES_BASE, csrf, email: form.email, error }),
        );
      };
      const email = emailSchema.safeParse(form.email ?? "");
      const code = recoveryCode.safeParse(form.code ?? "");
      const password = passwordSchema.safeParse(form.password ?? "");
      if (!email.success || !code.success)
        return again(400, "Enter your e-mail address and the 6-digit code from the e-mail.");
      if (!password.success) return again(400, "The new password must be 10 to 200 characters long.");
      if (
        !(await withinLimit(c, "POST /auth/exchange-recovery-code")) ||
        !(await withinLimit(c, "POST /auth/reset-password"))
      )
        return tooMany(c);
      try {
        const { resetToken } = await exchangeRecoveryCode(requestCtxOf(c), c.env.JWT_SECRET, email.data, code.data);
        await resetPassword(requestCtxOf(c), resetToken, password.data);
      } catch (error) {
        if (error instanceof ApiError && error.code === "invalid_token")
          return again(400, "The code is wrong or has expired. Check the e-mail, or ask for a new code.");
        throw error;
      }
      return done(
        c,
        200,
        "Password changed",
        "Your password has been changed and every session signed out. Sign in again with the new password.",
      );
    },
  );
