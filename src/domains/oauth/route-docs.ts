import { createRoute } from "@hono/zod-openapi";
import { bearerAuth, json } from "../../http/openapi";
import { formBody } from "../../http/pages";
import { DEFAULT_RATE_LIMIT } from "../../limits";
import { oauthErrorBody, revokeForm, tokenForm, tokenResponse, userInfoResponse } from "./schemas";

// The OpenAPI description of the endpoints OAuth clients call (endpoint-routes.ts), registered in
// the document by `loadApp()` (app.ts); left out of the Worker (wrangler.toml `[alias]`). Apart from the routes so that a cold token request loads no
// zod: the routes read their forms by hand (RFC 6749's rules, not a schema's), and these schemas
// only describe them.

const tags = ["OAuth"];
const oauthJson = (description: string) => json(oauthErrorBody, description);
const RATE_LIMITED = `\`RATE_LIMIT_EXCEEDED\` (over ${DEFAULT_RATE_LIMIT.limit} requests in ${DEFAULT_RATE_LIMIT.windowSeconds} s), with \`RateLimit-*\` and \`Retry-After\`; every answer carries \`RateLimit-*\``;

export const routeDocs = [
  createRoute({
    method: "post",
    path: "/oauth/token",
    tags,
    summary: "Exchange an authorization code or rotate a refresh token",
    description:
      "Client authentication: HTTP Basic (confidential clients) or `client_id` in the body (public clients).",
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
  createRoute({
    method: "post",
    path: "/oauth/revoke",
    tags,
    summary: "Revoke an access token, or a refresh token and its whole family (RFC 7009)",
    request: { body: formBody(revokeForm) },
    responses: {
      200: { description: "Always, even for unknown or foreign tokens" },
      400: oauthJson("invalid_request"),
      401: oauthJson("invalid_client (with `WWW-Authenticate: Basic`)"),
      429: oauthJson(RATE_LIMITED),
    },
  }),
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
];
