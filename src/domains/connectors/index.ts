/** The connectors domain's public face for other domains and the hosts (the AI assistant's tool source, the queue consumer, the cron). */
export { executeTool, type Actor } from "./execution/execute";
// The tool-approval policy: the assistant's run asks it which calls wait, who decides, how long.
export {
  APPROVAL_TIMEOUT_MS,
  grantApproval,
  mayDecide,
  needsApproval,
  runsDirectly,
  TIMED_OUT,
} from "./execution/approval-policy";
export {
  enqueueToolCall,
  processToolCall,
  type CallProgress,
  type SettledCall,
  type ToolCall,
  type ToolCallMessage,
} from "./execution/tool-calls";
export {
  assistantToolQueries,
  assistantTools,
  assistantToolsOf,
  type AssistantTool,
  type ToolRows,
} from "./execution/assistant-tools";
export { mentionedInstances, type MentionedInstance } from "./execution/mentioned-instances";
export { outputMatchesSchema } from "./instances/json-schema";
// The SSRF-guarded outbound fetch, for other domains' requests to URLs from users, models or pages.
export { outboundFetch, parseAllowList, readCapped } from "./adapters/outbound";
export { AdapterError } from "../../../shared/connectors/adapter-port";
export { connectorsCron } from "./cron";
