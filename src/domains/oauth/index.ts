// What other domains may use of the OAuth domain.
export { userGrantRevocation } from "./user-revocation";
export { renderPage } from "./render";
export { Layout as PageLayout, Hidden as HiddenField } from "./pages";
export { csrfToken, validCsrf } from "./browser";
