// The kit of server-rendered pages (HTML with CSRF-protected forms), for any domain's page routes.
// Domain-free: the OAuth sign-in pages, the account pages and the connector outcome page use it.
export { renderPage, type PageRenderer } from "./render";
export { csrfToken, validCsrf } from "./csrf";
export { browserCookie, type BrowserCookie } from "./browser-cookie";
export { ErrorAlert, HiddenField, PageLayout } from "./layout";
export { formBody, htmlPage } from "./openapi";
