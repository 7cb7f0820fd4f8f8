import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, connectorCredentials, connectorDefinitions, connectorInstances } from "../../db/schema";
import { ApiError, badRequest, forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { AuthContext } from "../identity";
import { builtInDefinition } from "./catalogue";
import { instanceColumns, instanceView, resolveInstance, visibleTo, type InstanceRecord, type ResolvedInstance } from "./access";

import { schemaErrors } from "./json-schema";

const notFound = () => new ApiError("NOT_FOUND", "Connector instance not found");

/** The instance query: instance, its custom definition and whether credentials exist, in one statement. */
export const instanceQuery = (db: Db) =>
  db
    .select(instanceColumns)
    .from(connectorInstances)
    .leftJoin(connectorDefinitions, eq(connectorDefinitions.id, connectorInstances.definitionId))
    .leftJoin(connectorCredentials, eq(connectorCredentials.instanceId, connectorInstances.id));

/** A visible instance, resolved for the caller; anything else (unknown, foreign, invisible) is 404 `NOT_FOUND`. */
export async function loadInstance(db: Db, env: Env, auth: AuthContext, id: string, locale?: string): Promise<ResolvedInstance> {
  const [record] = await instanceQuery(db).where(and(eq(connectorInstances.id, id), visibleTo(auth)));
  if (!record) throw notFound();
  return resolveInstance(env, auth, record as InstanceRecord, locale);
}

export const requireManage = (resolved: ResolvedInstance) => {
  if (!resolved.permissions.canManage) throw forbidden("You cannot manage this connector instance");
};

function validateConfig(schema: Record<string, unknown>, config: Record<string, unknown>) {
  const errors = schemaErrors(schema, config, "config");
  if (errors.length) throw badRequest(errors, "config does not match the connector's configSchema");
}

export interface CreateInstanceInput {
  connectorKey: string;
  displayName: string;
  scope: "personal" | "team";
  config?: Record<string, unknown>;
}

export async function createInstance(db: Db, env: Env, auth: AuthContext, input: CreateInstanceInput, now: string) {
  // One round trip: the custom definition (if the key is not built in) and the workspace account's plan.
  const [customRows, planRows] = await db.batch([
    db.select().from(connectorDefinitions).where(and(eq(connectorDefinitions.accountId, auth.workspace.accountId), eq(connectorDefinitions.key, input.connectorKey))),
    db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, auth.workspace.accountId)),
  ]);
  const builtIn = builtInDefinition(input.connectorKey);
  const custom = builtIn ? undefined : customRows[0];
  if (!builtIn && !custom) throw new ApiError("NOT_FOUND", "Connector not found");
  if (input.scope === "team") {
    const manager = auth.workspace.role === "owner" || auth.workspace.role === "admin";
    if (auth.workspace.kind !== "business" || planRows[0]?.plan !== "business") {
      throw forbidden("Team connectors need an active business workspace");
    }
    if (!manager) throw forbidden("Only a workspace owner or admin can create team connectors");
  }
  const config = input.config ?? {};
  validateConfig(builtIn ? builtIn.configSchema : custom!.configSchema, config);
  const instance: InstanceRecord["instance"] = {
    id: newId(),
    connectorKey: input.connectorKey,
    definitionId: custom?.id ?? null,
    scope: input.scope,
    ownerUserId: input.scope === "personal" ? auth.user.id : null,
    ownerWorkspaceId: input.scope === "team" ? auth.workspace.id : null,
    displayName: input.displayName,
    status: "pending_auth",
    enabled: true,
    config,
    lastHealthCheck: null,
    healthMessage: null,
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(connectorInstances).values(instance);
  const definition = custom ?? null;
  const resolved = resolveInstance(env, auth, { instance, definition, credentialType: null });
  return instanceView(auth, resolved);
}

export interface ListFilter {
  scope?: "personal" | "team";
  locale?: string;
  limit: number;
  offset: number;
}

export async function listInstances(db: Db, env: Env, auth: AuthContext, filter: ListFilter) {
  const where = and(visibleTo(auth), filter.scope ? eq(connectorInstances.scope, filter.scope) : undefined);
  const [rows, totals] = await db.batch([
    instanceQuery(db).where(where).orderBy(desc(connectorInstances.createdAt), desc(connectorInstances.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(connectorInstances).where(where),
  ]);
  return {
    items: rows.map((record) => instanceView(auth, resolveInstance(env, auth, record as InstanceRecord, filter.locale))),
    total: totals[0]?.total ?? 0,
  };
}

export interface UpdateInstanceInput {
  displayName?: string;
  config?: Record<string, unknown>;
  enabled?: boolean;
}

export async function updateInstance(db: Db, env: Env, auth: AuthContext, id: string, input: UpdateInstanceInput, now: string) {
  const resolved = await loadInstance(db, env, auth, id);
  requireManage(resolved);
  if (input.config !== undefined) {
    if (!resolved.definition) throw new ApiError("CONNECTOR_ERROR", "The connector of this instance is not available");
    validateConfig(resolved.definition.configSchema, input.config);
  }
  const changes = { ...input, updatedAt: now };
  await db.update(connectorInstances).set(changes).where(eq(connectorInstances.id, id));
  const record = { ...resolved.record, instance: { ...resolved.record.instance, ...changes } };
  return instanceView(auth, resolveInstance(env, auth, record));
}

/**
 * Built-in OAuth SaaS connections are disabled (the catalogue provides them); instances of
 * `mcp-generic`, `sql-database` and custom definitions are deleted with their credentials, tools
 * and history (foreign keys cascade).
 */
export async function deleteInstance(db: Db, env: Env, auth: AuthContext, id: string, now: string) {
  const resolved = await loadInstance(db, env, auth, id);
  requireManage(resolved);
  const builtIn = resolved.record.instance.definitionId ? undefined : builtInDefinition(resolved.record.instance.connectorKey);
  if (builtIn?.oauthProvider) {
    await db.update(connectorInstances).set({ enabled: false, updatedAt: now }).where(eq(connectorInstances.id, id));
    return { id, deleted: false, enabled: false };
  }
  await db.delete(connectorInstances).where(eq(connectorInstances.id, id));
  return { id, deleted: true };
}
