import { beforeEach, describe, expect, inject, it } from "vitest";
import { createMcpAdapter, MAX_TOOL_PAGES, MCP_TIMEOUT_MS } from "../../../src/domains/connectors/adapters/mcp/adapter";
import { adapterContext, adapterError } from "./helpers";

const origin = inject("mcpOrigin");
const allowList = [new URL(origin).host];
const TOKEN = "test-mcp-token-4711";
const adapter = createMcpAdapter();

const context = (
  path = "/mcp",
  options: {
    token?: string;
    credType?: "bearer_token" | "api_key";
    serverUrl?: string;
    allowList?: string[];
    fetch?: typeof fetch;
  } = {},
) =>
  adapterContext({
    credType: options.credType ?? "bearer_token",
    values: options.credType === "api_key" ? { apiKey: options.token ?? TOKEN } : { token: options.token ?? TOKEN },
    config: { serverUrl: options.serverUrl ?? `${origin}${path}` },
    allowList: options.allowList ?? allowList,
    fetch: options.fetch,
  });

/** JSON-RPC methods the server saw since the last reset, per path. */
async function stats(): Promise<Record<string, number>> {
  return (await fetch(`${origin}/stats`)).json();
}
beforeEach(async () => {
  await fetch(`${origin}/stats`, { method: "POST" });
});

