import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorTools } from "../../../db/schema";
import { chunked } from "../../../lib/chunks";
import { ApiError, badRequest, conflictOnDuplicate, forbidden } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { Ctx } from "../../identity";
import { openInstance, type ResolvedInstance } from "./access";
import { MAX_INSTANCE_TOOLS } from "../adapters/mcp/adapter";
import { saasToolText } from "../adapters/saas";
import type { ToolDescriptor } from "../../../../shared/connectors/adapter-port";
import { schemaProblems, type SchemaChecker } from "./json-schema";

export type ToolRow = typeof connectorTools.$inferSelect;

/**
 * A tool as the API answers it. A built-in SaaS tool's name and description come in the request's
 * `locale` from its adapter's translations; other tools (SQL, MCP, custom) have only the text
 * their source gave.
 */
function toolView(connectorKey: string, row: ToolRow, locale?: string | null) {
  const text = locale ? saasToolText(connectorKey, row.toolKey, locale) : null;
  return {
    id: row.id,
    connectorKey,
    toolKey: row.toolKey,
    displayName: text?.displayName ?? row.displayName,
    description: text?.description ?? row.description,
    inputSchema: row.inputSchema,
    outputSchema: row.outputSchema,
    requiresApproval: row.requiresApproval,
    rateLimitRpm: row.rateLimitRpm,
    isActive: row.isActive,
    source: row.source,
  };
}

/** `GET .../tools`: the instance's tools, for anyone who sees it. */
export async function listTools(ctx: Ctx, instanceId: string, locale?: string | null) {
  return toolsOf(ctx.db, await openInstance(ctx, instanceId, "read"), locale);
}

async function toolsOf(db: Db, resolved: ResolvedInstance, locale?: string | null) {
  const rows = await db
    .select()
    .from(connectorTools)
    .where(eq(connectorTools.instanceId, resolved.record.instance.id))
    .orderBy(connectorTools.toolKey);
  return rows.map((row) => toolView(resolved.record.instance.connectorKey, row, locale));
}

/** The hand-made tools' name grammar (schemas.ts `createToolBody`), applied to discovered tools too. */
const TOOL_KEY_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
/** A discovered tool that was not stored, and why (the sync answer's `meta.skipped`). */
export interface SkippedTool {
  name: string;
  reason: string;
}

/**
 * Why each discovered tool may not be stored (its name, then its schemas), or null where it may.
 * The schemas of every well-named tool are checked in one call.
 */
async function refusals(checker: SchemaChecker, tools: ToolDescriptor[]): Promise<Array<string | null>> {
  const named = tools.map((tool) => TOOL_KEY_PATTERN.test(tool.toolKey));
  const problems = await schemaProblems(
    checker,
    tools
      .filter((_, index) => named[index])
      .flatMap((tool) => [
        { schema: tool.inputSchema, field: "inputSchema" },
        { schema: tool.outputSchema, field: "outputSchema" },
      ]),
  );
  let next = 0;
  return tools.map((_, index) => {
    if (!named[index]) return "the name must match ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$";
    const found = [...problems[next++]!, ...problems[next++]!];
    return found.length ? found.map((problem) => `${problem.field} ${problem.message}`).join("; ") : null;
  });
}

/** A discovered name as reported back: bounded, since a server may send kilobytes of it. */
const reportedName = (name: string) => (name.length > 200 ? `${name.slice(0, 200)}…` : name);

/**
 * Upserted rows go out as one JSON parameter per statement (D1 binds at most 100 parameters, so a
 * parameter per column and tool failed from about 10 tools), in chunks that keep each parameter
 * well under D1's 2 MB value limit. One batch: one round trip whatever the number of tools.
 */
const CHUNK_CHARS = 900_000;

/** Rows as JSON array texts of at most `CHUNK_CHARS` (each row's text and its comma). */
const jsonChunks = (rows: unknown[]) =>
  chunked(
    rows.map((row) => JSON.stringify(row)),
    CHUNK_CHARS,
    (text) => text.length + 1,
  ).map((texts) => `[${texts.join(",")}]`);

/**
 * Upserts the adapter's tools (keeping each tool's `isActive`) and deactivates discovered tools that
 * vanished. Tools whose name or schema is refused are skipped and reported; more than 500 storable
 * tools is 409 `CONNECTOR_ERROR` and stores nothing.
 */
