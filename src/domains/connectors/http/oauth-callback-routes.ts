import { createRoute } from "@hono/zod-openapi";
import { issuerOf } from "../../../http/context";
import { errors } from "../../../http/openapi";
import { createRouter } from "../../../http/router";
import { rateLimit } from "../../../middleware/rate-limit";
import { handleCallback, settingsRedirect } from "../secrets";
import { callbackQuery, connectorKeyParams } from "./schemas";
import { requestCtxOf } from "../../identity";

/** The public OAuth callback (spec rule 9): its only protection is the single-use, short-lived state. */
export const connectorOAuthCallbackRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/connectors/oauth/{connectorKey}/callback",
    tags: ["Connectors"],
    summary: "Called by the external service after consent; answers 302 to the web app's connector settings",
    middleware: [rateLimit],
    request: { params: connectorKeyParams, query: callbackQuery },
    responses: {
      302: {
        description:
          "To {WEB_APP_URL}/settings/connectors with status=connected, or status=error&error=invalid_state|access_denied|exchange_failed",
      },
      ...errors(400, 429),
    },
  }),
  async (c) => {
    const origin = issuerOf(c);
    const outcome = await handleCallback(
      requestCtxOf(c),
      c.req.valid("param").connectorKey,
      c.req.valid("query"),
      origin,
      c.var.startedAt,
    );
    const response = c.redirect(settingsRedirect(c.env.WEB_APP_URL, origin, outcome), 302);
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
);
