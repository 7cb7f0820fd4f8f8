import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../../http/envelope";
import { envelope, json } from "../../http/openapi";
import { createRouter } from "../../http/router";

/** Liveness only: it touches no binding, so it is the baseline the benchmarks compare against. */
export const systemRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/health",
    tags: ["System"],
    summary: "Liveness",
    responses: { 200: json(envelope(z.object({ status: z.literal("ok") })), "Alive") },
  }),
  (c) => ok(c, { status: "ok" as const }),
);
