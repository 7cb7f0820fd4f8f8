// Who may call what, for every operation of the OpenAPI document (test/helpers/access-suite.ts).
// A domain adds its entry (`test/<domain>/access.ts`) to DOMAINS; a public operation is added,
// with the reason, to EXEMPT.
import { describe } from "vitest";
import { aiAccess } from "./ai/access";
import { connectorsAccess, mcpGatewayAccess } from "./connectors/access";
import { accessSuite, type DomainAccess } from "./helpers/access-suite";
import { filesAccess, mediaAccess } from "./media/access";
import { notificationsAccess } from "./notifications/access";
import { workspacesAccess } from "./workspaces/access";
import { walletAccess } from "./wallet/access";

const DOMAINS: DomainAccess[] = [
  aiAccess,
  connectorsAccess,
  mcpGatewayAccess,
  notificationsAccess,
  workspacesAccess,
  walletAccess,
  filesAccess,
  mediaAccess,
];

const V1 = "/api/v1";

/** Operations the suite does not check, each with its reason. */
const EXEMPT = new Set([
  // Public: liveness for load balancers and uptime checks.
  `GET ${V1}/health`,
  // Public: signing up and in, and the refresh token's own endpoints (they take credentials in the body).
  `POST ${V1}/auth/register`,
  `POST ${V1}/auth/login`,
  `POST ${V1}/auth/refresh`,
  `POST ${V1}/auth/logout`,
  // Public: account lifecycle by e-mail (the proof is a mailed token or code, never a bearer
  // token; each answers alike for any address); test/account/.
  `POST ${V1}/auth/resend-confirmation`,
  `POST ${V1}/auth/confirm-email`,
  `POST ${V1}/auth/forgot-password`,
  `POST ${V1}/auth/exchange-recovery-code`,
  `POST ${V1}/auth/reset-password`,
  `GET ${V1}/auth/check-username`,
  // The pages e-mail links open (CSRF-protected forms, like the OAuth pages); test/account/.
  `GET ${V1}/account/confirm-email`,
  `POST ${V1}/account/confirm-email`,
  `GET ${V1}/account/forgot-password`,
  `POST ${V1}/account/forgot-password`,
  `GET ${V1}/account/reset-password`,
  `POST ${V1}/account/reset-password`,
  // Connector OAuth: the provider's redirect back (spec rule 9: the single-use, 10-minute state
  // is its protection) and the page it lands on (shows the outcome, holds nothing); test/connectors/oauth-handoff.test.ts.
  `GET ${V1}/connectors/oauth/{connectorKey}/callback`,
  `GET /settings/connectors`,
  // Stripe's webhook: authenticated by its Stripe-Signature; test/billing/.
  `POST ${V1}/billing/webhook`,
  // Public: the status surface (JSON under the API, page, feed, badge and Statuspage v2 at the root).
  `GET ${V1}/status`,
  `GET ${V1}/status/services`,
  `GET ${V1}/status/services/{slug}`,
  `GET ${V1}/status/components`,
  `GET ${V1}/status/incidents`,
  `GET ${V1}/status/incidents/{id}`,
  `GET ${V1}/status/maintenance`,
  `GET ${V1}/status/snapshots/{date}`,
  `GET ${V1}/status/uptime/{window}`,
  "GET /status",
  "GET /status/feed.atom",
  "GET /status/badge.svg",
  "GET /api/v2/summary.json",
  "GET /api/v2/status.json",
  // Public: OAuth discovery documents (RFC 8414).
  "GET /.well-known/openid-configuration",
  "GET /.well-known/oauth-authorization-server",
  // Public: the MCP gateway's protected resource metadata (RFC 9728), at the root and path-suffixed.
  "GET /.well-known/oauth-protected-resource",
  "GET /.well-known/oauth-protected-resource/api/v1/mcp",
  // OAuth: the browser flow (its own session cookie and CSRF token), and the token and revocation
  // endpoints (client authentication, RFC 6749 errors); covered by test/oauth/.
  `GET ${V1}/oauth/authorize`,
  `GET ${V1}/oauth/login`,
  `POST ${V1}/oauth/login`,
  `GET ${V1}/oauth/magic-link`,
  `POST ${V1}/oauth/magic-link`,
  `GET ${V1}/oauth/magic`,
  `POST ${V1}/oauth/magic`,
  `GET ${V1}/oauth/consent`,
  `POST ${V1}/oauth/consent`,
  `POST ${V1}/oauth/token`,
  `POST ${V1}/oauth/revoke`,
  // OAuth userinfo answers by RFC 6750 (OAuth tokens only, its own challenges); test/oauth/endpoints.test.ts.
  `GET ${V1}/oauth/userinfo`,
  // Partner API: a partner key, not a user token; test/oauth/partner.test.ts.
  `POST ${V1}/partner/oauth-clients`,
]);

describe("access", () => accessSuite(DOMAINS, EXEMPT));
