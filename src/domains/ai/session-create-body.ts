import { fieldErrors } from "../../http/router";
import { badRequest } from "../../lib/errors";
import { createSessionBody } from "./session-schemas";

/**
 * `POST /ai/sessions`'s body, checked by its schema with the field errors of every other route
 * (http/router.ts). Imported on the first create (session-list-routes.ts), so that a cold sessions
 * list loads no zod.
 */
export function createSessionInput(body: unknown) {
  const parsed = createSessionBody().safeParse(body);
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error));
  return parsed.data;
}
