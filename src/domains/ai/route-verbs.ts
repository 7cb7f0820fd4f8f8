// The verbs of the AI routes other than creating, listing and reading sessions and personas: the
// router (./routes.ts) loads this module on the first call of any of them, not with itself, since
// a cold request of the group declares every route and so loads whatever the router imports
// (docs/performance.md "A cold request"). One module, so one lazy import in the bundle.
export {
  decideOnToolCall,
  listMessages,
  retryMessage,
  selectVersion,
  sendMessage,
  stopMessage,
  storedReply,
  streamTarget,
} from "./messages";
export { callersRun, runView } from "./run-record";
export { listCapabilities } from "./capabilities";
export { createMemory, deleteMemory, listMemories } from "./memories";
export { sessionUsage } from "./usage";
export { readAllowance } from "./allowance";
export { lastEventIdOf, sseResponse } from "./stream";
export { deleteSession } from "./session-deletion";
