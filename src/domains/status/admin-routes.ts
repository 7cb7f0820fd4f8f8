import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { ok } from "../../http/envelope";
import { describeError, logError } from "../../lib/log";
import { adminAuth, envelope, errors, json, jsonBody, uuidParam } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requestCtxOf } from "../identity";
import { publishStatus } from "./publisher";
import {
  createComponentBody,
  createIncidentBody,
  createMaintenanceBody,
  createServiceBody,
  incidentUpdateBody,
  updateComponentBody,
  updateIncidentBody,
  updateMaintenanceBody,
  updateServiceBody,
} from "./admin-schemas";
import { statusResources } from "./schemas";
import {
  addIncidentUpdate,
  createComponent,
  createIncident,
  createMaintenance,
  createService,
  updateComponent,
  updateIncident,
  updateMaintenance,
  updateService,
} from "./service";

const tags = ["Operator: status"];
const slugPath = z.object({ slug: z.string().openapi({ param: { name: "slug", in: "path" } }) });
const idPath = z.object({ id: uuidParam("id") });

/**
 * Every status write republishes the KV projection before it answers (CONTRACT.md). The write is
 * already committed when publishing runs, so a failed publish is logged rather than reported as a
 * failed write (a retry would duplicate it); the 5-minute cron republishes in any case.
 */
async function republish<T>(c: Context<AppEnv>, data: T): Promise<T> {
  try {
    const { env, db } = requestCtxOf(c);
    await publishStatus(env, db);
  } catch (error) {
    logError(c.env, { requestId: c.var.requestId, task: "status.publish", ...describeError(error) });
  }
  return data;
}

/** The operator status API (`/admin/status/...`). Not rate limited: it sits behind the operator token. */
export const statusAdminRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/status/services",
      tags,
      summary: "Create a status service",
      security: adminAuth,
      request: { body: jsonBody(createServiceBody) },
      responses: { 201: json(() => envelope(statusResources().serviceSchema), "Created"), ...errors(400, 401, 409) },
    }),
    async (c) => ok(c, await republish(c, await createService(requestCtxOf(c), c.req.valid("json"))), 201),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/admin/status/services/{slug}",
      tags,
      summary: "Change a status service",
      security: adminAuth,
      request: { params: slugPath, body: jsonBody(updateServiceBody) },
      responses: {
        200: json(() => envelope(statusResources().serviceSchema), "Updated"),
        ...errors(400, 401, 404, 409),
      },
    }),
    async (c) =>
      ok(c, await republish(c, await updateService(requestCtxOf(c), c.req.valid("param").slug, c.req.valid("json")))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/status/components",
      tags,
      summary: "Create a component of a service",
      security: adminAuth,
      request: { body: jsonBody(createComponentBody) },
      responses: { 201: json(() => envelope(statusResources().componentSchema), "Created"), ...errors(400, 401, 409) },
    }),
    async (c) => ok(c, await republish(c, await createComponent(requestCtxOf(c), c.req.valid("json"))), 201),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/admin/status/components/{slug}",
      tags,
      summary: "Change a component (its status, typically)",
      security: adminAuth,
      request: { params: slugPath, body: jsonBody(updateComponentBody) },
      responses: {
        200: json(() => envelope(statusResources().componentSchema), "Updated"),
        ...errors(400, 401, 404, 409),
      },
    }),
    async (c) =>
      ok(c, await republish(c, await updateComponent(requestCtxOf(c), c.req.valid("param").slug, c.req.valid("json")))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/status/incidents",
      tags,
      summary: "Open (or record) an incident",
      security: adminAuth,
      request: { body: jsonBody(createIncidentBody) },
      responses: { 201: json(() => envelope(statusResources().incidentSchema), "Created"), ...errors(400, 401) },
    }),
    async (c) => ok(c, await republish(c, await createIncident(requestCtxOf(c), c.req.valid("json"))), 201),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/admin/status/incidents/{id}",
      tags,
      summary: "Change an incident",
      security: adminAuth,
      request: { params: idPath, body: jsonBody(updateIncidentBody) },
      responses: { 200: json(() => envelope(statusResources().incidentSchema), "Updated"), ...errors(400, 401, 404) },
    }),
    async (c) =>
      ok(c, await republish(c, await updateIncident(requestCtxOf(c), c.req.valid("param").id, c.req.valid("json")))),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/status/incidents/{id}/updates",
      tags,
      summary: "Post an update to an incident's timeline (moves the incident to that status)",
      security: adminAuth,
      request: { params: idPath, body: jsonBody(incidentUpdateBody) },
      responses: {
        201: json(() => envelope(statusResources().incidentSchema), "The incident with its timeline"),
        ...errors(400, 401, 404),
      },
    }),
    async (c) =>
      ok(
        c,
        await republish(c, await addIncidentUpdate(requestCtxOf(c), c.req.valid("param").id, c.req.valid("json"))),
        201,
      ),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/status/maintenance",
      tags,
      summary: "Schedule a maintenance window",
      security: adminAuth,
      request: { body: jsonBody(createMaintenanceBody) },
      responses: { 201: json(() => envelope(statusResources().maintenanceSchema), "Created"), ...errors(400, 401) },
    }),
    async (c) => ok(c, await republish(c, await createMaintenance(requestCtxOf(c), c.req.valid("json"))), 201),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/admin/status/maintenance/{id}",
      tags,
      summary: "Change a maintenance window",
      security: adminAuth,
      request: { params: idPath, body: jsonBody(updateMaintenanceBody) },
      responses: {
        200: json(() => envelope(statusResources().maintenanceSchema), "Updated"),
        ...errors(400, 401, 404),
      },
    }),
    async (c) =>
      ok(c, await republish(c, await updateMaintenance(requestCtxOf(c), c.req.valid("param").id, c.req.valid("json")))),
  );
