// A real MCP server for the `mcp-generic` connector's tests and benchmark, built with the official
// @modelcontextprotocol/sdk (low-level `Server` + Node `StreamableHTTPServerTransport`) on a free
// loopback port. Every endpoint wants `Authorization: Bearer <MCP_TOKEN>`.
//   POST /mcp          stateless, answers as JSON (enableJsonResponse)
//   POST /mcp-sse      stateless, answers as an SSE stream (the SDK's default)
//   POST /mcp-session  stateful: needs `initialize`, keys calls by Mcp-Session-Id (unknown id: 404)
//   POST /mcp-expiring the same, but the first session it hands out (after each /stats reset) is
//                      forgotten at its first request, which then answers 404
//   POST /mcp-loop     stateless, tools/list always answers the same nextCursor
//   POST /mcp-many?n=N stateless, lists N tools `tool_0`... in pages of 100 (the 500-tool limit),
//                      or of `pageSize` (the 20-page walk)
//   POST /mcp-hostile  stateless, lists tools with refused names and schemas beside good ones and
//                      `redos` (pattern ^(a+)+$); calls of `redos` answer their arguments
//   POST /mcp-echo-auth stateless, quotes the request's Authorization header and token in its name
//                      and in its JSON-RPC error to tools/list
//   POST /mcp-rpc?answer=no-version|other-id  hand-written answers that break JSON-RPC 2.0
//   POST /mcp-sized    stateless, lists `sized`, whose call answers a text of `bytes` letters
//   POST /redirect     307 to /mcp
//   GET  /stats        how many requests of each JSON-RPC method arrived, per path; POST /stats/reset
//                      also forgets every session (so the next stateful call meets a 404)
// `node scripts/test-mcp-server.mjs` runs one by hand.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";

export const MCP_TOKEN = "test-mcp-token-4711";
/** Small pages, so the five tools take two `tools/list` pages. */
const PAGE_SIZE = 3;

const TOOLS = [
  {
    name: "echo",
    title: "Echo",
    description: "Answers its arguments",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "add",
    description: "Adds two numbers",
    inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "fail",
    description: "Always reports a tool error",
    inputSchema: { type: "object" },
    annotations: { readOnlyHint: true },
  },
  {
    name: "delete_things",
    description: "Pretends to delete",
    inputSchema: { type: "object" },
    annotations: { destructiveHint: true },
  },
  { name: "strict", description: "Refuses its arguments with a JSON-RPC error", inputSchema: { type: "object" } },
];

/** One tool whose answer is as large as asked (CONTRACT "Sizes"). */
const SIZED_TOOLS = [
  {
    name: "sized",
    description: "Answers a text of the given length",
    inputSchema: { type: "object", properties: { bytes: { type: "integer" } }, required: ["bytes"] },
    annotations: { readOnlyHint: true },
  },
];

