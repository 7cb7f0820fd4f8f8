import type { ToolCallRecord } from "../../../db/schema/ai";
import { conversationOf, refOfRun } from "../conversations";
import { userMessageOf } from "../attachments";
import { runCapability, type CapabilityIo } from "../capabilities";
import { mentionNote } from "../mentions";
import { pinnedMemories } from "../memories";
import { providerFor } from "../providers";
import type { ChatMessage, ChatToolCall, TokenUsage } from "../providers/types";
import { SUGGESTIONS_INSTRUCTION, SuggestionSplitter } from "../suggestions";
import {
  toolSetFor,
  type DeliveredToolResult,
  type ToolActivity,
  type ToolContext,
  type ToolSet,
  type ToolSource,
} from "../tool-source";
import { DECISION_ERRORS, toolEventPayload, type Decision } from "./tool-calls";
import type { RunContext, RunOutcome, RunSpec } from "./types";

/** Model -> tools -> model rounds before the run must answer in text (stops tool loops). */
export const MAX_TOOL_ROUNDS = 4;

export interface RunIo {
  /** What the send read for the run's first attempt (history, memories); absent on a resumed attempt. */
  context?: RunContext;
  emit(type: string, payload: Record<string, unknown>, stepId?: string): void;
  /**
   * Called whenever the tool calls change, so they survive an eviction; `startedAt` (epoch ms by
   * call id) holds the calls still executing, so a run that ends mid-call can time them.
   */
  saveToolCalls(calls: ToolCallRecord[], startedAt: Record<string, number>): void;
  /** Called whenever the tokens used so far change, so a stopped or failed run records them. */
  saveUsage(usage: TokenUsage): void;
  /** Waits for a queued call's result, delivered to the run's object. */
  awaitToolResult(callId: string, signal: AbortSignal): Promise<DeliveredToolResult>;
  /** Waits for the user's decision on a call awaiting approval (`timeout` after APPROVAL_TIMEOUT_MS). */
  awaitDecision(callId: string, signal: AbortSignal): Promise<Decision>;
  signal: AbortSignal;
  /** Storage in the run's object for capability steps (absent: steps are kept in memory). */
  capability?: CapabilityIo;
}

/** What a run has produced so far, and where it reports it. */
interface Progress {
  outcome: RunOutcome;
  io: RunIo;
  startedAt: Record<string, number>;
}

/** The conversation before the turn: as the send read it, or from the session's object (a resumed run). */
async function history(env: Env, spec: RunSpec, context: RunContext | undefined): Promise<ChatMessage[]> {
  if (context) return context.history;
  const answer = await conversationOf(env, spec.sessionId).history(refOfRun(spec), spec.seq);
  // A session deleted meanwhile has no history (the run is being erased with it).
  return "gone" in answer ? [] : answer;
}

/** The persona's instructions and the pinned memories (those of `memoryIds` that still exist). */
async function instructionsOf(env: Env, spec: RunSpec, context?: RunContext): Promise<string | null> {
  const memories = context?.memories ?? (await pinnedMemories(env, spec.userId, spec.memoryIds ?? []));
  const pinned = memories.length
    ? `The user asked you to keep these memories in mind:\n${memories.map((m) => `- ${m}`).join("\n")}`
    : null;
  const parts = [spec.instructions, pinned].filter(Boolean);
  return parts.length ? parts.join("\n\n") : null;
}

function systemPrompt(spec: RunSpec, instructions: string | null, tools: ToolSet): string | null {
  const parts = [
    instructions,
    mentionNote(spec.mentions ?? [], tools),
    spec.suggestions ? SUGGESTIONS_INSTRUCTION : null,
  ].filter(Boolean);
  return parts.length ? parts.join("\n\n") : null;
}

/**
 * Runs one assistant message: streams the model's reply as `message.delta`, executes the tool
 * calls it asks for (with `tool.started`/`tool.completed`) and feeds their results back, and cuts
 * the suggestions block out of the text. The tools it may offer come from `tools`, the source the
 * run was built with. Returns the outcome; the caller writes the terminal events.
 */
