import { createRoute, z } from "@hono/zod-openapi";
import { errors, json, pagedEnvelope, envelope } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { feedPageBody } from "./feed-page";
import { DEFAULT_FEED_LIMIT, statusKeys } from "./keys";
import { cacheStatusErrors, statusCors } from "./public-middleware";
import {
  UNPUBLISHED,
  cacheHeaders,
  conditionalResponse,
  notModified,
  readEntry,
  serveDerived,
  serveEntry,
} from "./reader";
import {
  componentsQuery,
  dateParam,
  incidentFeedQuery,
  incidentIdParam,
  isServiceSlug,
  type IncidentResource,
  slugParam,
  statusResources,
  windowParam,
} from "./schemas";
import { notFound } from "../../lib/errors";
import { isUuid } from "../../lib/ids";

const tags = ["Status"];

const cached = <T extends z.ZodType>(schema: () => T, description: string) => ({
  ...json(schema, description),
  headers: cacheHeaders,
});

/**
 * The public status JSON surface under `{status_url}` (= `{base_url}`): anonymous, no rate limit
 * (the CDN cache in front is the protection), each answer one KV read.
 */
export const statusRoutes = createRouter();
statusRoutes.use("/status", statusCors, cacheStatusErrors);
statusRoutes.use("/status/*", statusCors, cacheStatusErrors);

statusRoutes
  .openapi(
    createRoute({
      method: "get",
      path: "/status",
      tags,
      summary: "Platform summary",
      responses: {
        200: cached(() => envelope(statusResources().summarySchema), "Summary"),
        ...notModified,
        ...errors(404),
      },
    }),
    (c) => serveEntry(c, statusKeys.summary, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/services",
      tags,
      summary: "Public services ordered by sort_order",
      responses: {
        200: cached(() => envelope(z.array(statusResources().serviceSchema)), "Services"),
        ...notModified,
        ...errors(404),
      },
    }),
    (c) => serveEntry(c, statusKeys.services, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/services/{slug}",
      tags,
      summary: "One service with its components, incidents, maintenance and uptime",
      request: { params: slugParam },
      responses: {
        200: cached(() => envelope(statusResources().serviceDetailSchema), "Service"),
        ...notModified,
        ...errors(404),
      },
    }),
    (c) => {
      const { slug } = c.req.valid("param");
      if (!isServiceSlug(slug)) throw notFound("No such service");
      return serveEntry(c, statusKeys.service(slug), "No such service");
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/components",
      tags,
      summary: "Components, optionally of one service",
      request: { query: componentsQuery },
      responses: {
        200: cached(() => envelope(z.array(statusResources().componentSchema)), "Components"),
        ...notModified,
        ...errors(404),
      },
    }),
    async (c) => {
      const { serviceSlug } = c.req.valid("query");
      if (serviceSlug === undefined) return serveEntry(c, statusKeys.components, UNPUBLISHED);
      const entry = isServiceSlug(serviceSlug) ? await readEntry(c.env, statusKeys.componentsOf(serviceSlug)) : null;
      // Served as stored: its ETag is already the SHA-1 of this body.
      if (entry) return conditionalResponse(c, entry.body, entry.metadata);
      // A filter naming no public service matches nothing: an empty list, dated by the component list.
      const all = await readEntry(c.env, statusKeys.components);
      if (!all) throw notFound(UNPUBLISHED);
      return serveDerived(c, '{"data":[]}', all.metadata);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/incidents",
      tags,
      summary: "Incident feed, newest first",
      request: { query: incidentFeedQuery },
      responses: {
        200: cached(
          () => pagedEnvelope(z.array(statusResources().incidentSchema), statusResources().statusPageMeta),
          "A page of incidents",
        ),
        ...notModified,
        ...errors(400, 404),
      },
    }),
    async (c) => {
      const { offset, limit, serviceSlug } = c.req.valid("query");
      if (offset === 0 && limit === DEFAULT_FEED_LIMIT && serviceSlug === undefined) {
        return serveEntry(c, statusKeys.incidentsFirstPage, UNPUBLISHED);
      }
      const all = await readEntry(c.env, statusKeys.incidentsAll);
      if (!all) throw notFound(UNPUBLISHED);
      const incidents: IncidentResource[] = JSON.parse(all.body);
      const matching =
        serviceSlug === undefined ? incidents : incidents.filter((i) => i.service_slugs.includes(serviceSlug));
      return serveDerived(c, feedPageBody(matching, offset, limit), all.metadata);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/incidents/{id}",
      tags,
      summary: "One incident with its full update timeline",
      request: { params: incidentIdParam },
      responses: {
        200: cached(() => envelope(statusResources().incidentSchema), "Incident"),
        ...notModified,
        ...errors(404),
      },
    }),
    (c) => {
      const { id } = c.req.valid("param");
      if (!isUuid(id)) throw notFound("No such incident");
      return serveEntry(c, statusKeys.incident(id.toLowerCase()), "No such incident");
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/maintenance",
      tags,
      summary: "Upcoming and active maintenance windows",
      responses: {
        200: cached(() => envelope(z.array(statusResources().maintenanceSchema)), "Maintenance"),
        ...notModified,
        ...errors(404),
      },
    }),
    (c) => serveEntry(c, statusKeys.maintenance, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/snapshots/{date}",
      tags,
      summary: "The daily snapshot of a UTC date",
      request: { params: dateParam },
      responses: {
        200: cached(() => envelope(statusResources().snapshotSchema), "Snapshot"),
        ...notModified,
        ...errors(400, 404),
      },
    }),
    (c) => serveEntry(c, statusKeys.snapshot(c.req.valid("param").date), "No snapshot for that date"),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/uptime/{window}",
      tags,
      summary: "Platform uptime rollup over a window",
      request: { params: windowParam },
      responses: {
        200: cached(() => envelope(statusResources().uptimeRollupSchema), "Rollup"),
        ...notModified,
        ...errors(400, 404),
      },
    }),
    (c) => serveEntry(c, statusKeys.uptime(c.req.valid("param").window), UNPUBLISHED),
  );
