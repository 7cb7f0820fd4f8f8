import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { adminAuth, envelope, errors, json, jsonBody, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requestCtxOf } from "../identity";
import { sharedIdentitySchemas } from "../identity/shared-schemas";
import { createUser } from "../identity";
import { accountSchema, createPartnerKeyBody, createUserBody, partnerKeySchema, updateAccountBody } from "./schemas";
import { createPartnerKey, updateAccount } from "./service";

const tags = ["Operator"];

/** The operator API. Not rate limited: it is provisioning, behind the operator token (guarded in app.ts). */
export const adminRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/users",
      tags,
      summary: "Provision a user (and their account and personal workspace)",
      security: adminAuth,
      request: { body: jsonBody(createUserBody) },
      responses: { 201: json(() => envelope(sharedIdentitySchemas().userSchema), "Created"), ...errors(400, 401, 409) },
    }),
    async (c) => ok(c, await createUser(requestCtxOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/partner-keys",
      tags,
      summary: "Issue a partner API key (the key is shown once)",
      security: adminAuth,
      request: { body: jsonBody(createPartnerKeyBody) },
      responses: { 201: json(envelope(partnerKeySchema), "Created"), ...errors(400, 401) },
    }),
    async (c) => {
      const { name, scopes } = c.req.valid("json");
      return ok(c, await createPartnerKey(requestCtxOf(c), name, scopes), 201);
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/admin/users/{userId}/account",
      tags,
      summary: "Change a user's plan, entitlements (replacing the list) or AI allowance",
      security: adminAuth,
      request: { params: z.object({ userId: uuidParam("userId") }), body: jsonBody(updateAccountBody) },
      responses: { 200: json(envelope(accountSchema), "The account"), ...errors(400, 401, 404) },
    }),
    async (c) => ok(c, await updateAccount(requestCtxOf(c), c.req.valid("param").userId, c.req.valid("json"))),
  );
