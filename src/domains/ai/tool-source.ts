import type { AssistantTool } from "../connectors";
import type { AuthContext } from "../identity";
import type { ToolSpec } from "./providers/types";
import { wireNames } from "./wire-names";

/** What a tool run elsewhere (the tool-executions queue) answers when it is done. */
export interface DeliveredToolResult {
  success: boolean;
  output: Record<string, unknown>;
  error: string | null;
}

/** Who a tool runs for: tools act with the caller's rights, in the caller's workspace. */
export interface ToolContext {
  env: Env;
  userId: string;
  workspaceId: string;
  sessionId: string;
  messageId: string;
  runId: string;
  /** The sender as the send request authenticated them (absent on runs started before it was kept). */
  caller?: AuthContext;
  /** The connector tools the send read for the run (absent on a resumed run: its tool source reads them). */
  connectorTools?: AssistantTool[];
  /**
   * Waits for the result of a call handed to the queue, delivered to the run's object; registered
   * before the call is sent, so a fast answer is not missed.
   */
  awaitResult(callId: string, signal: AbortSignal): Promise<DeliveredToolResult>;
}

/** The card a client shows for a call that waits for the user (CONTRACT "Tool event payloads"). */
export interface ToolActivity {
  title: string;
  detail: string;
  subject: string;
}

export interface ToolDefinition {
  /** Stable key shown to clients as `toolKey`, e.g. `github.search_issues`. */
  key: string;
  /** The connector instance a connector tool acts on (a message's mention points at it). */
  instanceId?: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
  /** The call waits as `pending` until the session's owner approves it. */
  requiresApproval?: boolean;
  /** Whether an output honours the tool's outputSchema; a tool that answers otherwise is `degraded`. */
  outputMatches?(output: Record<string, unknown>, context: ToolContext): Promise<boolean>;
  /** The card of a call awaiting approval. */
  activity?(input: Record<string, unknown>): ToolActivity;
  /**
   * Runs the call (`callId` is the run's id of this call); throws when it failed. `approved` is
   * true only for a call of a tool that `requiresApproval` whose user approved it in this run.
   */
  execute(
    input: Record<string, unknown>,
    context: ToolContext,
    signal: AbortSignal,
    callId: string,
    approved: boolean,
  ): Promise<Record<string, unknown>>;
}

/**
 * Where a run's tools come from: the run is built with one source (see `runToolSource`) and asks
 * it, when it starts, for the tools its caller may use.
 */
export interface ToolSource {
  tools(context: ToolContext): ToolDefinition[] | Promise<ToolDefinition[]>;
}

/** A source offering nothing: runs answer in text only. */
export const NO_TOOLS: ToolSource = { tools: () => [] };

/** One source offering the tools of several (e.g. built-in tools and each connector's). */
export const combineToolSources = (...sources: ToolSource[]): ToolSource => ({
  tools: async (context) => (await Promise.all(sources.map((source) => source.tools(context)))).flat(),
});

/** The tools offered to one run, and the provider-facing spec of each. */
export class ToolSet {
  private readonly byWireName = new Map<string, ToolDefinition>();
  private readonly names: string[];

  constructor(readonly definitions: ToolDefinition[]) {
    // Distinct, provider-valid names for this run's tools (wire-names.ts), mapped back here.
    this.names = wireNames(definitions.map((tool) => tool.key));
    definitions.forEach((tool, index) => this.byWireName.set(this.names[index]!, tool));
  }

  specs(): ToolSpec[] {
    return this.definitions.map((tool, index) => ({
      name: this.names[index]!,
      description: tool.description,
      parameters: tool.inputSchema,
    }));
  }

  /** Looks a tool up by the name the model used (a wire name or the key itself). */
  find(name: string): ToolDefinition | undefined {
    return this.byWireName.get(name) ?? this.definitions.find((tool) => tool.key === name);
  }
}

/** The tools `source` offers one run's caller. */
export async function toolSetFor(source: ToolSource, context: ToolContext): Promise<ToolSet> {
  return new ToolSet(await source.tools(context));
}
