import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { bearerCredential } from "../../lib/bearer";
import { ok } from "../../http/envelope";
import { PARTNER_SCOPES } from "../admin";
import { envelope, errors, json, jsonBody } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { rateLimit } from "../../middleware/rate-limit";
import { createClientBody, oauthClientSchema } from "./schemas";
import { partnerKeyWithScope, registerClient } from "./service";
import { requestCtxOf } from "../identity";

const [PARTNER_CLIENT_ADMIN_SCOPE] = PARTNER_SCOPES;

/** `Authorization: Bearer <partner API key>` carrying `scope`; 401 without a valid key, 403 without the scope. */
const requirePartnerScope = (scope: string) =>
  createMiddleware<AppEnv & { Variables: { partnerKeyId: string } }>(async (c, next) => {
    const key = bearerCredential(c.req.header("Authorization"));
    const partner = await partnerKeyWithScope(requestCtxOf(c), key, scope);
    c.set("partnerKeyId", partner.id);
    await next();
  });

export const partnerRoutes = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/partner/oauth-clients",
    tags: ["Partner"],
    summary: "Register an OAuth client (the client secret is shown once)",
    security: [{ partnerKey: [] }],
    middleware: [requirePartnerScope(PARTNER_CLIENT_ADMIN_SCOPE), rateLimit] as const,
    request: { body: jsonBody(createClientBody) },
    responses: {
      201: json(envelope(oauthClientSchema), "The registered client"),
      ...errors(400, 401, 403, 413, 415, 429),
    },
  }),
  async (c) => ok(c, await registerClient(requestCtxOf(c), c.var.partnerKeyId, c.req.valid("json")), 201),
);

partnerRoutes.openAPIRegistry.registerComponent("securitySchemes", "partnerKey", {
  type: "http",
  scheme: "bearer",
  description: "Partner API key (issued by the operator)",
});
