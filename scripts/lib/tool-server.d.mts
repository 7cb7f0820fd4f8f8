// Types of tool-server.mjs (plain ESM run by node).
export const TOOL_TOKEN: string;
export function startToolServer(): Promise<{ origin: string; host: string; stop: () => Promise<void> }>;
