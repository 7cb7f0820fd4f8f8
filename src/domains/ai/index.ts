// The AI domain's public face: what the hosts (the MessageRun object) and other domains may use.
export { EventLog, heartbeatMsOf } from "./run/event-log";
export { endToolCalls, executeRun, REJECTED, toolEventPayload } from "./run/executor";
export { RunStore } from "./run/store";
export { TERMINAL, type RunContext, type RunOutcome, type RunSpec, type RunState, type StopResult } from "./run/types";
export { recordRunEnd, recordRunStart, recordToolCalls, type RunEnd } from "./run/write-back";
export { CallMailbox } from "./run/mailbox";
export {
  combineToolSources,
  type DeliveredToolResult,
  type ToolContext,
  type ToolDefinition,
  type ToolSource,
} from "./tool-source";
export { runToolSource } from "./connector-tool-source";
export { deliverToolResult, reportToolProgress } from "./runs";
export { isGenerated, isStepRun, signMediaUrls } from "./capabilities";
export {
  alarmAction,
  completedRow,
  endedCallsReason,
  endEvents,
  failedRow,
  failureOf,
  resumesEarlierWork,
  stopDecision,
  stoppedRow,
  type EndOf,
  type Ending,
  type StopAnswer,
  type Unfinished,
} from "./run/lifecycle";
export { aiCron } from "./upkeep";
export { ConversationCore, type SessionRef } from "./conversation/object";
