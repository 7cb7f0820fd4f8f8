import { z } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import type { ApiError } from "../lib/errors";
import { isUuid } from "../lib/ids";

/** The key under which a path id's issue carries the 404 it stands for. */
const UNKNOWN_ID = "unknownId";

/**
 * A resource id in the path (a UUID). A malformed one names no resource, so it answers `unknown()`,
 * the same 404 as a well-formed id that names nothing (spec, Errors: a missing or unknown id is
 * 404), rather than a validation error that would tell the two apart.
 */
export const idParam = (name: string, unknown: () => ApiError) =>
  z
    .string()
    .refine(isUuid, { message: "must be a UUID", params: { [UNKNOWN_ID]: unknown } })
    .openapi({ param: { name, in: "path" }, format: "uuid" });

/**
 * An OAuth client in the path: a registered client's UUID, or the URL that is a metadata-document
 * client's `client_id` (percent-encoded as one segment, `https%3A%2F%2F...`; the router decodes it).
 * Anything else names no client: `unknown()`, as for `idParam`.
 */
export const clientIdParam = (name: string, unknown: () => ApiError) =>
  z
    .string()
    .refine((value) => isUuid(value) || CLIENT_URL.test(value), {
      message: "must be a UUID or a client's URL",
      params: { [UNKNOWN_ID]: unknown },
    })
    .openapi({
      param: { name, in: "path" },
      description: "A registered client's UUID, or a metadata-document client's URL (percent-encoded)",
    });
/** The shape of a metadata-document client's id (CONTRACT "Capabilities over MCP"); its row decides the rest. */
const CLIENT_URL = /^https?:\/\/[^\s]{1,2048}$/;

/** The 404 of the first path id in `error` that `idParam` refused, if any (the validation hook throws it). */
export function unknownIdError(error: ZodError): ApiError | undefined {
  for (const issue of error.issues) {
    const unknown = (issue as { params?: Record<string, unknown> }).params?.[UNKNOWN_ID];
    if (typeof unknown === "function") return (unknown as () => ApiError)();
  }
  return undefined;
}
