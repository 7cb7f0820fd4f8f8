import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { BASE_PATH } from "../../lib/origin";
// The renderer's browser bundle, served by this Worker so the page needs nothing from a CDN (it
// works offline in `npm run dev`). wrangler.toml's `[[rules]]` imports it as text; the package
// does not export the file, hence the path (pinned with the package in package-lock.json).
import scalarBundle from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js";

/**
 * The API reference for people: Scalar's renderer over the live OpenAPI document
 * (docs/developer-experience.md says why Scalar). Plain routes, not in the document itself.
 */
const BUNDLE_PATH = `${BASE_PATH}/docs/scalar.js`;
const bundle = scalarBundle as string;
/** The bundle changes only with the package; a day of caching spares every reload 3.5 MB. */
const BUNDLE_CACHE = "public, max-age=86400";

export const docsRoutes = new Hono<AppEnv>()
  .get(
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
  )
  .get("/docs/scalar.js", (c) => c.body(bundle, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": BUNDLE_CACHE }));
