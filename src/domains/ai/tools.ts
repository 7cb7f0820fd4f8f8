import type { ToolSpec } from "./providers/types";

/** Who a tool runs for: tools act with the caller's rights, in the caller's workspace. */
export interface ToolContext {
  env: Env;
  userId: string;
  workspaceId: string;
  sessionId: string;
  messageId: string;
}

interface ToolDefinition {
  /** Stable key shown to clients as `toolKey`, e.g. `github.search_issues`. */
  key: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
  execute(input: Record<string, unknown>, context: ToolContext, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/**
 * Where tools come from. Connectors plug in here later (their enabled tools become a source);
 * a run asks every source for the tools its caller may use.
 */
interface ToolSource {
  tools(context: ToolContext): ToolDefinition[] | Promise<ToolDefinition[]>;
}

const sources = new Set<ToolSource>();

export function registerToolSource(source: ToolSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

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

export async function toolsFor(context: ToolContext): Promise<ToolSet> {
  const lists = await Promise.all([...sources].map((source) => source.tools(context)));
  return new ToolSet(lists.flat());
}
