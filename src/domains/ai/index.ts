// The AI domain's public face: what the hosts (the MessageRun object) and other domains may use.
export { EventLog, heartbeatMsOf } from "./run/event-log";
export { endToolCalls, executeRun, toolEventPayload } from "./run/executor";
export { RunStore } from "./run/store";
export { TERMINAL, type RunOutcome, type RunSpec, type RunState, type StopResult } from "./run/types";
export { recordRunEnd, type RunEnd } from "./run/write-back";
export { ProviderError } from "./providers/types";
export { combineToolSources, NO_TOOLS, runToolSource, type ToolContext, type ToolDefinition, type ToolSource } from "./tools";
