// The OAuth domain's public face: what other domains and the hosts may use.
export { GRANT_TYPES, SCOPES, sortScopes } from "./scopes";
export { redirectUriProblem } from "./redirect-uri";
export { oauthCron } from "./cron";
/** The token, revoke and userinfo routes' OpenAPI description, for the document only (app.ts `loadApp`). */
export const oauthRouteDocs = async () => (await import("./route-docs")).routeDocs;
