import { createRoute, type z } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody } from "../../http/openapi";
import { signerOf } from "../../http/context";
import { createRouter } from "../../http/router";
import { authenticate } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { afterResponse } from "./after-response";
import { sendRegistrationConfirmation } from "./email-confirmation";
import { authResultSchema, loginBody, logoutResultSchema, meSchema, refreshTokenBody, registerBody } from "./schemas";
import { createUser, login, logout, me, rotateRefreshToken, startSession } from "./service";
import { ctxOf, requestCtxOf } from "./context";

const signInRoute = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B, statuses: number[]) =>
  createRoute({
    method: "post",
    path,
    tags: ["Identity"],
    summary,
    middleware: [rateLimit],
    request: { body: jsonBody(body) },
    responses: { 200: json(envelope(authResultSchema), "Signed in"), ...errors(400, ...statuses, 413, 415, 429) },
  });

export const identityRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/register",
      tags: ["Identity"],
      summary: "Create an account with a personal workspace",
      middleware: [rateLimit],
      request: { body: jsonBody(registerBody) },
      responses: { 201: json(envelope(authResultSchema), "Registered"), ...errors(400, 409, 413, 415, 429) },
    }),
    async (c) => {
      const ctx = requestCtxOf(c);
      const user = await createUser(ctx, c.req.valid("json"));
      afterResponse(c, ({ db, mail, links }) => sendRegistrationConfirmation(db, mail, links, user));
      return ok(c, await startSession(ctx, signerOf(c), user), 201);
    },
  )
  .openapi(signInRoute("/auth/login", "Sign in with e-mail and password", loginBody, [401]), async (c) => {
    const { email, password } = c.req.valid("json");
    return ok(c, await login(requestCtxOf(c), signerOf(c), email, password));
  })
  .openapi(signInRoute("/auth/refresh", "Rotate a refresh token", refreshTokenBody, [401]), async (c) => {
    const { refreshToken } = c.req.valid("json");
    return ok(c, await rotateRefreshToken(requestCtxOf(c), signerOf(c), refreshToken));
  })
  .openapi(
    createRoute({
      method: "post",
      path: "/auth/logout",
      tags: ["Identity"],
      summary: "End the session a refresh token belongs to",
      middleware: [rateLimit],
      request: { body: jsonBody(refreshTokenBody) },
      responses: { 200: json(envelope(logoutResultSchema), "Session ended"), ...errors(400, 429) },
    }),
    async (c) => {
      await logout(requestCtxOf(c), c.req.valid("json").refreshToken);
      return ok(c, { revoked: true as const });
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/me",
      tags: ["Identity"],
      summary: "The caller, their workspaces, plan and entitlements",
      security: bearerAuth,
      middleware: [authenticate(), rateLimit],
      responses: { 200: json(envelope(meSchema), "The caller"), ...errors(401, 403, 429) },
    }),
    async (c) => ok(c, await me(ctxOf(c))),
  );
