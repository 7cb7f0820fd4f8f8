import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connectorExecutions } from "../../db/schema";

/** The history of an instance, newest first; sealed input and output are never selected here. */
export async function listExecutions(db: Db, instanceId: string, limit: number, offset: number) {
  const where = eq(connectorExecutions.instanceId, instanceId);
  const [items, totals] = await db.batch([
    db
      .select({
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
      })
      .from(connectorExecutions)
      .where(where)
      .orderBy(desc(connectorExecutions.createdAt), desc(connectorExecutions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(connectorExecutions).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}
