import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../../http/router";
import { renderPage } from "../../../http/pages";
import { ConnectorOutcomePage, OUTCOME_MESSAGES, type Outcome } from "./pages";

const outcomes = Object.keys(OUTCOME_MESSAGES) as [Outcome, ...Outcome[]];

/**
 * `/settings/connectors` at the origin root: where the OAuth callback lands when `WEB_APP_URL` is
 * empty (CONTRACT). It shows the outcome and nothing else: no scripts, not frameable, never cached.
 */
export const connectorSiteRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/settings/connectors",
    tags: ["Connectors"],
    summary: "The outcome of a connector's OAuth hand-off (when WEB_APP_URL is empty)",
    request: {
      query: z.object({
        connector: z.string().max(64).optional(),
        instanceId: z.string().max(64).optional(),
        status: z.enum(["connected", "error"]).optional(),
        error: z.string().max(64).optional(),
      }),
    },
    responses: {
      200: { content: { "text/html": { schema: z.string() } }, description: "Connected" },
      400: {
        content: { "text/html": { schema: z.string() } },
        description: "The hand-off failed (or the page was opened by hand)",
      },
    },
  }),
  (c) => {
    const query = c.req.valid("query");
    const error =
      outcomes.includes(query.error as Outcome) && query.error !== "connected"
        ? (query.error as Outcome)
        : "exchange_failed";
    const outcome: Outcome = query.status === "connected" ? "connected" : error;
    return renderPage(c, outcome === "connected" ? 200 : 400, (nonce) =>
      ConnectorOutcomePage({ nonce, outcome, connector: query.connector ?? "" }),
    );
  },
);
