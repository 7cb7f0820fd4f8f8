import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { statusKeys } from "./keys";
import { cacheStatusErrors, statusCors } from "./public-middleware";
import { UNPUBLISHED, notModified, serveEntry } from "./reader";

const tags = ["Status"];
const text = (type: string, description: string) => ({ content: { [type]: { schema: z.string() } }, description });

/**
 * The status surface for people and tools at the origin's root: the HTML page, the Atom feed, the
 * badge and the Statuspage v2 documents. All pre-rendered into the projection; one KV read each.
 */
export const statusSiteRoutes = createRouter();
for (const path of ["/status", "/status/*", "/api/v2/*"]) statusSiteRoutes.use(path, statusCors, cacheStatusErrors);

statusSiteRoutes
  .openapi(
    createRoute({
      method: "get",
      path: "/status",
      tags,
      summary: "Status page (HTML)",
      responses: { 200: text("text/html", "The status page"), ...notModified },
    }),
    (c) => serveEntry(c, statusKeys.page, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/feed.atom",
      tags,
      summary: "Atom feed of incident updates",
      responses: { 200: text("application/atom+xml", "Feed"), ...notModified },
    }),
    (c) => serveEntry(c, statusKeys.feed, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/status/badge.svg",
      tags,
      summary: "Status badge (SVG)",
      responses: { 200: text("image/svg+xml", "Badge"), ...notModified },
    }),
    (c) => serveEntry(c, statusKeys.badge, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/v2/summary.json",
      tags,
      summary: "Atlassian Statuspage v2 compatible summary",
      responses: { 200: text("application/json", "Summary"), ...notModified },
    }),
    (c) => serveEntry(c, statusKeys.v2Summary, UNPUBLISHED),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/api/v2/status.json",
      tags,
      summary: "Atlassian Statuspage v2 compatible status",
      responses: { 200: text("application/json", "Status"), ...notModified },
    }),
    (c) => serveEntry(c, statusKeys.v2Status, UNPUBLISHED),
  );
