// The AI domain's public face: what the hosts (the MessageRun and Conversation objects, the queue
// consumer, the cron) and other domains may use.
export { MessageRunCore } from "./run/message-run";
export { ConversationCore, type SessionRef } from "./conversation/object";
export type { ReplyEnd } from "./conversation/turns";
export type { SpendCapOfRun } from "./run/types";
export { recordRunEnd } from "./run/write-back";
export { combineToolSources, type ToolSource } from "./tool-source";
export { deliverToolResult, reportToolProgress } from "./runs";
export { aiCron } from "./upkeep";
// The capabilities as MCP tools (the mcp domain's gateway): what this deployment offers, and calls.
export { listCapabilities, type CapabilityKey } from "./capabilities";
export { activeModels } from "./models";
export {
  callOutcome,
  clientsRun,
  followRun,
  MCP_CALLS_AT_ONCE,
  startCapabilityCall,
  type CallOutcome,
  type RunEvent,
  type StartedCall,
} from "./mcp-calls";
/** `/ai/sessions`' OpenAPI description, for the document only (app.ts `loadApp`). */
export const aiRouteDocs = async () => (await import("./route-docs")).routeDocs;
