import { createRouter } from "../../http/router";
import { oauthEndpointRoutes } from "./endpoint-routes";
import { oauthPageRoutes } from "./page-routes";

/**
 * The OAuth domain's routes under /api/v1, one mount for the app: the browser pages of a flow
 * (page-routes.ts) and the endpoints clients call (endpoint-routes.ts). Each keeps its own error
 * language (pages, RFC 6749 JSON) and its own body limit.
 */
export const oauthRoutes = createRouter().route("/", oauthPageRoutes).route("/", oauthEndpointRoutes);
