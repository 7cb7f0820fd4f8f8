import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import type { AppEnv } from "../env";
import { badRequest, type FieldError } from "../lib/errors";
import { unknownIdError } from "./path-ids";
import { fieldMessage } from "./zod-errors";

// One wording for every field error, set where every router (and so every request's validation)
// passes before any schema parses; never at the Worker's startup (index.ts imports no router).
z.config({ customError: fieldMessage });

/** Zod issues as the API's `details.fields[]`: a dotted path and a message per problem. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue): FieldError[] => {
    const base = issue.path.map(String).join(".");
    // Unknown keys come as one issue listing them all; report each under its own name.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: `unknown property ${key}` }));
    }
    // A custom issue may name the capability it concerns (spec: `details.fields[]` items may carry it).
    const capabilityKey = (issue as { params?: { capabilityKey?: string } }).params?.capabilityKey;
    return [{ field: base || "(root)", message: issue.message, ...(capabilityKey ? { capabilityKey } : {}) }];
  });
}

/**
 * The one validation wrapper: every router is an OpenAPIHono whose hook turns any zod failure
 * (body, query, params, headers) into 400 `bad_request` with `details.fields[]`, except a
 * malformed resource id in the path (`idParam`), which is the resource's 404. The same zod
 * schemas type the handlers and generate the OpenAPI document.
 */
export const createRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw unknownIdError(result.error) ?? badRequest(fieldErrors(result.error));
    },
  });
