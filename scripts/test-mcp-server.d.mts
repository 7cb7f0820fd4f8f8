// Types of test-mcp-server.mjs (plain ESM run by node): an MCP server built with the official SDK.
export const MCP_TOKEN: string;
export function startMcpServer(options?: { port?: number }): Promise<{ origin: string; stop: () => Promise<void> }>;
