// The AI domain's public face: what the hosts (the MessageRun and Conversation objects, the queue
// consumer, the cron) and other domains may use.
export { MessageRunCore } from "./run/message-run";
export { ConversationCore, type SessionRef } from "./conversation/object";
export type { ReplyEnd } from "./conversation/turns";
export { recordRunEnd } from "./run/write-back";
export { combineToolSources, type ToolSource } from "./tool-source";
export { deliverToolResult, reportToolProgress } from "./runs";
export { aiCron } from "./upkeep";
