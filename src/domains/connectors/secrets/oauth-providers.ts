import { z } from "@hono/zod-openapi";
import { ApiError, badRequest } from "../../../lib/errors";
import { isSaasConnectorKey, SAAS_CONNECTORS } from "../adapters/saas";
import { AdapterError, type OAuthProviderSpec } from "../../../../shared/connectors/adapter-port";
import { providerSettings } from "./provider-settings";
import { standardProvider, type OAuthProvider } from "./oauth-client";
import { checkDestination, outboundFetch, parseAllowList, rebase } from "../adapters/outbound";

/**
 * Where an instance's OAuth provider is: built-in SaaS connectors from their definition and
 * `CONNECTOR_<K>_*` (URLs rebased onto `CONNECTOR_<K>_BASE_URL`), custom oauth2 definitions from
 * their `authConfig` (spec: `client_id`, `token_url`, `authorization_url`, `scopes`; we also take
 * an optional `client_secret`). Every URL goes through the SSRF rules, on every hop.
 */
const oauth2AuthConfig = z.object({
  client_id: z.string().min(1).max(500),
  client_secret: z.string().min(1).max(2000).optional(),
  authorization_url: z.url().max(2000),
  token_url: z.url().max(2000),
  scopes: z.array(z.string().min(1).max(200)).max(50).optional(),
});
export type OAuth2AuthConfig = z.infer<typeof oauth2AuthConfig>;

/** A custom oauth2 definition's `authConfig`: its shape, and both URLs allowed by the SSRF rules (400 otherwise). */
export function validateOAuth2AuthConfig(authConfig: unknown, allowPrivateHosts: string | undefined): OAuth2AuthConfig {
  const parsed = oauth2AuthConfig.safeParse(authConfig ?? {});
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues.map((issue) => ({ field: ["authConfig", ...issue.path].join("."), message: issue.message })),
      "authConfig is not a valid oauth2 configuration",
    );
  }
  const allowList = parseAllowList(allowPrivateHosts);
  for (const field of ["authorization_url", "token_url"] as const) {
    try {
      checkDestination(parsed.data[field], allowList);
    } catch (error) {
      if (error instanceof AdapterError) throw badRequest([{ field: `authConfig.${field}`, message: error.message }]);
      throw error;
    }
  }
  return parsed.data;
}

export const providerUnavailable = () =>
  new ApiError(
    "CONNECTION_FAILED",
    "This connector's OAuth provider is not configured on this deployment",
    undefined,
    undefined,
    503,
  );

/** The OAuth provider of a connector (503 when this deployment has none for it). */
export function oauthProviderFor(env: Env, connectorKey: string, customAuthConfig: unknown | null): OAuthProvider {
  const allowList = parseAllowList(env.ALLOW_PRIVATE_HOSTS);
  if (customAuthConfig !== null) {
    const parsed = oauth2AuthConfig.safeParse(customAuthConfig);
    if (!parsed.success) throw providerUnavailable();
    const config = parsed.data;
    const spec: OAuthProviderSpec = {
      authorizeUrl: config.authorization_url,
      tokenUrl: config.token_url,
      scopes: config.scopes ?? [],
      scopeSeparator: " ",
      pkce: true,
      tokenAuth: config.client_secret ? "client_secret_basic" : "client_secret_post",
      tokenBody: "form",
    };
    return standardProvider(
      spec,
      { clientId: config.client_id, clientSecret: config.client_secret ?? null },
      outboundFetch({ allowList }),
    );
  }
  const settings = providerSettings(env, connectorKey);
  if (!isSaasConnectorKey(connectorKey) || !settings.clientId) throw providerUnavailable();
  const saas = SAAS_CONNECTORS[connectorKey];
  return {
    // The browser is sent to the authorize URL, so it is rebased here; the fetch rebases the rest.
    spec: { ...saas.oauth, authorizeUrl: rebase(saas.oauth.authorizeUrl, settings.baseUrl) },
    clientId: settings.clientId,
    clientSecret: settings.clientSecret ?? null,
    scopeParam: saas.scopeParam,
    refreshUrl: saas.refreshUrl,
    readTokens: saas.readTokens,
    fetch: outboundFetch({ allowList, baseUrl: settings.baseUrl }),
  };
}
