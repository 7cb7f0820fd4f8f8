import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startDevServer } from "../../scripts/lib/dev-server.mjs";
import { request } from "../../scripts/lib/http.mjs";
import { type ProviderFakes, startProviderFakes } from "../../scripts/lib/provider-fakes.mjs";
import { authorizeGateway } from "./helpers/oauth-flow";
import { CAPABILITY_TOOLS } from "../helpers/mcp-tools";

/**
 * The capability tools as an MCP client uses them (CONTRACT "Capabilities over MCP"): the official
 * SDK's Client against `wrangler dev`, whose providers are local fakes speaking their wire protocols
 * (Brave Search, OpenAI chat and images, Veo), with a first-party token and with OAuth tokens got
 * through this server's own flow, with and without `ai:capabilities`.
 */
const REDIRECT_URI = "https://assistant.example.com/callback";
/** Short, so the video (40 polls 100 ms apart: over 4 s) outlasts a call's wait and needs get_result. */
const CALL_WAIT_MS = 1500;

let server: { origin: string; adminToken: string; stop: () => Promise<void> };
let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes({ searchMs: 300, videoPolls: 40 });
  server = await startDevServer({
    port: await freePort(),
    seed: false,
    vars: { ...fakes.vars, MCP_CALL_WAIT_MS: String(CALL_WAIT_MS) },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await request(server.origin, method, `/api/v1${path}`, { body, token });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};

async function newUser() {
  const user = { email: `mcp-caps-${crypto.randomUUID()}@example.com`, password: "mcp-password-123" };
  await api("POST", "/admin/users", { ...user, plan: "pro" }, server.adminToken);
  const { accessToken } = await api("POST", "/auth/login", user);
  return { ...user, accessToken: accessToken as string };
}

async function connect(token: string) {
  const client = new Client({ name: "assistant", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/v1/mcp", server.origin), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const textOf = (result: CallToolResult) =>
  result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
const statusOf = (result: CallToolResult) => (result.structuredContent as { status?: string } | undefined)?.status;

/** The finished result of a call: get_result again while it runs (bounded: each waits up to CALL_WAIT_MS). */
async function finished(client: Client, result: CallToolResult) {
  for (let attempt = 0; attempt < 40 && statusOf(result) === "running"; attempt++) {
    const { runId } = result.structuredContent as { runId: string };
    result = (await client.callTool({ name: "get_result", arguments: { runId } })) as CallToolResult;
  }
  return result;
}

describe("MCP capability tools with the official SDK client (wrangler dev, provider fakes)", () => {
  it("lists and calls web_search, generate_image and generate_video (progress, then get_result); the wallet and usage show the calls", async () => {
    const user = await newUser();
    const client = await connect(user.accessToken);
    try {
      const { tools } = await client.listTools();
      // Music has no provider configured here and no demo model: not offered.
      expect(tools.map((tool) => tool.name).filter((name) => CAPABILITY_TOOLS.includes(name))).toEqual([
        "web_search",
        "deep_research",
        "generate_image",
        "generate_video",
        "get_result",
      ]);

      const search = await finished(
        client,
        (await client.callTool({
          name: "web_search",
          arguments: { query: "quiet beaches", maxResults: 3 },
        })) as CallToolResult,
      );
      expect(search.isError).toBeFalsy();
      expect(textOf(search)).toContain("Here is what I found [1].");
      expect(textOf(search)).toContain("https://pages.example.com/quiet%20beaches/1");

      const image = await finished(
        client,
        (await client.callTool({ name: "generate_image", arguments: { prompt: "a red kite" } })) as CallToolResult,
      );
      const link = image.content.find((part) => part.type === "resource_link");
      expect(link).toMatchObject({
        mimeType: "image/png",
        uri: expect.stringContaining(`${server.origin}/api/v1/media/`),
      });
      expect(image.content.some((part) => part.type === "image")).toBe(true);
      const bytes = await fetch((link as { uri: string }).uri);
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get("Content-Type")).toBe("image/png");

      const progress: string[] = [];
      const first = (await client.callTool(
        { name: "generate_video", arguments: { prompt: "waves at dusk" } },
        undefined,
        {
          onprogress: (notification) => progress.push(notification.message ?? ""),
        },
      )) as CallToolResult;
      expect(statusOf(first)).toBe("running");
      expect(progress).toContain("Started video.generate");
      const video = await finished(client, first);
      expect(statusOf(video)).toBe("completed");
      expect(video.content.find((part) => part.type === "resource_link")).toMatchObject({ mimeType: "video/mp4" });

      const sessions = await api("GET", "/ai/sessions?limit=100", undefined, user.accessToken);
      const session = sessions.find((s: { title: string }) => s.title === "MCP");
      const usage = await api("GET", `/ai/operations/sessions/${session.id}/usage`, undefined, user.accessToken);
      expect(usage.runCount).toBe(3);
      expect(Object.keys(usage.costUnits).sort()).toEqual([
        "image.openai.dall-e-3.1024x1024.standard",
        "search.brave",
        "video.veo.seconds",
      ]);
      const entries = await api("GET", "/wallet/entries?limit=50", undefined, user.accessToken);
      expect(entries.filter((e: { kind: string }) => e.kind === "usage")).toHaveLength(3);
    } finally {
      await client.close();
    }
  }, 120_000);

  it("calls from one client run side by side; an OAuth token with ai:capabilities sees the capabilities, one with execution:run alone does not", async () => {
    const user = await newUser();
    const client = await connect(user.accessToken);
    try {
      fakes.load.mostAtOnce = 0;
      const results = await Promise.all(
        ["reefs", "lagoons", "dunes"].map((query) => client.callTool({ name: "web_search", arguments: { query } })),
      );
      const done = await Promise.all(results.map((result) => finished(client, result as CallToolResult)));
      expect(done.map(statusOf)).toEqual(["completed", "completed", "completed"]);
      // Each search takes 300 ms at the fake: three at once there means the calls overlapped.
      expect(fakes.load.mostAtOnce).toBe(3);
    } finally {
      await client.close();
    }

    const partner = await api(
      "POST",
      "/admin/partner-keys",
      { name: "caps", scopes: ["partner:oauth-client-admin"] },
      server.adminToken,
    );
    const registered = await api(
      "POST",
      "/partner/oauth-clients",
      {
        clientName: "Desktop assistant",
        clientType: "confidential",
        redirectUris: [REDIRECT_URI],
        grantTypes: ["authorization_code", "refresh_token"],
        allowedScopes: ["execution:run", "ai:capabilities"],
      },
      partner.key,
    );
    const flow = {
      origin: server.origin,
      gateway: new URL("/api/v1/mcp", server.origin),
      client: { client_id: registered.clientId, client_secret: registered.clientSecret },
      redirectUri: REDIRECT_URI,
      user,
    };
    for (const [scope, expected] of [
      ["ai:capabilities", ["web_search", "deep_research", "generate_image", "generate_video", "get_result"]],
      ["execution:run", []],
    ] as const) {
      const tokens = await authorizeGateway({ ...flow, scope });
      expect(tokens.scope).toBe(scope);
      const oauthClient = await connect(tokens.access_token);
      try {
        const names = (await oauthClient.listTools()).tools.map((tool) => tool.name);
        expect(names.filter((name) => CAPABILITY_TOOLS.includes(name))).toEqual(expected);
        if (scope === "ai:capabilities") {
          const result = await finished(
            oauthClient,
            (await oauthClient.callTool({ name: "web_search", arguments: { query: "otters" } })) as CallToolResult,
          );
          expect(textOf(result)).toContain("Sources:");
        }
      } finally {
        await oauthClient.close();
      }
    }
    // The OAuth client's calls are recorded in its own MCP session.
    const sessions = await api("GET", "/ai/sessions?limit=100", undefined, user.accessToken);
    expect(sessions.filter((s: { title: string }) => s.title === "MCP")).toHaveLength(2);
  }, 120_000);
});
