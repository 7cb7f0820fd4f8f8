import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connectorTools } from "../../db/schema";
import { ApiError, badRequest, conflictOnDuplicate, forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { ResolvedInstance } from "./access";
import type { ToolDescriptor } from "./adapters/types";
import { schemaProblems } from "./json-schema";

export type ToolRow = typeof connectorTools.$inferSelect;

export const toolView = (connectorKey: string, row: ToolRow) => ({
  id: row.id,
  connectorKey,
  toolKey: row.toolKey,
  displayName: row.displayName,
  description: row.description,
  inputSchema: row.inputSchema,
  outputSchema: row.outputSchema,
  requiresApproval: row.requiresApproval,
  rateLimitRpm: row.rateLimitRpm,
  isActive: row.isActive,
  source: row.source,
});

export async function listTools(db: Db, resolved: ResolvedInstance) {
  const rows = await db.select().from(connectorTools).where(eq(connectorTools.instanceId, resolved.record.instance.id)).orderBy(connectorTools.toolKey);
  return rows.map((row) => toolView(resolved.record.instance.connectorKey, row));
}

/** Upserts the adapter's tools (keeping each tool's `isActive`) and deactivates discovered tools that vanished. */
export async function syncTools(db: Db, resolved: ResolvedInstance, discovered: ToolDescriptor[], now: string) {
  const instanceId = resolved.record.instance.id;
  const keys = discovered.map((tool) => tool.toolKey);
  const upserts = discovered.map((tool) =>
    db
      .insert(connectorTools)
      .values({ id: newId(), instanceId, ...tool, isActive: true, source: "auto_discovered", createdAt: now })
      .onConflictDoUpdate({
        target: [connectorTools.instanceId, connectorTools.toolKey],
        set: { displayName: tool.displayName, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, requiresApproval: tool.requiresApproval, rateLimitRpm: tool.rateLimitRpm, source: "auto_discovered" },
      }),
  );
  const vanished = db
    .update(connectorTools)
    .set({ isActive: false })
    .where(and(eq(connectorTools.instanceId, instanceId), eq(connectorTools.source, "auto_discovered"), keys.length ? notInArray(connectorTools.toolKey, keys) : undefined));
  await db.batch([...upserts, vanished] as [typeof vanished]);
  return listTools(db, resolved);
}

export interface CreateToolInput {
  toolKey: string;
  displayName: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  requiresApproval: boolean;
  rateLimitRpm?: number;
}

export async function createTool(db: Db, resolved: ResolvedInstance, input: CreateToolInput, now: string) {
  if (!resolved.record.instance.definitionId) throw forbidden("Tools can only be added to custom connectors");
  const fields = (["inputSchema", "outputSchema"] as const).flatMap((field) => schemaProblems(input[field], field));
  if (fields.length) throw badRequest(fields);
  const row: ToolRow = {
    id: newId(),
    instanceId: resolved.record.instance.id,
    toolKey: input.toolKey,
    displayName: input.displayName,
    description: input.description ?? null,
    inputSchema: input.inputSchema,
    outputSchema: input.outputSchema,
    requiresApproval: input.requiresApproval,
    rateLimitRpm: input.rateLimitRpm ?? null,
    isActive: true,
    source: "manual",
    createdAt: now,
  };
  await conflictOnDuplicate(() => db.insert(connectorTools).values(row), `A tool with the key "${input.toolKey}" already exists`);
  return toolView(resolved.record.instance.connectorKey, row);
}

export async function setToolEnabled(db: Db, instanceId: string, toolId: string, enabled: boolean) {
  const [row] = await db
    .update(connectorTools)
    .set({ isActive: enabled })
    .where(and(eq(connectorTools.id, toolId), eq(connectorTools.instanceId, instanceId)))
    .returning({ id: connectorTools.id, isActive: connectorTools.isActive });
  if (!row) throw new ApiError("NOT_FOUND", "Tool not found");
  return row;
}
