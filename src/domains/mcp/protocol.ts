import type { Ctx } from "../identity";
import { callCapabilityTool, listCapabilityTools } from "./capability-tools";
import { callConnectorTool, listConnectorTools } from "./connector-tools";
import { InvalidParams, type RunningCall, type ToolResult } from "./tool-types";

/**
 * The MCP gateway (CONTRACT "Connector tools for agents", "Capabilities over MCP"): a stateless
 * Streamable HTTP MCP server over the caller's connector tools and the assistant's capabilities,
 * answering each JSON-RPC request with one JSON response, or (a capability call, which takes a
 * while) with its progress and then its response.
 * Protocol revisions 2025-06-18 and 2025-11-25: neither has JSON-RPC batches, so a batch is refused.
 * HTTP concerns (authentication, Origin, methods) stay in the router.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18"] as const;
const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];
const SERVER_INFO = { name: "platform-api", title: "Connector tools and AI capabilities", version: "1.1.0" };

/** JSON-RPC 2.0 error codes (MCP uses the standard ones). */
export const JSONRPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

type JsonRpcId = string | number | null;
/**
 * The HTTP answer to one request: a JSON-RPC message, or 202 with no body for notifications, or a
 * call that answers as it runs (`respond` makes its final message from its result).
 */
export type GatewayAnswer =
  | { status: 200 | 400; body: Record<string, unknown> }
  | { status: 202; body: null }
  | { status: 200; running: RunningCall; progressToken: string | number | undefined; respond: Respond };
type Respond = (result: ToolResult) => Record<string, unknown>;

const failure = (status: 200 | 400, id: JsonRpcId, code: number, message: string): GatewayAnswer => ({
  status,
  body: { jsonrpc: "2.0", id, error: { code, message } },
});
const response = (id: JsonRpcId, result: Record<string, unknown>) => ({ jsonrpc: "2.0", id, result });
const success = (id: JsonRpcId, result: Record<string, unknown>): GatewayAnswer => ({
  status: 200,
  body: response(id, result),
});

const isId = (value: unknown): value is string | number =>
  typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
const isRunning = (value: object): value is RunningCall => typeof (value as RunningCall).run === "function";
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `MCP-Protocol-Version`: absent is allowed (a client before negotiation); anything else must be one we speak. */
export const protocolVersionProblem = (header: string | undefined) =>
  header === undefined || (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(header)
    ? null
    : failure(
        400,
        null,
        JSONRPC.invalidRequest,
        `Unsupported MCP-Protocol-Version "${header}"; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}`,
      );

/** A request's `_meta.progressToken` (MCP: a string or a number). */
const progressTokenOf = (params: Record<string, unknown>) => {
  const token = isObject(params._meta) ? params._meta.progressToken : undefined;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
};

/** Where a request came from and how it is answered: the gateway's origin (for absolute links). */
export interface GatewayRequest {
  origin: string;
}

const listTools = async (ctx: Ctx) => [...(await listConnectorTools(ctx)), ...(await listCapabilityTools(ctx))];

/** A tool's result, or a call that answers as it runs; an unknown tool is invalid params. */
async function callTool(ctx: Ctx, request: GatewayRequest, params: Record<string, unknown>) {
  const { name, arguments: args = {} } = params;
  if (typeof name !== "string" || !isObject(args))
    throw new InvalidParams("tools/call needs a tool name and an arguments object");
  // Capabilities first: whether a name is one needs no I/O, while the connector tools are a D1 read
  // (their names always hold a dot, a capability's never).
  const answer =
    (await callCapabilityTool(ctx, request.origin, name, args)) ?? (await callConnectorTool(ctx, name, args));
  if (!answer) throw new InvalidParams(`Unknown tool: ${name}`);
  return answer;
}

async function dispatch(
  ctx: Ctx,
  request: GatewayRequest,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown> | RunningCall | null> {
  switch (method) {
    case "initialize": {
      const requested = params.protocolVersion;
      const protocolVersion = (SUPPORTED_PROTOCOL_VERSIONS as readonly unknown[]).includes(requested)
        ? (requested as string)
        : LATEST_PROTOCOL_VERSION;
      return {
        protocolVersion,
        capabilities: { tools: { listChanged: false } },
        serverInfo: SERVER_INFO,
        instructions:
          "Tools of the connectors you can use in this workspace (those that need approval are offered by the assistant only), and the assistant's capabilities (web search, research, images, video, music), paid from your wallet. A capability call that takes long answers with a runId: call get_result with it.",
      };
    }
    case "ping":
      return {};
    case "tools/list":
      // One page holds every tool: a cursor can only come from someone else.
      if (params.cursor !== undefined) throw new InvalidParams("Unknown cursor");
      return { tools: await listTools(ctx) };
    case "tools/call":
      return callTool(ctx, request, params);
    default:
      return null;
  }
}

/** Answers one HTTP request body. */
export async function handleMcpMessage(ctx: Ctx, request: GatewayRequest, text: string): Promise<GatewayAnswer> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return failure(400, null, JSONRPC.parseError, "Parse error: the body is not JSON");
  }
  if (Array.isArray(message))
    return failure(400, null, JSONRPC.invalidRequest, "Batch requests are not supported (MCP 2025-06-18 and later)");
  if (!isObject(message) || message.jsonrpc !== "2.0")
    return failure(
      400,
      null,
      JSONRPC.invalidRequest,
      'Invalid Request: expected a JSON-RPC 2.0 object ("jsonrpc": "2.0")',
    );
  const { id, method, params = {} } = message;
  // A response or a notification from the client needs no answer (Streamable HTTP: 202).
  if (method === undefined && ("result" in message || "error" in message)) return { status: 202, body: null };
  if (typeof method !== "string")
    return failure(400, isId(id) ? id : null, JSONRPC.invalidRequest, "Invalid Request: method must be a string");
  if (id === undefined) return { status: 202, body: null };
  if (!isId(id))
    return failure(400, null, JSONRPC.invalidRequest, "Invalid Request: id must be a string or an integer");
  if (!isObject(params)) return failure(200, id, JSONRPC.invalidParams, "Invalid params: params must be an object");
  try {
    const result = await dispatch(ctx, request, method, params);
    if (result === null) return failure(200, id, JSONRPC.methodNotFound, `Method not found: ${method}`);
    if (isRunning(result))
      return {
        status: 200,
        running: result,
        progressToken: progressTokenOf(params),
        respond: (done) => response(id, done),
      };
    return success(id, result);
  } catch (error) {
    if (error instanceof InvalidParams) return failure(200, id, JSONRPC.invalidParams, error.message);
    throw error;
  }
}
