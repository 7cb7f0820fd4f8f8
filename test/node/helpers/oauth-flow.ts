import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";

/**
 * This server's authorization-code flow as an MCP client runs it against `wrangler dev`: the
 * official SDK's helpers build the requests, a cookie jar plays the browser (sign-in, consent).
 */

/** A browser: a cookie jar and no redirects followed. */
export function browser(origin: string) {
  const cookies = new Map<string, string>();
  return async (url: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = {};
    if (cookies.size) headers.Cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const res = await fetch(new URL(url, origin), {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, ...value] = cookie.split(";")[0]!.split("=");
      cookies.set(name!.trim(), value.join("="));
    }
    return { status: res.status, location: res.headers.get("Location"), text: await res.text() };
  };
}

export const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );

export interface GatewayAuthorization {
  origin: string;
  gateway: URL;
  client: { client_id: string; client_secret?: string };
  redirectUri: string;
  scope: string;
  user: { email: string; password: string };
}

/** Signs the user in and approves: the gateway's tokens (RFC 8707 resource: the gateway). */
export async function authorizeGateway(flow: GatewayAuthorization) {
  const resource = await discoverOAuthProtectedResourceMetadata(flow.gateway);
  const issuer = resource.authorization_servers![0]!;
  const metadata = await discoverAuthorizationServerMetadata(issuer);
  const target = new URL(resource.resource);
  const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
    metadata,
    clientInformation: flow.client,
    redirectUrl: flow.redirectUri,
    scope: flow.scope,
    resource: target,
  });
  const visit = browser(flow.origin);
  const login = await visit((await visit(authorizationUrl.toString())).location!);
  const signedIn = await visit(`${flow.origin}/api/v1/oauth/login`, { ...hiddenFields(login.text), ...flow.user });
  const consentPage = await visit(signedIn.location!);
  const approved = await visit(`${flow.origin}/api/v1/oauth/consent`, {
    ...hiddenFields(consentPage.text),
    decision: "approve",
  });
  const code = new URL(approved.location!).searchParams.get("code")!;
  return exchangeAuthorization(issuer, {
    metadata,
    clientInformation: flow.client,
    authorizationCode: code,
    codeVerifier,
    redirectUri: flow.redirectUri,
    resource: target,
  });
}
