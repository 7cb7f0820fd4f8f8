// The OAuth domain's public face: what other domains and the hosts may use.
export { GRANT_TYPES, SCOPES, sortScopes } from "./scopes";
export { redirectUriProblem } from "./redirect-uri";
export { userGrantRevocation } from "./user-revocation";
export { renderPage } from "./render";
export { Layout as PageLayout, Hidden as HiddenField } from "./pages";
export { csrfToken, validCsrf } from "./browser";
export { oauthCron } from "./cron";
