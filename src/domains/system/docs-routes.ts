import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { BASE_PATH } from "../../lib/origin";

/**
 * The renderer's browser bundle is a static asset of this Worker (wrangler.toml `[assets]`), so the
 * page needs nothing from a CDN (it works offline in `npm run dev`) and the 3.5 MB bundle is neither
 * in the Worker's upload nor parsed at its startup.
 */
const BUNDLE_PATH = `${BASE_PATH}/docs/scalar.js`;

/**
 * The API reference for people: Scalar's renderer over the live OpenAPI document
 * (docs/developer-experience.md says why Scalar). A plain route, not in the document itself.
 */
export const docsRoutes = new Hono<AppEnv>().get(
  "/docs",
  Scalar({
    url: `${BASE_PATH}/openapi.json`,
    cdn: BUNDLE_PATH,
    pageTitle: "Platform API reference",
    // Fonts would come from Scalar's servers; the page uses the system's instead.
    withDefaultFonts: false,
    hideClientButton: true,
    // The built-in AI agent and its API registry live on Scalar's servers: off.
    agent: { disabled: true },
    // Its toolbar (shown on localhost) offers to publish the document to Scalar's cloud.
    showDeveloperTools: "never",
  }),
);
