import { and, eq, inArray } from "drizzle-orm";
import { connectorInstances, connectorTools } from "../../../db/schema";
import type { Ctx } from "../../identity";
import { instanceQuery, resolveInstance, toolsVisibleTo, visibleTo, type InstanceRecord } from "../instances/access";

/**
 * The connector tools an agent may offer for a caller (CONTRACT "Connector tools for agents"): the
 * enabled tools of every `connected` instance the caller can execute in the active workspace, named
 * `<connectorKey>.<toolKey>`. Used by the assistant's runs and by the MCP gateway.
 */
export interface AssistantTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  requiresApproval: boolean;
  instanceId: string;
  toolId: string;
  toolKey: string;
  connectorKey: string;
}

/** Characters of the instance id that tell several instances of one connector apart in a tool name. */
const INSTANCE_SUFFIX_LENGTH = 8;

/**
 * Two D1 queries, for one batch: the visible instances and their tools the caller may use. A read
 * with no clock, so callers outside a request (the assistant's run) need no `now`. The assistant's
 * send puts them in its own batch (`assistantToolsOf` shapes the answer).
 */
export function assistantToolQueries(ctx: Pick<Ctx, "db" | "auth">) {
  const { db, auth } = ctx;
  return [
    instanceQuery(db).where(visibleTo(auth)),
    db
      .select()
      .from(connectorTools)
      .where(
        and(
          inArray(
            connectorTools.instanceId,
            db.select({ id: connectorInstances.id }).from(connectorInstances).where(visibleTo(auth)),
          ),
          eq(connectorTools.isActive, true),
          toolsVisibleTo(auth),
        ),
      )
      .orderBy(connectorTools.toolKey),
  ] as const;
}

type Queries = ReturnType<typeof assistantToolQueries>;
/** What the two queries answer. */
export type ToolRows = [Awaited<Queries[0]>, Awaited<Queries[1]>];

/** The connector tools an agent may offer for a caller: one D1 batch. */
export async function assistantTools(ctx: Pick<Ctx, "db" | "env" | "auth">): Promise<AssistantTool[]> {
  return assistantToolsOf(ctx, await ctx.db.batch([...assistantToolQueries(ctx)]));
}

/** The answer of `assistantToolQueries`, as the tools an agent offers. */
export function assistantToolsOf(ctx: Pick<Ctx, "env" | "auth">, [records, tools]: ToolRows): AssistantTool[] {
  const { env, auth } = ctx;
  const connected = new Map(
    records
      .map((record) => resolveInstance(env, auth, record as InstanceRecord))
      .filter((resolved) => resolved.authorizationState === "connected")
      .map((resolved) => [resolved.record.instance.id, resolved.record.instance]),
  );
  const instancesPerConnector = new Map<string, number>();
  for (const instance of connected.values())
    instancesPerConnector.set(instance.connectorKey, (instancesPerConnector.get(instance.connectorKey) ?? 0) + 1);

  return tools.flatMap((tool) => {
    const instance = connected.get(tool.instanceId);
    if (!instance) return [];
    const shared = (instancesPerConnector.get(instance.connectorKey) ?? 0) > 1;
    const name = `${instance.connectorKey}.${tool.toolKey}${shared ? `.${instance.id.slice(0, INSTANCE_SUFFIX_LENGTH)}` : ""}`;
    return [
      {
        name,
        description: `${shared ? `[${instance.displayName}] ` : ""}${tool.description ?? tool.displayName}`,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        requiresApproval: tool.requiresApproval,
        instanceId: instance.id,
        toolId: tool.id,
        toolKey: tool.toolKey,
        connectorKey: instance.connectorKey,
      },
    ];
  });
}