/** `n` plain read-only tools, for the 500-tools-per-instance limit and D1's bound-parameter limit. */
const manyTools = (n) =>
  Array.from({ length: n }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool ${i}`,
    inputSchema: { type: "object", properties: { i: { type: "integer" } } },
    annotations: { readOnlyHint: true },
  }));

/** What a hostile server sends: names and schemas the API must refuse, beside tools it keeps. */
const HOSTILE_TOOLS = [
  { name: "ok", description: "A fine tool", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  {
    name: "redos",
    description: "A pattern that backtracks exponentially",
    inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } },
    annotations: { readOnlyHint: true },
  },
  { name: "self_ref", inputSchema: { $ref: "#" } },
  {
    name: "remote_ref",
    inputSchema: { type: "object", properties: { x: { $ref: "https://evil.example/schema.json" } } },
  },
  { name: "lookahead", inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(?=a)" } } } },
  { name: "line\nbreak", inputSchema: { type: "object" } },
  { name: "../../etc/passwd", inputSchema: { type: "object" } },
  { name: "x".repeat(5000), inputSchema: { type: "object" } },
];

function mcpServer({
  loopCursor = false,
  tools = TOOLS,
  pageSize = PAGE_SIZE,
  name = "connectors-test-mcp",
  refuseListing = null,
} = {}) {
  const server = new Server({ name, version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    if (refuseListing) throw new McpError(ErrorCode.InvalidRequest, refuseListing);
    if (loopCursor) return { tools: tools.slice(0, 1), nextCursor: "same-cursor" };
    const start = request.params?.cursor ? Number(request.params.cursor.replace("page-", "")) * pageSize : 0;
    const end = start + pageSize;
    return { tools: tools.slice(start, end), ...(end < tools.length ? { nextCursor: `page-${end / pageSize}` } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === "echo")
      return { content: [{ type: "text", text: String(args.text) }], structuredContent: { echo: args } };
    if (name === "add")
      return {
        content: [{ type: "text", text: String(args.a + args.b) }],
        structuredContent: { sum: args.a + args.b },
      };
    if (name === "fail") return { content: [{ type: "text", text: "the tool failed on purpose" }], isError: true };
    if (name === "delete_things") return { content: [{ type: "text", text: "deleted nothing" }] };
    if (name === "redos" || name.startsWith("tool_"))
      return { content: [{ type: "text", text: JSON.stringify(args) }] };
    if (name === "sized") return { content: [{ type: "text", text: "x".repeat(args.bytes) }] };
    if (name === "strict") throw new McpError(ErrorCode.InvalidParams, "strict refuses these arguments");
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  });
  return server;
}

/** A tools/list answer that breaks JSON-RPC 2.0: no `"jsonrpc": "2.0"`, or the id of another request. */
function brokenRpc(res, body, answer) {
  const message =
    answer === "no-version"
      ? { id: body.id, result: { tools: TOOLS } }
      : { jsonrpc: "2.0", id: body.id + 1000, result: { tools: TOOLS } };
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(message));
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
}

export async function startMcpServer({ port = 0 } = {}) {
  const stats = {};
  const sessions = new Map();
  let expireFirstSession = true;
  const count = (path, body) => {
    for (const message of [body].flat()) {
      const key = `${path} ${message?.method ?? "response"}`;
      stats[key] = (stats[key] ?? 0) + 1;
    }
  };

  async function stateless(req, res, body, options) {
    const server = mcpServer(options);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: options.json,
    });
    res.on("close", () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function stateful(req, res, body, { expiring = false } = {}) {
    const id = req.headers["mcp-session-id"];
    if (id) {
      if (expiring && expireFirstSession && body?.method !== "notifications/initialized") {
        expireFirstSession = false;
        sessions.delete(id);
      }
      const transport = sessions.get(id);
      if (!transport)
        return void res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } }));
      return transport.handleRequest(req, res, body);
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    await mcpServer().connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const http = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, "http://x");
      const path = url.pathname;
      if (path === "/stats") {
        if (req.method === "POST") {
          for (const key of Object.keys(stats)) delete stats[key];
          sessions.clear();
          expireFirstSession = true;
        }
        return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(stats));
      }
      if (req.headers.authorization !== `Bearer ${MCP_TOKEN}`) {
        return void res
          .writeHead(401, { "Content-Type": "application/json", "WWW-Authenticate": "Bearer" })
          .end(JSON.stringify({ error: "invalid_token" }));
      }
      if (path === "/redirect") return void res.writeHead(307, { Location: "/mcp" }).end();
      // Stateless servers hold no stream for GET: refuse it, as the transport spec allows.
      if (req.method !== "POST") return void res.writeHead(405, { Allow: "POST" }).end();
      const body = await readJson(req);
      count(path, body);
      if (path === "/mcp") return await stateless(req, res, body, { json: true });
      if (path === "/mcp-sse") return await stateless(req, res, body, { json: false });
      // A hostile server quoting the request's credentials in its name (what a health check shows)
      // and in its refusal to list tools (what sync-tools answers).
      if (path === "/mcp-echo-auth")
        return await stateless(req, res, body, {
          json: true,
          name: `echo ${req.headers.authorization}`,
          refuseListing: `no tools for ${req.headers.authorization} (token ${req.headers.authorization.slice(7)})`,
        });
      if (path === "/mcp-loop") return await stateless(req, res, body, { json: true, loopCursor: true });
      if (path === "/mcp-many")
        return await stateless(req, res, body, {
          json: true,
          tools: manyTools(Number(url.searchParams.get("n"))),
          pageSize: Number(url.searchParams.get("pageSize") ?? 100),
        });
      if (path === "/mcp-hostile") return await stateless(req, res, body, { json: true, tools: HOSTILE_TOOLS });
      if (path === "/mcp-sized") return await stateless(req, res, body, { json: true, tools: SIZED_TOOLS });
      if (path === "/mcp-rpc") return brokenRpc(res, body, url.searchParams.get("answer"));
      if (path === "/mcp-session") return await stateful(req, res, body);
      if (path === "/mcp-expiring") return await stateful(req, res, body, { expiring: true });
      res.writeHead(404).end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise((resolve) => http.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${http.address().port}`;
  const stop = () => new Promise((resolve) => (http.closeAllConnections(), http.close(() => resolve())));
  return { origin, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startMcpServer({ port: Number(process.env.PORT ?? 0) });
  console.log(`MCP test server on ${server.origin} (token ${MCP_TOKEN})`);
}
