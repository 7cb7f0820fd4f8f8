import { createRoute, z } from "@hono/zod-openapi";
import { bearerAuth, envelope, errors, json, jsonBody, pagedEnvelope } from "../../http/openapi";
import { cursorMeta, cursorQuery } from "../../lib/pagination-schemas";
import { responseSchemas } from "./response-schemas";
import { createSessionBody } from "./session-schemas";

// The OpenAPI description of `/ai/sessions` itself (session-list-routes.ts), registered in the
// document by `loadApp()` (app.ts); left out of the Worker (wrangler.toml `[alias]`). Apart from the
// routes so that a cold sessions list loads no zod: the list reads its query by hand
// (`readCursorQuery`), and the create body's schema loads on the first create.

const tags = ["AI"];

export const routeDocs = [
  createRoute({
    method: "post",
    path: "/ai/sessions",
    tags,
    summary: "Create a conversation",
    security: bearerAuth,
    request: { body: jsonBody(createSessionBody()) },
    responses: {
      201: json(() => envelope(responseSchemas().sessionSchema), "Created"),
      ...errors(400, 401, 403, 429),
    },
  }),
  createRoute({
    method: "get",
    path: "/ai/sessions",
    tags,
    summary: "The caller's conversations, newest first",
    security: bearerAuth,
    request: { query: cursorQuery() },
    responses: {
      200: json(() => pagedEnvelope(z.array(responseSchemas().sessionSchema), cursorMeta), "One page"),
      ...errors(400, 401, 403, 429),
    },
  }),
];
