import { McpClient, McpHttpError, type JsonRpcOutcome } from "./client";
import {
  AdapterError,
  type AdapterContext,
  type ConnectorAdapter,
  type HealthResult,
  type JsonSchema,
  type ToolDescriptor,
  type ToolResult,
} from "../../../../../shared/connectors/adapter-port";

/**
 * The `mcp-generic` connector: any remote MCP server over Streamable HTTP. Tools are discovered
 * with `tools/list` and run with `tools/call`; `requiresApproval` is true unless the server marks a
 * tool `readOnlyHint: true` (CONTRACT.md "Tools and execution").
 */

/** CONTRACT.md: "follows nextCursor (at most 20 pages; a repeated cursor ends the walk)". */
export const MAX_TOOL_PAGES = 20;
/**
 * CONTRACT "Connector tools for agents": an instance holds at most 500 tools. Listing stops once a
 * server has listed more (a server of 20 pages x 1,000 tools kept the Worker busy for seconds);
 * the sync then answers 409.
 */
export const MAX_INSTANCE_TOOLS = 500;
/** The spec's execution timeout; it also bounds a sync or a health check. */
export const MCP_TIMEOUT_MS = 30_000;

interface McpTool {
  name?: unknown;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: { title?: unknown; readOnlyHint?: unknown };
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function clientFor(context: AdapterContext, signal: AbortSignal): McpClient {
  const serverUrl = context.config.serverUrl;
  if (typeof serverUrl !== "string" || !serverUrl)
    throw new AdapterError("invalid_input", "The instance's config has no serverUrl");
  const { credType, values } = context.credentials;
  const token = credType === "api_key" ? values.apiKey : values.token;
  if (!token)
    throw new AdapterError(
      "invalid_input",
      `The stored ${credType} credentials hold no ${credType === "api_key" ? "apiKey" : "token"}`,
    );
  return new McpClient(serverUrl, token, context.fetch, signal);
}

/** Runs `work` under the caller's signal and the 30 s MCP timeout; an abort is `unreachable`. */
async function bounded<T>(context: AdapterContext, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(MCP_TIMEOUT_MS)]);
  try {
    return await work(signal);
  } catch (error) {
    if (error instanceof AdapterError) throw error;
    if (signal.aborted) throw new AdapterError("unreachable", "The MCP server did not answer in time");
    throw new AdapterError(
      "unreachable",
      `The connection to the MCP server failed: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}

function descriptor(tool: McpTool): ToolDescriptor {
  const name = tool.name as string;
  const title =
    typeof tool.title === "string"
      ? tool.title
      : typeof tool.annotations?.title === "string"
        ? tool.annotations.title
        : name;
  return {
    toolKey: name,
    displayName: title,
    description: typeof tool.description === "string" ? tool.description : null,
    inputSchema: isSchema(tool.inputSchema) ? tool.inputSchema : { type: "object" },
    outputSchema: isSchema(tool.outputSchema) ? tool.outputSchema : { type: "object" },
    requiresApproval: tool.annotations?.readOnlyHint !== true,
    rateLimitRpm: null,
  };
}

const protocolError = (method: string, outcome: JsonRpcOutcome): AdapterError =>
  new AdapterError("bad_response", `The MCP server answered ${method} with an error: ${outcome.error!.message}`);

/** The text blocks of a tool result, which is where servers put a tool error's message. */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .filter(
      (block): block is { type: string; text: string } => block?.type === "text" && typeof block.text === "string",
    )
    .map((block) => block.text)
    .join("\n");
}

export function createMcpAdapter(): ConnectorAdapter {
  return {
    listTools(context) {
      return bounded(context, async (signal) => {
        const client = clientFor(context, signal);
        const tools = new Map<string, ToolDescriptor>();
        const seenCursors = new Set<string>();
        let cursor: string | undefined;
        for (let page = 0; page < MAX_TOOL_PAGES; page++) {
          const outcome = await client.request("tools/list", cursor === undefined ? {} : { cursor });
          if (outcome.error) throw protocolError("tools/list", outcome);
          const listed = Array.isArray(outcome.result.tools) ? (outcome.result.tools as McpTool[]) : [];
          for (const tool of listed) {
            if (typeof tool?.name === "string" && tool.name && !tools.has(tool.name))
              tools.set(tool.name, descriptor(tool));
            if (tools.size > MAX_INSTANCE_TOOLS) break;
          }
          if (tools.size > MAX_INSTANCE_TOOLS) break;
          const next = outcome.result.nextCursor;
          if (typeof next !== "string" || !next || seenCursors.has(next)) break;
          seenCursors.add(next);
          cursor = next;
        }
        return [...tools.values()];
      });
    },

    execute(toolKey, input, context): Promise<ToolResult> {
      return bounded(context, async (signal) => {
        const client = clientFor(context, signal);
        let outcome: JsonRpcOutcome;
        try {
          outcome = await client.request("tools/call", { name: toolKey, arguments: input });
        } catch (error) {
          // A readable HTTP refusal (401, 403, 5xx...) is the tool's failed result, like other adapters'.
          if (error instanceof McpHttpError)
            return {
              success: false,
              output: { httpStatus: error.status },
              error: error.message,
              httpStatus: error.status,
            };
          throw error;
        }
        if (outcome.error) {
          return { success: false, output: { error: outcome.error }, error: outcome.error.message, httpStatus: 200 };
        }
        const {
          content = [],
          structuredContent,
          isError,
        } = outcome.result as { content?: unknown; structuredContent?: unknown; isError?: unknown };
        const output = { content, ...(structuredContent === undefined ? {} : { structuredContent }) };
        if (isError === true)
          return {
            success: false,
            output,
            error: contentText(content) || "The tool reported an error",
            httpStatus: 200,
          };
        return { success: true, output, error: null, httpStatus: 200 };
      });
    },

    async healthCheck(context): Promise<HealthResult> {
      try {
        const result = await bounded(context, (signal) => clientFor(context, signal).initialize());
        const server =
          [result.serverInfo?.name, result.serverInfo?.version].filter(Boolean).join(" ") || "the MCP server";
        return { ok: true, message: `Connected to ${server} (MCP ${result.protocolVersion})` };
      } catch (error) {
        if (error instanceof AdapterError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
