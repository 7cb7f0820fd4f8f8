import type { ToolSpec } from "./providers/types";

/** Who a tool runs for: tools act with the caller's rights, in the caller's workspace. */
export interface ToolContext {
  env: Env;
  userId: string;
  workspaceId: string;
  sessionId: string;
  messageId: string;
}

export interface ToolDefinition {
  /** Stable key shown to clients as `toolKey`, e.g. `github.search_issues`. */
  key: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
  execute(input: Record<string, unknown>, context: ToolContext, signal: AbortSignal): Promise<Record<string, unknown>>;
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

/**
 * The tool source a message run is built with in this deployment. None yet: connectors add their
 * source here (`combineToolSources(connectorTools(env), ...)`).
 */
export const runToolSource = (_env: Env): ToolSource => NO_TOOLS;

/** The tools offered to one run, and the provider-facing spec of each. */
export class ToolSet {
  private readonly byWireName = new Map<string, ToolDefinition>();

  constructor(readonly definitions: ToolDefinition[]) {
    for (const tool of definitions) this.byWireName.set(wireName(tool.key), tool);
  }

  specs(): ToolSpec[] {
    return this.definitions.map((tool) => ({ name: wireName(tool.key), description: tool.description, parameters: tool.inputSchema }));
  }

  /** Looks a tool up by the name the model used (a wire name or the key itself). */
  find(name: string): ToolDefinition | undefined {
    return this.byWireName.get(name) ?? this.definitions.find((tool) => tool.key === name);
  }
}

/** Function names must match ^[a-zA-Z0-9_-]{1,64}$ in the OpenAI protocol; keys may hold dots. */
const wireName = (key: string) => key.replace(/[^a-zA-Z0-9_-]/g, "__").slice(0, 64);

/** The tools `source` offers one run's caller. */
export async function toolSetFor(source: ToolSource, context: ToolContext): Promise<ToolSet> {
  return new ToolSet(await source.tools(context));
}
