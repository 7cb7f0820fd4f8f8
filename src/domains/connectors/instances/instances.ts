import { and, count, desc, eq, isNull } from "drizzle-orm";
import { accounts, connectorCredentials, connectorDefinitions, connectorInstances } from "../../../db/schema";
import { ApiError, badRequest, forbidden } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { managesWorkspace, type Ctx } from "../../identity";
import { builtInDefinition } from "./catalogue";
import { instanceQuery, instanceView, openInstance, resolveInstance, visibleTo, type InstanceRecord } from "./access";
import { dropRetiredIfUnused } from "./definitions";
import { destinationChanged, requireAllowedUrls } from "../adapters/destinations";
import { schemaErrors } from "./json-schema";

/** `GET .../instances/{id}`: one instance as the caller sees it. */
export async function getInstance(ctx: Ctx, id: string, locale?: string) {
  return instanceView(ctx.auth, await openInstance(ctx, id, "read", locale));
}

/** The definition's configSchema first, then every URL in it against the SSRF rules (400 naming the field). */
async function validateConfig(env: Env, schema: Record<string, unknown>, config: Record<string, unknown>) {
  const errors = await schemaErrors(env.JSON_SCHEMA, schema, config, "config");
  if (errors.length) throw badRequest(errors, "config does not match the connector's configSchema");
  requireAllowedUrls(config, "config", env.ALLOW_PRIVATE_HOSTS);
}

export interface CreateInstanceInput {
  connectorKey: string;
  displayName: string;
  scope: "personal" | "team";
  config?: Record<string, unknown>;
}

export async function createInstance(ctx: Ctx, input: CreateInstanceInput) {
  const { db, env, auth, now } = ctx;
  // One round trip: the custom definition (if the key is not built in) and the workspace account's plan.
  const [customRows, planRows] = await db.batch([
    db
      .select()
      .from(connectorDefinitions)
      .where(
        and(
          eq(connectorDefinitions.accountId, auth.workspace.accountId),
          eq(connectorDefinitions.key, input.connectorKey),
          isNull(connectorDefinitions.retiredAt),
        ),
      ),
    db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, auth.workspace.accountId)),
  ]);
  const builtIn = builtInDefinition(input.connectorKey);
  const custom = builtIn ? undefined : customRows[0];
  if (!builtIn && !custom) throw new ApiError("NOT_FOUND", "Connector not found");
  if (input.scope === "team") {
    if (auth.workspace.kind !== "business" || planRows[0]?.plan !== "business") {
      throw forbidden("Team connectors need an active business workspace");
    }
    if (!managesWorkspace(auth)) throw forbidden("Only a workspace owner or admin can create team connectors");
  }
  const config = input.config ?? {};
  await validateConfig(env, builtIn ? builtIn.configSchema : custom!.configSchema, config);
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

export async function listInstances(ctx: Ctx, filter: ListFilter) {
  const { db, env, auth } = ctx;
  const where = and(visibleTo(auth), filter.scope ? eq(connectorInstances.scope, filter.scope) : undefined);
  const [rows, totals] = await db.batch([
    instanceQuery(db)
      .where(where)
      .orderBy(desc(connectorInstances.createdAt), desc(connectorInstances.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(connectorInstances).where(where),
  ]);
  return {
    items: rows.map((record) =>
      instanceView(auth, resolveInstance(env, auth, record as InstanceRecord, filter.locale)),
    ),
    total: totals[0]?.total ?? 0,
  };
}

export interface UpdateInstanceInput {
  displayName?: string;
  config?: Record<string, unknown>;
  enabled?: boolean;
}

/**
 * A new destination in `config` (CONTRACT "Outbound safety": a URL added, removed or changed) clears
 * the stored credentials in the same batch and the instance goes back to `pending_auth`: a token
 * issued for one host must not be sent to another, whoever changed the address.
 */
export async function updateInstance(ctx: Ctx, id: string, input: UpdateInstanceInput) {
  const { db, env, auth, now } = ctx;
  const resolved = await openInstance(ctx, id, "manage");
  const current = resolved.record.instance;
  if (input.config !== undefined) {
    if (!resolved.definition) throw new ApiError("CONNECTOR_ERROR", "The connector of this instance is not available");
    await validateConfig(env, resolved.definition.configSchema, input.config);
  }
  const moved = input.config !== undefined && destinationChanged(current.config, input.config);
  const changes = { ...input, ...(moved ? { status: "pending_auth" as const } : {}), updatedAt: now };
  const update = db.update(connectorInstances).set(changes).where(eq(connectorInstances.id, id));
  if (moved) await db.batch([update, db.delete(connectorCredentials).where(eq(connectorCredentials.instanceId, id))]);
  else await update;
  const record = {
    ...resolved.record,
    instance: { ...current, ...changes },
    credentialType: moved ? null : resolved.record.credentialType,
  };
  return instanceView(auth, resolveInstance(env, auth, record));
}

/**
 * Built-in OAuth SaaS connections are disabled (the catalogue provides them); instances of
 * `mcp-generic`, `sql-database` and custom definitions are deleted with their credentials, tools
 * and history (foreign keys cascade).
 */
export async function deleteInstance(ctx: Ctx, id: string) {
  const { db, now } = ctx;
  const resolved = await openInstance(ctx, id, "manage");
  const builtIn = resolved.record.instance.definitionId
    ? undefined
    : builtInDefinition(resolved.record.instance.connectorKey);
  if (builtIn?.oauthProvider) {
    await db.update(connectorInstances).set({ enabled: false, updatedAt: now }).where(eq(connectorInstances.id, id));
    return { id, deleted: false, enabled: false };
  }
  const definitionId = resolved.record.instance.definitionId;
  const removed = db.delete(connectorInstances).where(eq(connectorInstances.id, id));
  // The last instance on a retired definition takes the definition's row with it.
  if (definitionId) await db.batch([removed, dropRetiredIfUnused(db, definitionId)]);
  else await removed;
  return { id, deleted: true };
}
