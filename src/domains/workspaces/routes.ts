import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { authenticate } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { ctxOf, managersOnly, workspacesOf } from "../identity";
import { addMemberBody, createWorkspaceBody, membershipSchema, workspaceSchema } from "./schemas";
import { addMember, createWorkspace } from "./service";

const tags = ["Workspaces"];
const middleware = [authenticate(), rateLimit];

export const workspaceRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/workspaces",
      tags,
      summary: "Create a business workspace (plan `business`); the caller becomes its owner",
      security: bearerAuth,
      middleware,
      request: { body: jsonBody(createWorkspaceBody) },
      responses: { 201: json(envelope(workspaceSchema), "Created"), ...errors(400, 401, 403, 429) },
    }),
    async (c) => ok(c, await createWorkspace(ctxOf(c), c.req.valid("json").name), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/workspaces",
      tags,
      summary: "The caller's workspaces",
      security: bearerAuth,
      middleware,
      responses: { 200: json(envelope(z.array(workspaceSchema)), "Workspaces"), ...errors(401, 403, 429) },
    }),
    async (c) => ok(c, await workspacesOf(ctxOf(c))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/workspaces/{id}/members",
      tags,
      ...managersOnly,
      summary: "Add a member (owners and admins only)",
      security: bearerAuth,
      middleware,
      request: { params: z.object({ id: uuidParam("id") }), body: jsonBody(addMemberBody) },
      responses: { 201: json(envelope(membershipSchema), "Added"), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => ok(c, await addMember(ctxOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
  );
