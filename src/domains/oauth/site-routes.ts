import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { json } from "../../http/openapi";
import { BASE_PATH } from "../../lib/origin";
import { issuerOf } from "../../http/context";
import { createRouter } from "../../http/router";
import { discoveryDocument } from "./schemas";
import { GRANT_TYPES, SCOPES } from "./scopes";

/** Spec Limits: discovery documents are cacheable for an hour, by anyone. */
const DISCOVERY_MAX_AGE_SECONDS = 3600;

/**
 * RFC 8414 / OpenID discovery. Exactly the spec's fields plus the endpoints, RFC 9207's flag and
 * the Client ID Metadata Document flag (CONTRACT "Capabilities over MCP"); no `jwks_uri` and no
 * ID-token fields, because access tokens are symmetric and no ID tokens exist.
 */
function discovery(issuer: string) {
  const endpoint = (name: string) => `${issuer}${BASE_PATH}/oauth/${name}`;
  return {
    issuer,
    authorization_endpoint: endpoint("authorize"),
    token_endpoint: endpoint("token"),
    revocation_endpoint: endpoint("revoke"),
    userinfo_endpoint: endpoint("userinfo"),
    response_types_supported: ["code" as const],
    grant_types_supported: [...GRANT_TYPES],
    token_endpoint_auth_methods_supported: ["client_secret_basic" as const, "none" as const],
    code_challenge_methods_supported: ["S256" as const],
    scopes_supported: [...SCOPES],
    subject_types_supported: ["public" as const],
    claims_supported: ["sub", "email", "email_verified", "name", "preferred_username"],
    authorization_response_iss_parameter_supported: true as const,
    client_id_metadata_document_supported: true as const,
  };
}

const documentRoute = <P extends string>(path: P, summary: string) =>
  createRoute({
    method: "get",
    path,
    tags: ["OAuth"],
    summary,
    // Served at the host root, outside {base_url}.
    servers: [{ url: "/" }],
    responses: { 200: json(discoveryDocument, "The discovery document") },
  });

const serve = (c: Context<AppEnv>) =>
  c.json(discovery(issuerOf(c)), 200, {
    "Cache-Control": `public, max-age=${DISCOVERY_MAX_AGE_SECONDS}`,
    "Access-Control-Allow-Origin": "*",
  });

/** Mounted at the origin root (not under /api/v1). */
export const discoveryRoutes = createRouter()
  .openapi(documentRoute("/.well-known/openid-configuration", "OpenID-style discovery document"), serve)
  .openapi(
    documentRoute("/.well-known/oauth-authorization-server", "OAuth 2.0 authorization server metadata (RFC 8414)"),
    serve,
  );
