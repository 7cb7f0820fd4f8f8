import { createRoute, z } from "@hono/zod-openapi";
import { ok, paged } from "../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody, pagedEnvelope } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { offsetPage } from "../../lib/pagination";
import { offsetMeta } from "../../lib/pagination-schemas";
import { authenticate } from "../../middleware/auth";
import { rateLimit } from "../../middleware/rate-limit";
import { setMonthlyCap } from "./cap";
import { listEntries, walletOf } from "./reads";
import { listEntriesQuery, spendCapBody, walletEntrySchema, walletSchema } from "./schemas";
import { ctxOf } from "../identity";

const tags = ["Wallet"];
/**
 * Any signed-in user reads their own account's wallet (no entitlement: every account has one); a
 * third-party token needs `wallet:read`. `X-Workspace-Id` does not change whose wallet it is.
 */
const middleware = [authenticate({ oauthScope: "wallet:read" }), rateLimit];
/** Setting the spend cap: first-party tokens only (CONTRACT: no OAuth scope admits it, `wallet:read` included). */
const firstPartyOnly = [authenticate(), rateLimit];

export const walletRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/wallet",
      tags,
      summary: "The caller's prepaid balance (USD)",
      description:
        "First-party tokens, or OAuth tokens with `wallet:read`. The balance may be below zero: it refuses nothing yet.",
      security: bearerAuth,
      middleware,
      responses: { 200: json(envelope(walletSchema), "The wallet"), ...errors(401, 403, 429) },
    }),
    async (c) => ok(c, await walletOf(ctxOf(c))),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/wallet",
      tags,
      summary: "Set or remove the monthly spend cap (USD)",
      description:
        "First-party tokens only: no OAuth scope admits it. Once this calendar month's spend (UTC) reaches the cap, priced AI runs are refused with 402 `spend_cap_reached` until the first of next month; a cap of 0 allows no priced run, null removes the cap. In-app notifications at 80% and 100% of the cap, once a month each.",
      security: bearerAuth,
      middleware: firstPartyOnly,
      request: { body: jsonBody(spendCapBody) },
      responses: { 200: json(envelope(walletSchema), "The wallet, with its new cap"), ...errors(400, 401, 403, 429) },
    }),
    async (c) => ok(c, await setMonthlyCap(ctxOf(c), c.req.valid("json").monthlyCapUsd)),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/wallet/entries",
      tags,
      summary: "The wallet's ledger, newest first (top-ups, AI usage, adjustments)",
      security: bearerAuth,
      middleware,
      request: { query: listEntriesQuery },
      responses: {
        200: json(pagedEnvelope(z.array(walletEntrySchema), offsetMeta), "One page of entries"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const page = c.req.valid("query");
      const { items, total } = await listEntries(ctxOf(c), page);
      return paged(c, items, offsetPage(page.limit, page.offset, total));
    },
  );
