import { and, eq, sql } from "drizzle-orm";
import { connectorConsents, connectorTools, memberships, oauthClients } from "../../../db/schema";
import { ApiError, badRequest } from "../../../lib/errors";
import type { Ctx } from "../../identity";
import { openInstance, type ResolvedInstance } from "./access";

/**
 * Automation consent (spec authentication rule 8, CONTRACT "Connector tools for agents"): the owner
 * of a personal instance names the OAuth client, the tool subset, the destination workspace and the
 * output audience. Team instances follow workspace permissions and take no consent.
 */
export interface ConsentInput {
  toolKeys: string[];
  workspaceId: string;
  audience: "owner" | "workspace";
}

const consentNotFound = () => new ApiError("NOT_FOUND", "Consent not found");

const consentColumns = {
  clientId: connectorConsents.clientId,
  clientName: oauthClients.name,
  toolKeys: connectorConsents.toolKeys,
  workspaceId: connectorConsents.workspaceId,
  audience: connectorConsents.audience,
  createdAt: connectorConsents.createdAt,
  updatedAt: connectorConsents.updatedAt,
};

/** The owner of a personal instance, and only they, manage its consents. */
async function ownPersonalInstance(ctx: Ctx, instanceId: string): Promise<ResolvedInstance> {
  const resolved = await openInstance(ctx, instanceId, "manage");
  if (resolved.record.instance.scope !== "personal") {
    throw new ApiError(
      "CONNECTOR_ERROR",
      "Team instances follow workspace permissions; consents apply to personal instances",
    );
  }
  return resolved;
}

export async function putConsent(ctx: Ctx, instanceId: string, clientId: string, input: ConsentInput) {
  const { db, auth, now } = ctx;
  await ownPersonalInstance(ctx, instanceId);
  const toolKeys = [...new Set(input.toolKeys)];
  const [clients, membership, tools] = await db.batch([
    db.select({ name: oauthClients.name }).from(oauthClients).where(eq(oauthClients.id, clientId)),
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, input.workspaceId), eq(memberships.userId, auth.user.id))),
    // One JSON parameter for the whole list: D1 binds at most 100 parameters per statement.
    db
      .select({ toolKey: connectorTools.toolKey })
      .from(connectorTools)
      .where(
        and(
          eq(connectorTools.instanceId, instanceId),
          sql`${connectorTools.toolKey} IN (SELECT value FROM json_each(${JSON.stringify(toolKeys)}))`,
        ),
      ),
  ]);
  if (!clients[0]) throw new ApiError("NOT_FOUND", "OAuth client not found");
  if (!membership[0]) throw badRequest([{ field: "workspaceId", message: "must be a workspace you are a member of" }]);
  const known = new Set(tools.map((tool) => tool.toolKey));
  const unknown = toolKeys.filter((key) => !known.has(key));
  if (unknown.length)
    throw badRequest([{ field: "toolKeys", message: `not tools of this instance: ${unknown.join(", ")}` }]);

  const row = {
    instanceId,
    clientId,
    toolKeys,
    workspaceId: input.workspaceId,
    audience: input.audience,
    createdAt: now,
    updatedAt: now,
  };
  const [saved] = await db
    .insert(connectorConsents)
    .values(row)
    .onConflictDoUpdate({
      target: [connectorConsents.instanceId, connectorConsents.clientId],
      set: { toolKeys, workspaceId: input.workspaceId, audience: input.audience, updatedAt: now },
    })
    .returning();
  const { instanceId: _instance, ...consent } = saved!;
  return { ...consent, clientName: clients[0].name };
}

export async function listConsents(ctx: Ctx, instanceId: string) {
  await ownPersonalInstance(ctx, instanceId);
  return ctx.db
    .select(consentColumns)
    .from(connectorConsents)
    .innerJoin(oauthClients, eq(oauthClients.id, connectorConsents.clientId))
    .where(eq(connectorConsents.instanceId, instanceId))
    .orderBy(connectorConsents.createdAt);
}

/** Revokes one client's consent: future calls only (history stays). */
export async function revokeConsent(ctx: Ctx, instanceId: string, clientId: string) {
  await ownPersonalInstance(ctx, instanceId);
  const [deleted] = await ctx.db
    .delete(connectorConsents)
    .where(and(eq(connectorConsents.instanceId, instanceId), eq(connectorConsents.clientId, clientId)))
    .returning({ clientId: connectorConsents.clientId });
  if (!deleted) throw consentNotFound();
  return { clientId: deleted.clientId, revoked: true as const };
}