describe("mcp-generic adapter against an MCP server built with the official SDK", () => {
  it("syncs the tools of two tools/list pages; only readOnlyHint tools skip approval", async () => {
    const tools = await adapter.listTools(context());
    expect(tools.map((tool) => [tool.toolKey, tool.displayName, tool.requiresApproval])).toEqual([
      ["echo", "Echo", false],
      ["add", "add", false],
      ["fail", "fail", false],
      ["delete_things", "delete_things", true],
      ["strict", "strict", true],
    ]);
    expect(tools[1]).toMatchObject({
      description: "Adds two numbers",
      inputSchema: { type: "object", required: ["a", "b"] },
      outputSchema: { type: "object", properties: { sum: { type: "number" } } },
      rateLimitRpm: null,
    });
    // Stateless: no handshake was needed, two pages were asked for.
    expect(await stats()).toEqual({ "/mcp tools/list": 2 });
  });

  it("calls a tool and answers its content and structured content", async () => {
    const result = await adapter.execute("add", { a: 2, b: 40 }, context());
    expect(result).toEqual({
      success: true,
      output: { content: [{ type: "text", text: "42" }], structuredContent: { sum: 42 } },
      error: null,
      httpStatus: 200,
    });
  });

  it("a tool error (isError) is success false with the server's message", async () => {
    const result = await adapter.execute("fail", {}, context());
    expect(result).toMatchObject({
      success: false,
      error: "the tool failed on purpose",
      output: { content: [{ type: "text", text: "the tool failed on purpose" }] },
    });
  });

  it("a JSON-RPC error is success false with the server's message", async () => {
    const result = await adapter.execute("strict", {}, context());
    expect(result).toMatchObject({
      success: false,
      error: "MCP error -32602: strict refuses these arguments",
      output: { error: { code: -32602 } },
    });
  });

  it("reads answers framed as an SSE stream", async () => {
    expect((await adapter.listTools(context("/mcp-sse"))).length).toBe(5);
    const result = await adapter.execute("echo", { text: "über SSE" }, context("/mcp-sse"));
    expect(result).toMatchObject({
      success: true,
      output: { content: [{ type: "text", text: "über SSE" }], structuredContent: { echo: { text: "über SSE" } } },
    });
  });

  it("initializes where the server keeps sessions, and sends the session id with the call", async () => {
    const result = await adapter.execute("echo", { text: "hi" }, context("/mcp-session"));
    expect(result.success).toBe(true);
    expect(await stats()).toEqual({
      "/mcp-session tools/call": 2, // refused without a session, then sent again inside one
      "/mcp-session initialize": 1,
      "/mcp-session notifications/initialized": 1,
    });
  });

  it("re-initializes once when the server forgot the session (404)", async () => {
    const result = await adapter.execute("echo", { text: "again" }, context("/mcp-expiring"));
    expect(result).toMatchObject({ success: true, output: { structuredContent: { echo: { text: "again" } } } });
    expect(await stats()).toEqual({
      "/mcp-expiring tools/call": 3, // 400 without a session, 404 for the forgotten one, then answered
      "/mcp-expiring initialize": 2,
      "/mcp-expiring notifications/initialized": 2,
    });
  });

  it("a repeated cursor ends the tools/list walk", async () => {
    const tools = await adapter.listTools(context("/mcp-loop"));
    expect(tools.map((tool) => tool.toolKey)).toEqual(["echo"]);
    expect((await stats())["/mcp-loop tools/list"]).toBe(2);
    expect(MAX_TOOL_PAGES).toBe(20);
  });

  it("sends an API key as a Bearer token; a wrong one is a failed call with the status, not the key", async () => {
    expect((await adapter.execute("echo", { text: "k" }, context("/mcp", { credType: "api_key" }))).success).toBe(true);
    const refused = await adapter.execute("echo", { text: "k" }, context("/mcp", { token: "wrong-key-123" }));
    expect(refused).toMatchObject({
      success: false,
      httpStatus: 401,
      error: "The MCP server refused the credentials (HTTP 401: invalid_token)",
    });
    expect(JSON.stringify(refused)).not.toContain("wrong-key-123");
    const sync = await adapterError(adapter.listTools(context("/mcp", { token: "wrong-key-123" })));
    expect(sync).toMatchObject({ kind: "bad_response", httpStatus: 401 });
  });

  it("follows a redirect to an allowed host", async () => {
    expect((await adapter.execute("echo", { text: "moved" }, context("/redirect"))).success).toBe(true);
  });

  it("health check is initialize", async () => {
    expect(await adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to connectors-test-mcp 1.0.0 (MCP 2025-11-25)",
    });
    const down = await adapter.healthCheck(context("/mcp", { token: "nope" }));
    expect(down).toEqual({ ok: false, message: "The MCP server refused the credentials (HTTP 401: invalid_token)" });
  });

  it("a server that does not answer MCP is bad_response", async () => {
    const error = await adapterError(adapter.listTools(context("/stats")));
    expect(error.kind).toBe("bad_response");
  });

  describe("SSRF rules with an empty allow list", () => {
    const blocked: Array<[string, RegExp]> = [
      [`http://mcp.example.com/mcp`, /Only https/],
      ["https://127.0.0.1/mcp", /IP addresses/],
      ["https://10.0.0.1/mcp", /IP addresses/],
      ["https://[::ffff:127.0.0.1]/mcp", /IP addresses/],
      ["https://metadata.google.internal/computeMetadata/v1/", /not a public address/],
      [origin + "/mcp", /Only https/],
    ];
    it.each(blocked)("%s is refused before any request", async (serverUrl, reason) => {
      let requests = 0;
      const counting: typeof fetch = async () => (requests++, new Response("{}"));
      const error = await adapterError(
        adapter.listTools(context("/mcp", { serverUrl, allowList: [], fetch: counting })),
      );
      expect(error.kind).toBe("blocked_destination");
      expect(error.message).toMatch(reason);
      expect(requests).toBe(0);
    });

    it("a redirect to a private address is refused at that hop", async () => {
      const hops: string[] = [];
      // A public name whose server answers with a redirect into the private network.
      const redirecting: typeof fetch = async (input) => {
        hops.push(String(input));
        return new Response(null, { status: 307, headers: { Location: "https://10.0.0.1/mcp" } });
      };
      const error = await adapterError(
        adapter.execute(
          "echo",
          { text: "x" },
          context("/mcp", { serverUrl: "https://mcp.example.com/mcp", allowList: [], fetch: redirecting }),
        ),
      );
      expect(error).toMatchObject({
        kind: "blocked_destination",
        message: "IP addresses may not be used as hosts; use a public DNS name",
      });
      expect(hops).toEqual(["https://mcp.example.com/mcp"]);
    });
  });

  it("a server that does not answer in time is unreachable once the call's signal fires", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    const controller = new AbortController();
    const call = adapter.execute(
      "echo",
      {},
      {
        ...context("/mcp", { serverUrl: "https://mcp.example.com/mcp", allowList: [], fetch: hanging }),
        signal: controller.signal,
      },
    );
    controller.abort();
    expect(await adapterError(call)).toMatchObject({
      kind: "unreachable",
      message: "The external service did not answer in time",
    });
    expect(MCP_TIMEOUT_MS).toBe(30_000);
  });

  it("caps the size of an answer", async () => {
    const huge: typeof fetch = async () =>
      new Response(
        new ReadableStream({
          pull: (controller) => controller.enqueue(new TextEncoder().encode("x".repeat(64 * 1024))),
        }),
        {
          headers: { "Content-Type": "text/event-stream" },
        },
      );
    const error = await adapterError(
      adapter.execute(
        "echo",
        {},
        context("/mcp", { serverUrl: "https://mcp.example.com/mcp", allowList: [], fetch: huge }),
      ),
    );
    // CONTRACT "Sizes": a 5 MiB output and JSON-RPC's envelope around it (5 MiB + 64 KiB).
    expect(error).toMatchObject({ kind: "bad_response", message: "The answer is too large (more than 5308416 bytes)" });
  });

  describe("answers that break JSON-RPC 2.0 are refused", () => {
    it('without "jsonrpc": "2.0"', async () => {
      const error = await adapterError(adapter.listTools(context("/mcp-rpc?answer=no-version")));
      expect(error).toMatchObject({
        kind: "bad_response",
        message: 'The MCP server\'s answer is not JSON-RPC 2.0 (no "jsonrpc": "2.0")',
      });
    });

    it("with the id of another request", async () => {
      const error = await adapterError(adapter.listTools(context("/mcp-rpc?answer=other-id")));
      expect(error).toMatchObject({
        kind: "bad_response",
        message: "The MCP server answered another request (id 1001, expected 1)",
      });
    });
  });

  it("stops listing once a server has listed more than 500 tools", async () => {
    const tools = await adapter.listTools(context("/mcp-many?n=2000"));
    expect(tools.length).toBe(501);
    // Pages of 100: the sixth page passes the limit, the other fourteen are never asked for.
    expect(await stats()).toEqual({ "/mcp-many tools/list": 6 });
  });
});
