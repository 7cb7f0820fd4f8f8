import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { ok } from "../../http/envelope";
import { BASE_PATH, statusUrlOf } from "../../lib/origin";

/**
 * What `GET /` and `GET /api/v1` answer: where to go next (docs/developer-experience.md, "Index").
 * Absolute URLs on the request's origin, as the served OpenAPI document's `servers` are; the public
 * status JSON at `{status_url}` (a separate host when `STATUS_URL` is set).
 */
export function apiIndex(origin: string, configuredStatusUrl?: string) {
  const api = `${origin}${BASE_PATH}`;
  return {
    name: "Platform API",
    version: "v1",
    links: {
      reference: `${api}/docs`,
      openapi: `${api}/openapi.json`,
      health: `${api}/health`,
      status: `${statusUrlOf(configuredStatusUrl, origin)}/status`,
      statusPage: `${origin}/status`,
    },
  };
}

/**
 * The index as a router, mounted at the site's root and at `/api/v1` (one instance per mount: the
 * whole app mounts each router once). A plain route, not in the OpenAPI document: it only points at
 * the document and the pages, like the reference page's route.
 */
const indexRouter = () =>
  new Hono<AppEnv>().get("/", (c) => ok(c, apiIndex(new URL(c.req.url).origin, c.env.STATUS_URL)));

export const siteIndexRoutes = indexRouter();
export const apiIndexRoutes = indexRouter();
