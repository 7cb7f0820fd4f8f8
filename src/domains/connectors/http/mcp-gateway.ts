import { ApiError } from "../../../lib/errors";
import type { Ctx } from "../../identity";
import { assistantTools, type AssistantTool } from "../execution/assistant-tools";
import { runsDirectly } from "../execution/approval-policy";
import { executeTool } from "../execution/execute";

/**
 * The MCP gateway (CONTRACT "Connector tools for agents"): a stateless Streamable HTTP MCP server
 * over the caller's connector tools, answering each JSON-RPC request with one JSON response.
 * Protocol revisions 2025-06-18 and 2025-11-25: neither has JSON-RPC batches, so a batch is refused.
 * HTTP concerns (authentication, Origin, methods) stay in the router.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18"] as const;
const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];
const SERVER_INFO = { name: "platform-api-connectors", title: "Connector tools", version: "1.0.0" };

/** JSON-RPC 2.0 error codes (MCP uses the standard ones). */
export const JSONRPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const;

type JsonRpcId = string | number | null;
/** The HTTP answer to one request: a JSON-RPC message, or 202 with no body for notifications. */
export type GatewayAnswer = { status: 200 | 400; body: Record<string, unknown> } | { status: 202; body: null };

const failure = (status: 200 | 400, id: JsonRpcId, code: number, message: string): GatewayAnswer => ({
  status,
  body: { jsonrpc: "2.0", id, error: { code, message } },
});
const success = (id: JsonRpcId, result: Record<string, unknown>): GatewayAnswer => ({
  status: 200,
  body: { jsonrpc: "2.0", id, result },
});

class InvalidParams extends Error {}

const isId = (value: unknown): value is string | number =>
  typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
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

function describeTool(tool: AssistantTool) {
  return {
    name: tool.name,
    title: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
  };
}

/** Tools the gateway serves: only those that may run directly (approval needs the assistant's card). */
const gatewayTools = async (ctx: Ctx) => (await assistantTools(ctx)).filter(runsDirectly);

async function callTool(ctx: Ctx, params: Record<string, unknown>) {
  const { auth } = ctx;
  const { name, arguments: args = {} } = params;
  if (typeof name !== "string" || !isObject(args))
    throw new InvalidParams("tools/call needs a tool name and an arguments object");
  const tool = (await gatewayTools(ctx)).find((candidate) => candidate.name === name);
  if (!tool) throw new InvalidParams(`Unknown tool: ${name}`);
  // Recorded as the agent: the OAuth client for a third-party token, else the user's own client.
  const actor = { type: "agent" as const, id: auth.token.kind === "oauth" ? auth.token.clientId : auth.user.id };
  try {
    const { result } = await executeTool(ctx, { actor, instanceId: tool.instanceId, toolId: tool.toolId, input: args });
    const text = result.success ? JSON.stringify(result.output) : (result.error ?? "The tool failed");
    return { content: [{ type: "text", text }], structuredContent: result.output, isError: !result.success };
  } catch (error) {
    // The executor's refusals (input, rate limit, provider unreachable) are tool errors the model can read.
    if (error instanceof ApiError && error.status !== 404)
      return { content: [{ type: "text", text: error.message }], isError: true };
    if (error instanceof ApiError) throw new InvalidParams(`Unknown tool: ${name}`);
    throw error;
  }
}

async function dispatch(
  ctx: Ctx,
  method: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
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
          "Tools of the connectors you can use in this workspace. Tools that need approval are offered by the assistant only.",
      };
    }
    case "ping":
      return {};
    case "tools/list":
      // One page holds every tool: a cursor can only come from someone else.
      if (params.cursor !== undefined) throw new InvalidParams("Unknown cursor");
      return { tools: (await gatewayTools(ctx)).map(describeTool) };
    case "tools/call":
      return callTool(ctx, params);
    default:
      return null;
  }
}

/** Answers one HTTP request body. */
export async function handleMcpMessage(ctx: Ctx, text: string): Promise<GatewayAnswer> {
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
    const result = await dispatch(ctx, method, params);
    return result === null
      ? failure(200, id, JSONRPC.methodNotFound, `Method not found: ${method}`)
      : success(id, result);
  } catch (error) {
    if (error instanceof InvalidParams) return failure(200, id, JSONRPC.invalidParams, error.message);
    throw error;
  }
}
