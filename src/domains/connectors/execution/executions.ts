import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorExecutions } from "../../../db/schema";
import type { Ctx } from "../../identity";
import { openInstance } from "../instances/access";
import { openExecutionPart, getExecutionPayload, type ExecutionPayload } from "../secrets";

/** The history of an instance, newest first; sealed input and output are never selected here. */
const recordColumns = {
  id: connectorExecutions.id,
  instanceId: connectorExecutions.instanceId,
  toolId: connectorExecutions.toolId,
  toolKey: connectorExecutions.toolKey,
  status: connectorExecutions.status,
  actorId: connectorExecutions.actorId,
  actorType: connectorExecutions.actorType,
  runId: connectorExecutions.runId,
  durationMs: connectorExecutions.durationMs,
  httpStatus: connectorExecutions.httpStatus,
  errorMessage: connectorExecutions.errorMessage,
  createdAt: connectorExecutions.createdAt,
};

/** `GET .../executions`: one page of the history, for anyone who sees the instance. */
export async function listExecutions(ctx: Ctx, instanceId: string, limit: number, offset: number) {
  const { db } = ctx;
  await openInstance(ctx, instanceId, "read");
  const where = eq(connectorExecutions.instanceId, instanceId);
  const [items, totals] = await db.batch([
    db
      .select(recordColumns)
      .from(connectorExecutions)
      .where(where)
      .orderBy(desc(connectorExecutions.createdAt), desc(connectorExecutions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(connectorExecutions).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/**
 * One history record with its payload opened whole (the audit read; the spec exposes no endpoint
 * for it). Rows from before migration 0010 hold their payload in D1 columns, newer ones in R2.
 */
export async function readExecution(db: Db, env: Env, instanceId: string, executionId: string) {
  const [row] = await db
    .select({
      ...recordColumns,
      payloadKey: connectorExecutions.payloadKey,
      inputSealed: connectorExecutions.inputSealed,
      outputSealed: connectorExecutions.outputSealed,
    })
    .from(connectorExecutions)
    .where(and(eq(connectorExecutions.id, executionId), eq(connectorExecutions.instanceId, instanceId)));
  if (!row) return null;
  const { payloadKey, inputSealed, outputSealed, ...record } = row;
  let payload: ExecutionPayload | null = null;
  if (payloadKey) payload = await getExecutionPayload(env, payloadKey);
  else if (inputSealed && outputSealed) {
    payload = {
      input: (await openExecutionPart(env, row.id, "input", inputSealed)) as ExecutionPayload["input"],
      output: (await openExecutionPart(env, row.id, "output", outputSealed)) as ExecutionPayload["output"],
    };
  }
  return { ...record, input: payload?.input ?? null, output: payload?.output ?? null };
}
