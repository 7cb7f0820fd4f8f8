import { base64url } from "../../../lib/crypto";
import { readStandardTokens, type TokenReader } from "../adapters/oauth-tokens";
import {
  AdapterError,
  OAuthTokenError,
  type OAuthProviderSpec,
  type OutboundFetch,
  type ScopeParam,
  type TokenSet,
} from "../../../../shared/connectors/adapter-port";
import { readCapped } from "../adapters/outbound";

/**
 * An OAuth 2.0 client (RFC 6749, PKCE per RFC 7636) for the hand-off and the refresh cron. Pure:
 * it receives everything about the provider as plain values (endpoints, client, the guarded fetch)
 * and knows nothing of D1 or Env.
 */
export interface OAuthProvider {
  spec: OAuthProviderSpec;
  clientId: string;
  clientSecret: string | null;
  scopeParam: ScopeParam;
  /** Where refresh_token grants go (Figma has its own endpoint). */
  refreshUrl: string;
  readTokens: TokenReader;
  fetch: OutboundFetch;
}

/** A custom oauth2 definition speaks plain RFC 6749 with PKCE. */
export const standardProvider = (
  spec: OAuthProviderSpec,
  client: { clientId: string; clientSecret: string | null },
  fetch: OutboundFetch,
): OAuthProvider => ({
  spec,
  ...client,
  scopeParam: "scope",
  refreshUrl: spec.tokenUrl,
  readTokens: readStandardTokens,
  fetch,
});

const isRedirect = (status: number) => status >= 300 && status < 400;

/** Token answers are small; anything bigger is not a token endpoint. */
const MAX_TOKEN_ANSWER_BYTES = 64 * 1024;
/** A token request gets the same 30 s as a tool call. */
const TOKEN_TIMEOUT_MS = 30_000;
const encoder = new TextEncoder();

/** PKCE S256: 32 random bytes as the verifier; the challenge is its SHA-256, base64url. */
export async function pkcePair() {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(verifier))));
  return { verifier, challenge };
}

export function authorizeUrl(
  provider: OAuthProvider,
  params: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const { spec } = provider;
  const url = new URL(spec.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", params.redirectUri);
  url.searchParams.set("state", params.state);
  if (spec.scopes.length > 0) url.searchParams.set(provider.scopeParam, spec.scopes.join(spec.scopeSeparator));
  if (spec.pkce) {
    url.searchParams.set("code_challenge", params.codeChallenge);
    url.searchParams.set("code_challenge_method", "S256");
  }
  for (const [name, value] of Object.entries(spec.authorizeParams ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

const basicCredentials = (provider: OAuthProvider) =>
  btoa(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret ?? "")}`);
const basicAuth = (provider: OAuthProvider) => `Basic ${basicCredentials(provider)}`;

/** The client secret as a token request sends it (plain, form-encoded, in Basic), for redaction. */
export const clientSecretForms = (provider: OAuthProvider): string[] =>
  provider.clientSecret
    ? [provider.clientSecret, encodeURIComponent(provider.clientSecret), basicCredentials(provider)]
    : [];

/** One token request, authenticated and encoded the provider's way, read by the provider's reader. */
async function tokenRequest(provider: OAuthProvider, url: string, grant: Record<string, string>): Promise<TokenSet> {
  const { spec } = provider;
  const headers: Record<string, string> = { Accept: "application/json" };
  const fields = { ...grant };
  if (spec.tokenAuth === "client_secret_basic" && provider.clientSecret) headers.Authorization = basicAuth(provider);
  else {
    fields.client_id = provider.clientId;
    if (provider.clientSecret) fields.client_secret = provider.clientSecret;
  }
  headers["Content-Type"] = spec.tokenBody === "json" ? "application/json" : "application/x-www-form-urlencoded";
  const body = spec.tokenBody === "json" ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
  const now = new Date();
  let response: Response;
  try {
    // Never followed: a redirect would carry the client secret, the code and the PKCE verifier on.
    response = await provider.fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    if (isRedirect(response.status)) {
      await response.body?.cancel();
      // The endpoint as configured does not take the grant; retrying every tick would not change that.
      throw new OAuthTokenError(
        "invalid_grant",
        `The token endpoint answered with a redirect (HTTP ${response.status}), which is not followed`,
      );
    }
    const text = await readCapped(response, MAX_TOKEN_ANSWER_BYTES);
    response = new Response(text, { status: response.status, headers: response.headers });
  } catch (error) {
    // A token URL the SSRF rules refuse will never work: the grant is as good as dead.
    if (error instanceof AdapterError)
      throw new OAuthTokenError(error.kind === "blocked_destination" ? "invalid_grant" : "transient", error.message);
    throw error;
  }
  return provider.readTokens(response, now);
}

export function exchangeCode(
  provider: OAuthProvider,
  params: { code: string; redirectUri: string; codeVerifier: string },
) {
  const grant: Record<string, string> = {
    grant_type: "authorization_code",
    code: params.code,
    redirect_uri: params.redirectUri,
  };
  if (provider.spec.pkce) grant.code_verifier = params.codeVerifier;
  return tokenRequest(provider, provider.spec.tokenUrl, grant);
}

export const refreshTokens = (provider: OAuthProvider, refreshToken: string) =>
  tokenRequest(provider, provider.refreshUrl, { grant_type: "refresh_token", refresh_token: refreshToken });
