import { json, type RecordedRequest } from "./fake-host";

/**
 * The OAuth 2.0 side of a fake provider: an authorize endpoint that redirects back with a code
 * (recording the PKCE challenge), and a token endpoint for the authorization_code and
 * refresh_token grants that checks client authentication the provider's way and answers in the
 * provider's shape (each fake passes `tokenAnswer` and `errorAnswer`).
 */
export const FAKE_CLIENT_ID = "fake-client-id";
export const FAKE_CLIENT_SECRET = "fake-client-secret";
/** A refresh token the fake accepts without a prior exchange (tests of the refresh cron). */
export const FAKE_REFRESH_TOKEN = "fake-refresh-token";
/** A refresh token whose grant has been revoked: the token endpoint answers invalid_grant. */
export const DEAD_REFRESH_TOKEN = "dead-refresh-token";

export interface OAuthServerOptions {
  tokenAuth: "client_secret_basic" | "client_secret_post";
  tokenBody: "form" | "json";
  /** Builds the provider's success answer for freshly issued tokens. */
  tokenAnswer: (issued: { accessToken: string; refreshToken: string | null; grant: string }) => Response;
  /** Builds the provider's failure answer (`invalid_grant`, `invalid_client`, `invalid_request`). */
  errorAnswer: (error: string, status: number, grant: string | null) => Response;
  /** Whether refresh answers carry a new (rotated) refresh token. */
  rotatesRefreshTokens: boolean;
  tokenPrefix: string;
}

interface PendingCode {
  redirectUri: string;
  challenge: string | null;
  scope: string | null;
}

async function sha256Base64Url(value: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export class FakeOAuthServer {
  readonly codes = new Map<string, PendingCode>();
  /** Access tokens issued by this server (the API side accepts them). */
  readonly accessTokens = new Set<string>();
  readonly refreshTokens = new Set<string>([FAKE_REFRESH_TOKEN]);
  /** The last authorize request's query, for tests that look at scopes, PKCE and extra params. */
  lastAuthorize: URLSearchParams | null = null;
  private counter = 0;

  constructor(private readonly options: OAuthServerOptions) {}

  /** GET authorize: 302 back to `redirect_uri` with `code` and `state` (the user always consents). */
  authorize(url: URL): Response {
    this.lastAuthorize = url.searchParams;
    const redirectUri = url.searchParams.get("redirect_uri");
    if (url.searchParams.get("client_id") !== FAKE_CLIENT_ID || !redirectUri)
      return new Response("unknown client or missing redirect_uri", { status: 400 });
    const state = url.searchParams.get("state");
    const target = new URL(redirectUri);
    if (url.searchParams.get("deny") === "1") {
      target.searchParams.set("error", "access_denied");
    } else {
      const code = `code-${++this.counter}-${crypto.randomUUID()}`;
      const method = url.searchParams.get("code_challenge_method");
      if (url.searchParams.get("code_challenge") && method !== "S256")
        return new Response("only S256 is supported", { status: 400 });
      this.codes.set(code, {
        redirectUri,
        challenge: url.searchParams.get("code_challenge"),
        scope: url.searchParams.get("scope") ?? url.searchParams.get("user_scope"),
      });
      target.searchParams.set("code", code);
    }
    if (state) target.searchParams.set("state", state);
    return new Response(null, { status: 302, headers: { Location: target.toString() } });
  }

  /** Issues a code directly (for tests that skip the browser step). */
  issueCode(redirectUri: string, challenge: string | null = null): string {
    const code = `code-${++this.counter}-${crypto.randomUUID()}`;
    this.codes.set(code, { redirectUri, challenge, scope: null });
    return code;
  }

  async token(request: RecordedRequest): Promise<Response> {
    if (request.method !== "POST") return this.options.errorAnswer("invalid_request", 405, null);
    const params = this.readBody(request);
    if (!params) return this.options.errorAnswer("invalid_request", 400, null);
    if (!this.clientAuthenticated(request, params))
      return this.options.errorAnswer("invalid_client", 401, params.get("grant_type"));
    const grant = params.get("grant_type") ?? "authorization_code";
    if (grant === "authorization_code") {
      const code = params.get("code") ?? "";
      const pending = this.codes.get(code);
      this.codes.delete(code); // single use
      if (!pending || pending.redirectUri !== params.get("redirect_uri"))
        return this.options.errorAnswer("invalid_grant", 400, grant);
      if (pending.challenge && (await sha256Base64Url(params.get("code_verifier") ?? "")) !== pending.challenge)
        return this.options.errorAnswer("invalid_grant", 400, grant);
      return this.issue(grant);
    }
    if (grant === "refresh_token") {
      const refresh = params.get("refresh_token") ?? "";
      if (refresh === DEAD_REFRESH_TOKEN || !this.refreshTokens.has(refresh))
        return this.options.errorAnswer("invalid_grant", 400, grant);
      if (this.options.rotatesRefreshTokens) this.refreshTokens.delete(refresh);
      return this.issue(grant);
    }
    return this.options.errorAnswer("unsupported_grant_type", 400, grant);
  }

  private issue(grant: string): Response {
    const accessToken = `${this.options.tokenPrefix}access-${++this.counter}`;
    this.accessTokens.add(accessToken);
    let refreshToken: string | null = null;
    if (grant === "authorization_code" || this.options.rotatesRefreshTokens) {
      refreshToken = `${this.options.tokenPrefix}refresh-${this.counter}`;
      this.refreshTokens.add(refreshToken);
    }
    return this.options.tokenAnswer({ accessToken, refreshToken, grant });
  }

  private readBody(request: RecordedRequest): URLSearchParams | null {
    const type = request.headers.get("Content-Type") ?? "";
    if (this.options.tokenBody === "json") {
      if (!type.startsWith("application/json")) return null;
      try {
        const body = JSON.parse(request.body) as Record<string, unknown>;
        return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)]));
      } catch {
        return null;
      }
    }
    if (!type.startsWith("application/x-www-form-urlencoded")) return null;
    return new URLSearchParams(request.body);
  }

  private clientAuthenticated(request: RecordedRequest, params: URLSearchParams): boolean {
    if (this.options.tokenAuth === "client_secret_basic") {
      const basic = /^Basic (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
      if (!basic) return false;
      const [id, secret] = atob(basic).split(":");
      return decodeURIComponent(id ?? "") === FAKE_CLIENT_ID && decodeURIComponent(secret ?? "") === FAKE_CLIENT_SECRET;
    }
    return params.get("client_id") === FAKE_CLIENT_ID && params.get("client_secret") === FAKE_CLIENT_SECRET;
  }
}
