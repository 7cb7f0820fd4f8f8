import type { AssistantTool } from "../../connectors";
import type { AuthContext } from "../../identity";
import type { SuggestionRecord, ToolCallRecord } from "../../../db/schema/ai";
import type { CapabilityKey } from "../capabilities/parameters";
import type { RunMention } from "../mentions";
import type { ChatMessage } from "../providers/types";

/** Everything a run needs, fixed when the message is sent (its context comes beside it: `RunContext`). */
export interface RunSpec {
  runId: string;
  messageId: string;
  userMessageId: string;
  sessionId: string;
  userId: string;
  workspaceId: string;
  /** The turn's position; the run's context is the history before it. */
  seq: number;
  prompt: string;
  instructions: string | null;
  model: { id: string; key: string; displayName: string; providerKey: string; providerModel: string };
  /** `provider`: the configured provider that runs it, null when the demo runner answers. */
  capability: { key: CapabilityKey; parameters: Record<string, unknown>; provider?: string | null } | null;
  /** The sender's memories pinned into the instructions (those deleted before the run are left out). */
  memoryIds?: string[];
  /** The user message's attachments (only ids: the run loads them from R2 when it starts). */
  attachmentIds?: string[];
  /** The connector instances the message mentions (structured blocks): the model is told about them. */
  mentions?: RunMention[];
  suggestions: boolean;
  /**
   * The sender as the send request authenticated them (with their token's claims): the run's
   * connector tools are theirs, and each queued call reloads them from the claims (revocation).
   */
  caller?: AuthContext;
  /**
   * Set when the account had a monthly spend cap at admission (CONTRACT Wallet "Spend cap"): once
   * the run's end and debit commit, its hold settles (`held`: it took one) and the cap's notices
   * are checked (the Conversation object's `settle`).
   */
  spendCap?: SpendCapOfRun;
}

/** A capped run's spend: whether its admission took a hold. */
export interface SpendCapOfRun {
  held: boolean;
}

/**
 * What the send read for the run, handed to its first attempt only (not stored: history can be
 * long): the conversation before the turn, from the session's object, and the pinned memories'
 * contents and connector tools, from the send's D1 batch. A resumed attempt reads them again.
 */
export interface RunContext {
  history: ChatMessage[];
  memories: string[];
  /** The connector tools the sender may use, from the send's batch (absent: the run reads them). */
  connectorTools?: AssistantTool[];
}

type RunStatus = "queued" | "running" | "completed" | "stopped" | "failed";

export interface RunState {
  status: RunStatus;
  /** How many times execution began (a run interrupted before any output is started again). */
  attempts: number;
  stoppedAt?: string;
  error?: { code: string; message: string };
}

export interface RunOutcome {
  content: string;
  toolCalls: ToolCallRecord[];
  suggestions: SuggestionRecord[];
  inputTokens: number;
  outputTokens: number;
  /** Cost units beside tokens (capabilities: `search.<provider>`, `page.read`). */
  costUnits?: Record<string, number>;
}

export const TERMINAL: RunStatus[] = ["completed", "stopped", "failed"];

export interface StopResult {
  id: string;
  status: "stopped";
  content: string;
  stoppedAt: string;
}
