import { bodyLimit } from "hono/body-limit";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { BASE_PATH } from "../lib/origin";
import { MAX_BODY_BYTES } from "../limits";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const BODY_TOO_LARGE = `Request body exceeds ${MAX_BODY_BYTES} bytes`;

/**
 * Oversized bodies are refused while streaming in, before anything parses them. `refuse` throws
 * the refusal in the language of the router that mounts the limit (the API envelope by default;
 * the OAuth endpoints mount their own, with their own error shape).
 */
export const limitBodySize = (
  refuse: (c: Context) => never = () => {
    throw new ApiError("payload_too_large", BODY_TOO_LARGE);
  },
) => bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuse });

/**
 * Uploads (`POST /files`, any type, up to `MAX_UPLOAD_BYTES`) stream their body to R2 under their
 * own cap (domains/media/uploads.ts), so neither the general limit nor the JSON rule applies.
 */
export const isUploadPath = (path: string) => path === `${BASE_PATH}/files`;

/** Whether a route (not only middleware, which is registered for every method) handles this request. */
const hasRoute = (c: Context<AppEnv>) => matchedRoutes(c).some((route) => route.method === c.req.method);

/**
 * A JSON endpoint given a body of another type answers 415, rather than silently validating an
 * empty object. Bodiless requests pass (some POSTs take no body), and so does a request no route
 * handles: its answer is the JSON 404, whatever it sent.
 */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const hasBody = c.req.raw.body !== null && c.req.header("Content-Length") !== "0";
  if (METHODS_WITH_BODY.has(c.req.method) && hasBody && hasRoute(c)) {
    const type = c.req.header("Content-Type") ?? "";
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
      throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
    }
  }
  await next();
});
