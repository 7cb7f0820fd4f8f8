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

/** The 404 of the first path id in `error` that `idParam` refused, if any (the validation hook throws it). */
export function unknownIdError(error: ZodError): ApiError | undefined {
  for (const issue of error.issues) {
    const unknown = (issue as { params?: Record<string, unknown> }).params?.[UNKNOWN_ID];
    if (typeof unknown === "function") return (unknown as () => ApiError)();
  }
  return undefined;
}
