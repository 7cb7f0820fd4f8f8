/** What the gateway's tool sources share: a tool as `tools/list` shows it, a `tools/call` result. */

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

/** A `tools/call` result (MCP `CallToolResult`). */
export type ToolResult = {
  content: Record<string, unknown>[];
  structuredContent?: unknown;
  isError?: boolean;
};

/**
 * A `tools/call` answered as it runs (a capability): `run` reports progress as it goes and
 * resolves to the result. The router sends the progress as SSE when the client accepts it.
 */
export interface RunningCall {
  run(progress: (message: string) => void): Promise<ToolResult>;
}

/** A JSON-RPC "invalid params" (-32602): an unknown tool, a malformed call. */
export class InvalidParams extends Error {}
