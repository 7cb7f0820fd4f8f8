import { z } from "@hono/zod-openapi";
import type { REVOKE_PARAMS, TOKEN_PARAMS } from "./forms";
import { GRANT_TYPES, SCOPES } from "./scopes";

/**
 * OAuth parameters arrive as query strings and forms, where a name can repeat. Each is accepted
 * here as a string or a list, so the service can answer a repetition with the RFC error
 * (`invalid_request`) instead of a schema error; unknown parameters are ignored (RFC 6749 §3.1).
 * The token and revocation forms are read by hand (forms.ts, which names the same parameters):
 * their schemas only describe them in the document.
 */
const param = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({ description });

export const authorizeQuery = z.object({
  client_id: param(
    "The client's UUID, or the https URL of its Client ID Metadata Document (`client_id`, `client_name`, `redirect_uris`)",
  ),
  redirect_uri: param("Must equal a registered redirect URI byte for byte"),
  response_type: param("Always `code`"),
  scope: param("Space-separated scopes"),
  state: param("Returned unchanged"),
  code_challenge: param("BASE64URL(SHA-256(code_verifier))"),
  code_challenge_method: param("Always `S256`"),
  resource: param(
    "RFC 8707, optional, once: `{base_url}` (the API) or `{base_url}/mcp` (the MCP gateway); the tokens' `aud`",
  ),
});

export const tokenForm = z
  .object({
    grant_type: param("`authorization_code` or `refresh_token`"),
    code: param("authorization_code: the code"),
    redirect_uri: param("authorization_code: the redirect URI of the authorization request"),
    code_verifier: param("authorization_code: the PKCE verifier"),
    refresh_token: param("refresh_token: the refresh token"),
    scope: param("refresh_token: a narrower scope (optional)"),
    resource: param(
      "RFC 8707, optional, once: the authorization request's resource, or either of this server's when it named none",
    ),
    client_id: param("Public clients (no HTTP Basic), metadata-document clients (their URL) among them"),
    client_secret: param("Not supported: confidential clients use HTTP Basic"),
  } satisfies Record<(typeof TOKEN_PARAMS)[number], unknown>)
  .openapi("OAuthTokenRequest", {
    example: {
      grant_type: "authorization_code",
      code: "oac_Yp…",
      redirect_uri: "https://acme.example.com/callback",
      code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    },
  });

export const revokeForm = z
  .object({
    token: param("An access or refresh token"),
    token_type_hint: param("`access_token` or `refresh_token` (optional)"),
    client_id: param("Public clients (no HTTP Basic)"),
    client_secret: param("Not supported: confidential clients use HTTP Basic"),
  } satisfies Record<(typeof REVOKE_PARAMS)[number], unknown>)
  .openapi("OAuthRevokeRequest", { example: { token: "ort_9s…", token_type_hint: "refresh_token" } });

export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string().openapi({ description: "A new refresh token, with every response of both grants" }),
    scope: z.string(),
  })
  .openapi("OAuthTokenResponse");

export const oauthErrorBody = z
  .object({ error: z.string(), error_description: z.string() })
  .openapi("OAuthError", { description: "RFC 6749 error body (not the API envelope)" });

export const userInfoResponse = z
  .object({
    sub: z.uuid(),
    email: z.string().optional(),
    email_verified: z.boolean().optional(),
    name: z.string().nullable().optional(),
    preferred_username: z.string().nullable().optional(),
  })
  .strict()
  .openapi("OAuthUserInfo");

export const discoveryDocument = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    revocation_endpoint: z.string(),
    userinfo_endpoint: z.string(),
    response_types_supported: z.array(z.literal("code")),
    grant_types_supported: z.array(z.enum(GRANT_TYPES)),
    token_endpoint_auth_methods_supported: z.array(z.enum(["client_secret_basic", "none"])),
    code_challenge_methods_supported: z.array(z.literal("S256")),
    scopes_supported: z.array(z.enum(SCOPES)),
    subject_types_supported: z.array(z.literal("public")),
    claims_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.literal(true),
    client_id_metadata_document_supported: z.literal(true),
  })
  .strict()
  .openapi("OAuthDiscovery");

/** Browser forms: hidden `flow` and `csrf` fields on each, plus what the person typed. */
const flowFields = { flow: z.string().max(64), csrf: z.string().max(128) };
export const loginForm = z.object({ ...flowFields, email: z.string().max(320), password: z.string().max(200) });
export const magicLinkForm = z.object({ ...flowFields, email: z.string().max(320) });
export const magicConfirmForm = z.object({ ...flowFields, token: z.string().max(128) });
export const consentForm = z.object({ ...flowFields, decision: z.enum(["approve", "deny"]) });
export const flowQuery = z.object({ flow: z.string().max(64).optional() });
export const magicQuery = z.object({ token: z.string().max(128).optional() });