export async function executeRun(env: Env, spec: RunSpec, io: RunIo, tools: ToolSource): Promise<RunOutcome> {
  const outcome: RunOutcome = { content: "", toolCalls: [], suggestions: [], inputTokens: 0, outputTokens: 0 };
  const progress: Progress = { outcome, io, startedAt: {} };
  const emitDelta = (text: string) => {
    if (!text) return;
    outcome.content += text;
    io.emit("message.delta", { delta: text });
  };
  // `outcome` holds the tokens of finished model calls; `current` is the estimate for one still streaming.
  const saveUsage = (current?: TokenUsage) =>
    io.saveUsage({
      inputTokens: outcome.inputTokens + (current?.inputTokens ?? 0),
      outputTokens: outcome.outputTokens + (current?.outputTokens ?? 0),
    });

  if (spec.capability) {
    await runCapability(spec, env, io, io.capability, await instructionsOf(env, spec, io.context), outcome);
    return outcome;
  }

  const provider = providerFor(spec.model.providerKey, env);
  const context: ToolContext = {
    env,
    userId: spec.userId,
    workspaceId: spec.workspaceId,
    sessionId: spec.sessionId,
    messageId: spec.messageId,
    runId: spec.runId,
    caller: spec.caller,
    connectorTools: io.context?.connectorTools,
    awaitResult: io.awaitToolResult,
  };
  const [past, offeredTools, instructions, turn] = await Promise.all([
    history(env, spec, io.context),
    toolSetFor(tools, context),
    instructionsOf(env, spec, io.context),
    userMessageOf(env, spec),
  ]);
  const system = systemPrompt(spec, instructions, offeredTools);
  const messages: ChatMessage[] = [...(system ? [{ role: "system" as const, content: system }] : []), ...past, turn];
  const splitter = new SuggestionSplitter();

  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const calls: ChatToolCall[] = [];
    let roundText = "";
    const offered = round < MAX_TOOL_ROUNDS ? offeredTools.specs() : [];
    for await (const event of provider.stream({
      model: spec.model.providerModel,
      messages,
      tools: offered,
      signal: io.signal,
    })) {
      if (io.signal.aborted) break;
      if (event.type === "delta") {
        roundText += event.text;
        emitDelta(splitter.push(event.text));
        if (provider.estimateUsage) saveUsage(provider.estimateUsage(messages, roundText));
      } else if (event.type === "tool_call") {
        calls.push(event.call);
      } else {
        outcome.inputTokens += event.inputTokens;
        outcome.outputTokens += event.outputTokens;
        saveUsage();
      }
    }
    if (io.signal.aborted || calls.length === 0) break;
    messages.push({ role: "assistant", content: roundText || null, toolCalls: calls });
    for (const call of calls) {
      messages.push({
        role: "tool",
        toolCallId: call.id,
        content: JSON.stringify(await runTool(call, offeredTools, context, progress)),
      });
    }
  }
  emitDelta(splitter.flush());
  outcome.suggestions = spec.suggestions ? splitter.suggestions() : [];
  return outcome;
}

/**
 * Executes one tool call, reporting it as it goes; the result (or error) goes back to the model.
 * A tool that needs approval waits `pending` (its card in `tool.started`) for the decision first.
 */
async function runTool(call: ChatToolCall, tools: ToolSet, context: ToolContext, { outcome, io, startedAt }: Progress) {
  const tool = tools.find(call.name);
  let input: Record<string, unknown> = {};
  let inputError: string | null = null;
  try {
    const parsed: unknown = JSON.parse(call.arguments || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) input = parsed as Record<string, unknown>;
    else inputError = "the tool's arguments must be a JSON object";
  } catch {
    inputError = "the tool's arguments are not valid JSON";
  }
  const record: ToolCallRecord = {
    id: call.id,
    toolKey: tool?.key ?? call.name,
    input,
    status: "executing",
    output: null,
    error: null,
    executionMs: null,
  };
  outcome.toolCalls.push(record);
  const report = (type: string, activity?: ToolActivity & { status: string }) => {
    io.saveToolCalls(outcome.toolCalls, startedAt);
    io.emit(type, toolEventPayload(record, activity), record.id);
  };

  if (!tool || inputError) {
    record.status = tool ? "failed" : "rejected";
    record.error = inputError ?? `no tool named "${call.name}" is available`;
    report("tool.completed");
    return { error: record.error };
  }
  /** Set only by the owner's decision below: the tool mints its grant from it (connectors' approval policy). */
  let approved = false;
  if (tool.requiresApproval) {
    record.status = "pending";
    const activity = tool.activity?.(input) ?? {
      title: `Run ${tool.key}`,
      detail: JSON.stringify(input),
      subject: tool.key,
    };
    report("tool.started", { ...activity, status: "awaiting_approval" });
    const decision = await io.awaitDecision(record.id, io.signal);
    if (io.signal.aborted) return { error: "The run was stopped" };
    if (decision !== "approve") {
      Object.assign(record, DECISION_ERRORS[decision]);
      report("tool.completed");
      return { error: record.error };
    }
    record.status = "executing";
    approved = true;
  }
  const started = Date.now();
  startedAt[record.id] = started;
  report("tool.started");
  try {
    const output = await tool.execute(input, context, io.signal, record.id, approved);
    record.output = output;
    record.status = tool.outputMatches && !(await tool.outputMatches(output, context)) ? "degraded" : "completed";
  } catch (error) {
    record.status = "failed";
    record.error = error instanceof Error ? error.message : String(error);
  }
  record.executionMs = Date.now() - started;
  delete startedAt[record.id];
  if (!io.signal.aborted) report("tool.completed");
  return record.status === "failed" ? { error: record.error } : record.output;
}
