import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import type { ApiError } from "../lib/errors";

/** Request metadata every error (and every paginated list) carries. */
function requestMeta(c: Context<AppEnv>) {
  return { requestId: c.var.requestId, durationMs: Date.now() - c.var.startedAt };
}

/** The success envelope `{ data }`. */
export function ok<T, S extends ContentfulStatusCode = 200, E extends AppEnv = AppEnv>(
  c: Context<E>,
  data: T,
  status: S = 200 as S,
) {
  return c.json({ data }, status);
}

/** A page of a list: `{ data, meta }`, where meta gains the request's id and duration. */
export function paged<T, M extends Record<string, unknown>>(c: Context<AppEnv>, data: T, meta: M) {
  return c.json({ data, meta: { ...meta, ...requestMeta(c) } }, 200);
}

function errorBody(c: Context<AppEnv>, error: ApiError) {
  const body: { code: string; message: string; details?: Record<string, unknown> } = {
    code: error.code,
    message: error.message,
  };
  if (error.details) body.details = error.details;
  return { error: body, meta: requestMeta(c) };
}

export function errorResponse(c: Context<AppEnv>, error: ApiError) {
  const response = c.json(errorBody(c, error), error.status);
  for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
  return response;
}
