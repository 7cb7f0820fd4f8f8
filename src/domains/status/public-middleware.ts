import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { sha1Hex } from "../../lib/crypto";
import { statusKeys } from "./keys";
import { STATUS_CACHE_CONTROL, readEntry } from "./reader";

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
 * Errors of the public surface (unknown incident, bad window) follow the spec's rule for every status
 * response: the same `Cache-Control`, an `ETag` (SHA-1 of the body) and the projection's
 * `Last-Modified`, so a flood of requests for things that do not exist is absorbed by the CDN.
 * A server error is never cached: it says nothing about the status.
 */
export const cacheStatusErrors = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const status = c.res.status;
  if (status < 400) return;
  if (status >= 500) {
    c.res.headers.set("Cache-Control", "no-store");
    return;
  }
  const [etag, summary] = await Promise.all([
    sha1Hex(await c.res.clone().text()),
    readEntry(c.env, statusKeys.summary).catch(() => null),
  ]);
  c.res.headers.set("Cache-Control", STATUS_CACHE_CONTROL);
  c.res.headers.set("ETag", `"${etag}"`);
  if (summary) c.res.headers.set("Last-Modified", new Date(summary.metadata.projectedAt).toUTCString());
});
