import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";

/**
 * Open CORS for the public surface: any page may read it. `If-None-Match`/`If-Modified-Since` make a
 * browser preflight, so they are allowed; the validators are exposed so scripts can revalidate.
 */
export const statusCors = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD", "OPTIONS"],
  allowHeaders: ["If-None-Match", "If-Modified-Since"],
  exposeHeaders: ["ETag", "Last-Modified", "X-Request-Id"],
  maxAge: 86_400,
});

/**
 * Errors of the public surface (unknown incident, bad window) are cached briefly too, so a flood of
 * requests for things that do not exist is absorbed by the CDN; without stale-while-revalidate, so
 * a newly published incident shows within 30 seconds.
 */
export const STATUS_ERROR_CACHE_CONTROL = "public, max-age=30";

export const cacheStatusErrors = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status >= 400) c.res.headers.set("Cache-Control", STATUS_ERROR_CACHE_CONTROL);
});
