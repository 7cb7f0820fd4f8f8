import { createRoute } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { authenticate } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { afterResponse } from "./after-response";
import { changePassword, checkEmailChange, requestEmailChange } from "./credential-changes";
import { confirmEmail, resendConfirmation } from "./email-confirmation";
import { exchangeRecoveryCode, requestPasswordRecovery, resetPassword } from "./password-recovery";
import {
  changedSchema,
  changeEmailBody,
  changeEmailResultSchema,
  changePasswordBody,
  claimUsernameBody,
  confirmEmailBody,
  emailBody,
  exchangeRecoveryCodeBody,
  resetPasswordBody,
  resetResultSchema,
  resetTokenSchema,
  sentSchema,
  userResultSchema,
  usernameAvailabilitySchema,
  usernameQuery,
} from "./schemas";
import { checkUsername, claimUsername } from "./usernames";
import { ctxOf, requestCtxOf } from "./context";

const tags = ["Account lifecycle"];

const SENT = { sent: true as const };

/**
 * The account lifecycle (CONTRACT "Account lifecycle and billing"): confirming addresses,
 * recovering passwords, usernames, changing e-mail and password. The unauthenticated endpoints'
 * limits count per client IP, the authenticated ones' (claim-username, change-email,
 * change-password) per user (limits.ts); answers that concern an address never say whether it has an account.
 */
export const accountRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/resend-confirmation",
      tags,
      summary: "Send a new confirmation link to an unconfirmed address",
      description:
        "Always 202 with the same body, whether or not the address has an account (or is confirmed already).",
      middleware: [rateLimit],
      request: { body: jsonBody(emailBody) },
      responses: { 202: json(envelope(sentSchema), "Accepted"), ...errors(400, 413, 415, 429) },
    }),
    async (c) => {
      const { email } = c.req.valid("json");
      afterResponse(c, ({ db, mail, links }) => resendConfirmation(db, mail, links, email));
      return ok(c, SENT, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/confirm-email",
      tags,
      summary: "Confirm an address with the token of a confirmation link",
      description:
        "Confirms the registration address, or makes a pending new address (change-email) the account's. 400 `invalid_token` when used, expired or unknown.",
      middleware: [rateLimit],
      request: { body: jsonBody(confirmEmailBody) },
      responses: { 200: json(envelope(userResultSchema), "Confirmed"), ...errors(400, 409, 413, 415, 429) },
    }),
    async (c) => ok(c, { user: await confirmEmail(requestCtxOf(c), c.req.valid("json").token) }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/forgot-password",
      tags,
      summary: "Mail a 6-digit recovery code (15 minutes, 5 tries)",
      description: "Always 202 with the same body, whether or not the address has an account.",
      middleware: [rateLimit],
      request: { body: jsonBody(emailBody) },
      responses: { 202: json(envelope(sentSchema), "Accepted"), ...errors(400, 413, 415, 429) },
    }),
    async (c) => {
      const { email } = c.req.valid("json");
      afterResponse(c, (ctx) => requestPasswordRecovery(ctx, email));
      return ok(c, SENT, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/exchange-recovery-code",
      tags,
      summary: "Exchange a recovery code for a single-use reset token (15 minutes)",
      description:
        "400 `invalid_token` for a wrong, expired or used-up code and for unknown addresses alike. The fifth wrong try kills the code.",
      middleware: [rateLimit],
      request: { body: jsonBody(exchangeRecoveryCodeBody) },
      responses: { 200: json(envelope(resetTokenSchema), "Reset token"), ...errors(400, 413, 415, 429) },
    }),
    async (c) => {
      const { email, code } = c.req.valid("json");
      return ok(c, await exchangeRecoveryCode(requestCtxOf(c), c.env.JWT_SECRET, email, code));
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/reset-password",
      tags,
      summary: "Set a new password with a reset token",
      description:
        "Revokes every session and refresh family of the user, and every OAuth grant (its refresh and access tokens).",
      middleware: [rateLimit],
      request: { body: jsonBody(resetPasswordBody) },
      responses: { 200: json(envelope(resetResultSchema), "Password reset"), ...errors(400, 413, 415, 429) },
    }),
    async (c) => {
      const { resetToken, password } = c.req.valid("json");
      await resetPassword(requestCtxOf(c), resetToken, password);
      return ok(c, { reset: true as const });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/auth/check-username",
      tags,
      summary: "Whether a username is free (case-insensitive; reserved names are never free)",
      middleware: [rateLimit],
      request: { query: usernameQuery },
      responses: { 200: json(envelope(usernameAvailabilitySchema), "Availability"), ...errors(400, 429) },
    }),
    async (c) => ok(c, await checkUsername(requestCtxOf(c), c.req.valid("query").username)),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/claim-username",
      tags,
      summary: "Claim a username for the caller",
      description:
        "409 `conflict` when taken (by any case) or reserved; of concurrent claims of one name exactly one wins.",
      security: bearerAuth,
      middleware: [authenticate(), rateLimit],
      request: { body: jsonBody(claimUsernameBody) },
      responses: { 200: json(envelope(userResultSchema), "Claimed"), ...errors(400, 401, 403, 409, 413, 415, 429) },
    }),
    async (c) => ok(c, { user: await claimUsername(ctxOf(c), c.req.valid("json").username) }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/change-email",
      tags,
      summary: "Change the account's address (effective once the new address confirms)",
      description:
        "Needs the password (403 `forbidden` when wrong). The new address gets a confirmation link; the old address is told. The answer is the same whether or not the new address belongs to another account.",
      security: bearerAuth,
      middleware: [authenticate(), rateLimit],
      request: { body: jsonBody(changeEmailBody) },
      responses: {
        202: json(envelope(changeEmailResultSchema), "Confirmation sent"),
        ...errors(400, 401, 403, 413, 415, 429),
      },
    }),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const userId = c.var.auth.user.id;
      const { oldEmail } = await checkEmailChange(ctxOf(c), userId, password, email);
      afterResponse(c, ({ db, mail, links }) => requestEmailChange(db, mail, links, userId, oldEmail, email));
      return ok(c, { pending: true as const, email }, 202);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/change-password",
      tags,
      summary: "Change the password (current password required; other sessions end)",
      description:
        "403 `forbidden` when the current password is wrong. The calling session stays signed in; every other session is revoked.",
      security: bearerAuth,
      middleware: [authenticate(), rateLimit],
      request: { body: jsonBody(changePasswordBody) },
      responses: { 200: json(envelope(changedSchema), "Changed"), ...errors(400, 401, 403, 413, 415, 429) },
    }),
    async (c) => {
      const { currentPassword, password } = c.req.valid("json");
      const { user, token } = c.var.auth;
      // authenticate() without an OAuth scope admits first-party tokens only, which carry a session.
      const sessionId = token.kind === "first-party" ? token.sessionId : "";
      await changePassword(ctxOf(c), user.id, sessionId, currentPassword, password);
      return ok(c, { changed: true as const });
    },
  );
