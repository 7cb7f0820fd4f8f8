import { createRoute, z } from "@hono/zod-openapi";
import { paged } from "../../http/envelope";
import { adminAuth, errors, isoDate, json, pagedEnvelope } from "../../http/openapi";
import { offsetPage } from "../../lib/pagination";
import { offsetMeta, offsetQuery } from "../../lib/pagination-schemas";
import { createRouter } from "../../http/router";
import { listOutbox } from "./outbox";
import { requestCtxOf } from "../identity";

const outboxMessage = z
  .object({ id: z.uuid(), to: z.string(), subject: z.string(), body: z.string(), createdAt: isoDate() })
  .openapi("OutboxMessage");

/** The operator's view of mail written while no mail provider is configured (links and codes). */
export const outboxAdminRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/admin/outbox",
    tags: ["Operator"],
    summary: "E-mails written to the outbox (sign-in and confirmation links, recovery codes), newest first",
    security: adminAuth,
    request: { query: offsetQuery(100, 20) },
    responses: { 200: json(pagedEnvelope(z.array(outboxMessage), offsetMeta), "Outbox messages"), ...errors(400, 401) },
  }),
  async (c) => {
    const { limit, offset } = c.req.valid("query");
    const { messages, total } = await listOutbox(requestCtxOf(c), limit, offset);
    return paged(c, messages, offsetPage(limit, offset, total));
  },
);
