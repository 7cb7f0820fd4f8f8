import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { adminAuth, envelope, errors, json, jsonBody, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { adjustWallet } from "./adjustments";
import { adjustmentBody, walletEntrySchema } from "./schemas";
import { requestCtxOf } from "../identity";

/** The operator's wallet corrections. Behind the operator token like every /admin route (guarded in app.ts); not rate limited. */
export const walletAdminRoutes = createRouter().openapi(
  createRoute({
    method: "post",
    path: "/admin/users/{userId}/wallet/adjustments",
    tags: ["Operator"],
    summary: "Credit or debit a user's wallet (an `adjustment` entry)",
    description:
      "`amountUsd` is signed (rounded to the micro-dollar). A `reference` used before is 409 and changes nothing, so a retry is safe.",
    security: adminAuth,
    request: { params: z.object({ userId: uuidParam("userId") }), body: jsonBody(adjustmentBody) },
    responses: { 201: json(envelope(walletEntrySchema), "The entry"), ...errors(400, 401, 404, 409) },
  }),
  async (c) => ok(c, await adjustWallet(requestCtxOf(c), c.req.valid("param").userId, c.req.valid("json")), 201),
);