export async function syncTools(
  ctx: Pick<Ctx, "db" | "env" | "now">,
  resolved: ResolvedInstance,
  discovered: ToolDescriptor[],
  locale?: string | null,
) {
  const { db, now } = ctx;
  const instanceId = resolved.record.instance.id;
  const skipped: SkippedTool[] = [];
  const reasons = await refusals(ctx.env.JSON_SCHEMA, discovered);
  const kept = discovered.filter((tool, index) => {
    const reason = reasons[index];
    if (reason) skipped.push({ name: reportedName(tool.toolKey), reason });
    return !reason;
  });
  if (kept.length > MAX_INSTANCE_TOOLS) {
    throw new ApiError(
      "CONNECTOR_ERROR",
      `The server lists more than ${MAX_INSTANCE_TOOLS} tools; an instance holds at most ${MAX_INSTANCE_TOOLS}`,
    );
  }
  const rows = kept.map((tool) => ({
    id: newId(),
    toolKey: tool.toolKey,
    displayName: tool.displayName,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    requiresApproval: tool.requiresApproval,
    rateLimitRpm: tool.rateLimitRpm,
  }));
  const t = connectorTools;
  const upserts = jsonChunks(rows).map((json) =>
    db
      .insert(t)
      // Columns in the table's order, which is the order drizzle names them in the INSERT. `WHERE true`
      // tells SQLite that ON CONFLICT belongs to the INSERT, not to a join of the SELECT.
      .select(
        sql`SELECT value ->> 'id', ${instanceId}, value ->> 'toolKey', value ->> 'displayName', value ->> 'description',
                   value ->> 'inputSchema', value ->> 'outputSchema', value ->> 'requiresApproval', value ->> 'rateLimitRpm',
                   1, 'auto_discovered', ${now}
            FROM json_each(${json}) WHERE true`,
      )
      .onConflictDoUpdate({
        target: [t.instanceId, t.toolKey],
        set: {
          displayName: sql`excluded.display_name`,
          description: sql`excluded.description`,
          inputSchema: sql`excluded.input_schema`,
          outputSchema: sql`excluded.output_schema`,
          requiresApproval: sql`excluded.requires_approval`,
          rateLimitRpm: sql`excluded.rate_limit_rpm`,
          source: "auto_discovered",
        },
      }),
  );
  const vanished = db
    .update(t)
    .set({ isActive: false })
    .where(
      and(
        eq(t.instanceId, instanceId),
        eq(t.source, "auto_discovered"),
        sql`${t.toolKey} NOT IN (SELECT value FROM json_each(${JSON.stringify(kept.map((tool) => tool.toolKey))}))`,
      ),
    );
  await db.batch([...upserts, vanished] as [typeof vanished]);
  return { tools: await toolsOf(db, resolved, locale), skipped };
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

export async function createTool(ctx: Ctx, instanceId: string, input: CreateToolInput, locale?: string | null) {
  const { db, now } = ctx;
  const resolved = await openInstance(ctx, instanceId, "manage");
  if (!resolved.record.instance.definitionId) throw forbidden("Tools can only be added to custom connectors");
  const fields = (
    await schemaProblems(
      ctx.env.JSON_SCHEMA,
      (["inputSchema", "outputSchema"] as const).map((field) => ({ schema: input[field], field })),
    )
  ).flat();
  if (fields.length) throw badRequest(fields);
  const [held] = await db
    .select({ n: count() })
    .from(connectorTools)
    .where(eq(connectorTools.instanceId, resolved.record.instance.id));
  if ((held?.n ?? 0) >= MAX_INSTANCE_TOOLS)
    throw new ApiError("CONNECTOR_ERROR", `An instance holds at most ${MAX_INSTANCE_TOOLS} tools`);
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
  await conflictOnDuplicate(
    () => db.insert(connectorTools).values(row),
    `A tool with the key "${input.toolKey}" already exists`,
  );
  return toolView(resolved.record.instance.connectorKey, row, locale);
}

export async function setToolEnabled(ctx: Ctx, instanceId: string, toolId: string, enabled: boolean) {
  await openInstance(ctx, instanceId, "manage");
  const [row] = await ctx.db
    .update(connectorTools)
    .set({ isActive: enabled })
    .where(and(eq(connectorTools.id, toolId), eq(connectorTools.instanceId, instanceId)))
    .returning({ id: connectorTools.id, isActive: connectorTools.isActive });
  if (!row) throw new ApiError("NOT_FOUND", "Tool not found");
  return row;
}
