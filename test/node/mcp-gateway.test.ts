import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  extractResourceMetadataUrl,
  startAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { request } from "../../scripts/lib/http.mjs";
import { browser, hiddenFields } from "./helpers/oauth-flow";
import { startToolServer, TOOL_TOKEN } from "../../scripts/lib/tool-server.mjs";

/**
 * The MCP gateway as an MCP client sees it, over HTTP against `wrangler dev`: the official SDK's
 * OAuth helpers find this server from the gateway's 401, get a token through this server's own
 * authorization-code flow (the browser part played by a cookie jar), and the SDK's Client lists
 * and calls the tool of a connected instance backed by a local tool service.
 */
const REDIRECT_URI = "https://planner.example.com/callback";

let server: { origin: string; adminToken: string; stop: () => Promise<void> };
let tools: { origin: string; host: string; stop: () => Promise<void> };
beforeAll(async () => {
  tools = await startToolServer();
  server = await startDevServer({ port: await freePort(), seed: false, vars: { ALLOW_PRIVATE_HOSTS: tools.host } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await tools?.stop();
});

const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await request(server.origin, method, `/api/v1${path}`, { body, token });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};

describe("MCP gateway with the official SDK (wrangler dev)", () => {
  it("401 → protected resource → authorization server → token → tools/list and tools/call of a connected instance", async () => {
    // A user with a custom connector instance whose echo tool runs on the local tool service.
    const email = `mcp-${crypto.randomUUID()}@example.com`;
    const password = "mcp-password-123";
    await api("POST", "/admin/users", { email, password, plan: "pro" }, server.adminToken);
    const { accessToken } = await api("POST", "/auth/login", { email, password });
    const key = `tools-${crypto.randomUUID().slice(0, 8)}`;
    await api(
      "POST",
      "/connectors/definitions",
      { key, displayName: "Local tools", authType: "bearer_token" },
      accessToken,
    );
    const instance = await api(
      "POST",
      "/connectors/instances",
      { connectorKey: key, displayName: "Local tools", config: { baseUrl: tools.origin } },
      accessToken,
    );
    await api(
      "POST",
      `/connectors/instances/${instance.id}/credentials`,
      { credType: "bearer_token", credentials: { token: TOOL_TOKEN } },
      accessToken,
    );
    await api(
      "POST",
      `/connectors/instances/${instance.id}/tools`,
      { toolKey: "echo", displayName: "Echo", inputSchema: { type: "object" }, outputSchema: { type: "object" } },
      accessToken,
    );

    // A third-party client, registered through the partner API.
    const partner = await api(
      "POST",
      "/admin/partner-keys",
      { name: "mcp test", scopes: ["partner:oauth-client-admin"] },
      server.adminToken,
    );
    const client = await api(
      "POST",
      "/partner/oauth-clients",
      {
        clientName: "MCP planner",
        clientType: "confidential",
        redirectUris: [REDIRECT_URI],
        grantTypes: ["authorization_code", "refresh_token"],
        allowedScopes: ["execution:run"],
      },
      partner.key,
    );

    // The challenge leads to the protected-resource document, and it to this server's metadata.
    const gateway = new URL("/api/v1/mcp", server.origin);
    const challenge = await fetch(gateway, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(challenge.status).toBe(401);
    const metadataUrl = extractResourceMetadataUrl(challenge);
    expect(metadataUrl?.toString()).toBe(`${server.origin}/.well-known/oauth-protected-resource`);
    const resource = await discoverOAuthProtectedResourceMetadata(gateway, { resourceMetadataUrl: metadataUrl });
    expect(resource.resource).toBe(gateway.toString());
    const issuer = resource.authorization_servers![0]!;
    const metadata = await discoverAuthorizationServerMetadata(issuer);
    expect(metadata?.issuer).toBe(issuer);

    // Authorization code with PKCE, built by the SDK, for the gateway as the resource (RFC 8707,
    // as MCP clients send it); the user signs in and approves.
    const clientInformation = { client_id: client.clientId, client_secret: client.clientSecret };
    const target = new URL(resource.resource);
    const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
      metadata,
      clientInformation,
      redirectUrl: REDIRECT_URI,
      scope: "execution:run",
      resource: target,
    });
    expect(authorizationUrl.searchParams.get("resource")).toBe(gateway.toString());
    const visit = browser(server.origin);
    const login = await visit((await visit(authorizationUrl.toString())).location!);
    const signedIn = await visit(`${server.origin}/api/v1/oauth/login`, {
      ...hiddenFields(login.text),
      email,
      password,
    });
    const consentPage = await visit(signedIn.location!);
    const approved = await visit(`${server.origin}/api/v1/oauth/consent`, {
      ...hiddenFields(consentPage.text),
      decision: "approve",
    });
    const code = new URL(approved.location!).searchParams.get("code")!;
    const tokens = await exchangeAuthorization(issuer, {
      metadata,
      clientInformation,
      authorizationCode: code,
      codeVerifier,
      redirectUri: REDIRECT_URI,
      resource: target,
    });
    expect(tokens.scope).toBe("execution:run");
    expect(JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()).aud).toBe(
      gateway.toString(),
    );

    // The owner lets this client use the echo tool of the personal instance (rule 8).
    const me = await api("GET", "/me", undefined, accessToken);
    await api(
      "PUT",
      `/connectors/instances/${instance.id}/consents/${client.clientId}`,
      { toolKeys: ["echo"], workspaceId: me.workspaces[0].id, audience: "owner" },
      accessToken,
    );

    const mcp = new Client({ name: "planner", version: "1.0.0" });
    await mcp.connect(
      new StreamableHTTPClientTransport(gateway, {
        requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
      }),
    );
    try {
      const listed = await mcp.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual([`${key}.echo`]);
      const result = await mcp.callTool({ name: `${key}.echo`, arguments: { text: "from the SDK" } });
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toEqual({ echoed: { text: "from the SDK" } });
    } finally {
      await mcp.close();
    }
    // The token is the gateway's alone: the API refuses it.
    const elsewhere = await request(server.origin, "GET", "/api/v1/ai/sessions", { token: tokens.access_token });
    expect(elsewhere.status).toBe(401);
    const history = await api("GET", `/connectors/instances/${instance.id}/executions`, undefined, accessToken);
    expect(history[0]).toMatchObject({ actorType: "agent", actorId: client.clientId, status: "success" });
  });
});
