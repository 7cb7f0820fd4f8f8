import type { Category, Translated } from "../catalogue-types";
import { readStandardTokens, type TokenReader } from "../oauth-tokens";
import { saasAdapter, type SaasAdapter, type SaasTool } from "./adapter";
import type {
  AdapterContext,
  HealthResult,
  OAuthProviderSpec,
  ScopeParam,
} from "../../../../../shared/connectors/adapter-port";
import type { CallOptions, SaasHttp } from "./api";

/**
 * One built-in SaaS connector, written once in its provider's file: what the catalogue shows,
 * how its OAuth provider is spoken to, where its API is, its health check and its tools. The
 * registry lists these definitions, and the catalogue, the adapter factory and the OAuth client
 * all read them from there, so a provider cannot be half registered.
 */

/** The public catalogue entry (the catalogue adds what every SaaS connector shares: oauth2, features, ...). */
export interface SaasCatalogueEntry {
  category: Category;
  displayName: Translated;
  description: Translated;
}

/**
 * The provider's OAuth 2.0 endpoints and quirks: the plain spec, plus where it differs from
 * RFC 6749 (each has the usual default).
 */
export interface SaasOAuthEntry extends OAuthProviderSpec {
  /** The authorize parameter carrying the scopes (default `scope`; Slack user scopes: `user_scope`). */
  scopeParam?: ScopeParam;
  /** Where refresh_token grants go (default `tokenUrl`; Figma has its own). */
  refreshUrl?: string;
  /** Reads the token endpoint's answer (default RFC 6749; Slack's `authed_user` and `{ok:false}`). */
  readTokens?: TokenReader;
}

/** A cheap authenticated call; `describe` words its answer as the instance's health message. */
export interface SaasHealthCheck<Body> {
  path: string;
  request?: CallOptions;
  describe(body: Body): string;
}

export interface SaasConnectorEntry<Key extends string, Body> {
  key: Key;
  catalogue: SaasCatalogueEntry;
  oauth: SaasOAuthEntry;
  http: SaasHttp;
  health: SaasHealthCheck<Body>;
  tools: readonly SaasTool[];
}

/** A definition with its defaults filled in and its tools turned into the adapter port. */
export interface SaasConnector<Key extends string = string> {
  key: Key;
  catalogue: SaasCatalogueEntry;
  /** The plain OAuth spec (endpoints, scopes, PKCE, client auth, body encoding). */
  oauth: OAuthProviderSpec;
  scopeParam: ScopeParam;
  refreshUrl: string;
  readTokens: TokenReader;
  http: SaasHttp;
  adapter: SaasAdapter;
}

/**
 * A failed check says what the provider answered; the HTTP status is added unless it is 200
 * (Slack's failures come with 200, where the error name says it all).
 */
async function runHealthCheck<Body>(
  http: SaasHttp,
  health: SaasHealthCheck<Body>,
  context: AdapterContext,
): Promise<HealthResult> {
  const outcome = await http.call<Body>(context, health.path, health.request);
  if (outcome.ok) return { ok: true, message: health.describe(outcome.body) };
  const { error, httpStatus } = outcome.result;
  return { ok: false, message: httpStatus === 200 ? (error ?? "") : `${error} (HTTP ${httpStatus})` };
}

export function defineSaasConnector<const Key extends string, Body>(
  entry: SaasConnectorEntry<Key, Body>,
): SaasConnector<Key> {
  const { scopeParam = "scope", refreshUrl, readTokens = readStandardTokens, ...spec } = entry.oauth;
  return {
    key: entry.key,
    catalogue: entry.catalogue,
    oauth: spec,
    scopeParam,
    refreshUrl: refreshUrl ?? spec.tokenUrl,
    readTokens,
    http: entry.http,
    adapter: saasAdapter(entry.tools, (context) => runHealthCheck(entry.http, entry.health, context)),
  };
}
