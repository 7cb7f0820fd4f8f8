// The peer of `npm run bench:oauth`: the library's provider with the smallest handler that can
// finish an authorization (no login page: the bench only needs refresh tokens to rotate).
import { OAuthProvider, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";

interface PeerEnv {
  OAUTH_KV: KVNamespace;
  OAUTH_PROVIDER: OAuthHelpers;
}

const REDIRECT_URI = "https://client.example.com/callback";
const SCOPES = ["email:read", "profile:read"];

const setup = {
  /**
   * `POST /setup?grants=N`: one confidential client and N authorization codes for it (the bench
   * exchanges them for refresh tokens through the token endpoint, as a client would).
   */
  async fetch(request: Request, env: PeerEnv): Promise<Response> {
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/setup") return new Response("not found", { status: 404 });
    const grants = Number(url.searchParams.get("grants") ?? "1");
    const client = await env.OAUTH_PROVIDER.createClient({
      redirectUris: [REDIRECT_URI],
      clientName: "bench client",
      tokenEndpointAuthMethod: "client_secret_basic",
      grantTypes: ["authorization_code", "refresh_token"],
    });
    const codes: string[] = [];
    for (let i = 0; i < grants; i++) {
      const authorize = new URL("/authorize", url);
      authorize.search = new URLSearchParams({
        response_type: "code",
        client_id: client.clientId,
        redirect_uri: REDIRECT_URI,
        scope: SCOPES.join(" "),
        state: String(i),
      }).toString();
      const authRequest = await env.OAUTH_PROVIDER.parseAuthRequest(new Request(authorize));
      const { redirectTo } = await env.OAUTH_PROVIDER.completeAuthorization({
        request: authRequest,
        userId: `bench-user-${i}`,
        metadata: {},
        scope: SCOPES,
        props: { userId: `bench-user-${i}` },
      });
      codes.push(new URL(redirectTo).searchParams.get("code")!);
    }
    return Response.json({
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: REDIRECT_URI,
      codes,
    });
  },
};

export default new OAuthProvider({
  apiRoute: "/api/",
  apiHandler: { fetch: () => new Response("ok") },
  defaultHandler: setup,
  authorizeEndpoint: "/authorize",
  tokenEndpoint: "/token",
  // Required by the library; the bench's wrangler dev serves the peer on loopback.
  resourceMetadata: { resource: "http://127.0.0.1/api/" },
});
