import { and, eq, or, sql, type SQL } from "drizzle-orm";
import {
  connectorConsents,
  connectorCredentials,
  connectorDefinitions,
  connectorInstances,
  connectorTools,
} from "../../../db/schema";
import type { Db } from "../../../db/client";
import { ApiError, forbidden } from "../../../lib/errors";
import { isManagerRole, type AuthContext, type Ctx } from "../../identity";
import { builtInDefinition, resolveLocale } from "./catalogue";
import { builtInView, customView, type DefinitionView } from "./definitions";

/**
 * Who sees and may do what with an instance (CONTRACT "Instances", spec authentication rule 8),
 * computed in this one place for every route and the executor.
 */
const instanceColumns = {
  instance: {
    id: connectorInstances.id,
    connectorKey: connectorInstances.connectorKey,
    definitionId: connectorInstances.definitionId,
    scope: connectorInstances.scope,
    ownerUserId: connectorInstances.ownerUserId,
    ownerWorkspaceId: connectorInstances.ownerWorkspaceId,
    displayName: connectorInstances.displayName,
    status: connectorInstances.status,
    enabled: connectorInstances.enabled,
    config: connectorInstances.config,
    lastHealthCheck: connectorInstances.lastHealthCheck,
    healthMessage: connectorInstances.healthMessage,
    createdAt: connectorInstances.createdAt,
    updatedAt: connectorInstances.updatedAt,
  },
  // Aliased where a name repeats an instance column: D1's batch answers rows keyed by column name,
  // so a repeated name would shift every later value.
  definition: {
    id: sql<string>`${connectorDefinitions.id}`.as("definition_id_alias"),
    accountId: connectorDefinitions.accountId,
    key: connectorDefinitions.key,
    displayName: sql<string>`${connectorDefinitions.displayName}`.as("definition_display_name"),
    description: connectorDefinitions.description,
    iconUrl: connectorDefinitions.iconUrl,
    authType: connectorDefinitions.authType,
    configSchema: connectorDefinitions.configSchema,
    version: connectorDefinitions.version,
    retiredAt: connectorDefinitions.retiredAt,
  },
  credentialType: connectorCredentials.credType,
};

export interface InstanceRecord {
  instance: typeof connectorInstances.$inferSelect;
  definition: {
    id: string;
    accountId: string;
    key: string;
    displayName: string;
    description: string | null;
    iconUrl: string | null;
    authType: string;
    configSchema: Record<string, unknown>;
    version: string;
    retiredAt: string | null;
  } | null;
  credentialType: string | null;
}

/**
 * Instances the caller may see in the active workspace: their own personal ones, the workspace's
 * team ones. A third-party client (OAuth token) sees a personal instance only with its owner's
 * consent for that client and this destination workspace (spec authentication rule 8).
 */
export function visibleTo(auth: AuthContext): SQL {
  const own = and(eq(connectorInstances.scope, "personal"), eq(connectorInstances.ownerUserId, auth.user.id));
  const personal =
    auth.token.kind === "oauth"
      ? and(
          own,
          sql`exists (select 1 from ${connectorConsents} where ${connectorConsents.instanceId} = ${connectorInstances.id} and ${connectorConsents.clientId} = ${auth.token.clientId} and ${connectorConsents.workspaceId} = ${auth.workspace.id})`,
        )
      : own;
  return or(
    personal,
    and(eq(connectorInstances.scope, "team"), eq(connectorInstances.ownerWorkspaceId, auth.workspace.id)),
  )!;
}

/**
 * Tools the caller may use on the instances it sees: all of them, except that a third-party client
 * uses only the consented subset of a personal instance (undefined: no condition to add).
 */
export function toolsVisibleTo(auth: AuthContext): SQL | undefined {
  if (auth.token.kind !== "oauth") return undefined;
  return sql`(exists (select 1 from ${connectorInstances} where ${connectorInstances.id} = ${connectorTools.instanceId} and ${connectorInstances.scope} = 'team')
    or ${connectorTools.toolKey} in (select value from json_each((select ${connectorConsents.toolKeys} from ${connectorConsents} where ${connectorConsents.instanceId} = ${connectorTools.instanceId} and ${connectorConsents.clientId} = ${auth.token.clientId}))))`;
}

export interface Permissions {
  canRead: boolean;
  canManage: boolean;
  canExecute: boolean;
}

export type AuthorizationState = "connected" | "authorization_required" | "unavailable" | "permission_restricted";

export interface ResolvedInstance {
  record: InstanceRecord;
  /** The definition as this workspace sees it; null when missing or not visible here. */
  definition: DefinitionView | null;
  permissions: Permissions;
  authorizationState: AuthorizationState;
  /** Usable for execution: connected, and the definition active. */
  usable: boolean;
}

function permissionsFor(
  auth: AuthContext,
  instance: Pick<InstanceRecord["instance"], "scope" | "ownerUserId" | "ownerWorkspaceId">,
): Permissions {
  if (instance.scope === "personal") {
    const own = instance.ownerUserId === auth.user.id;
    return { canRead: own, canManage: own, canExecute: own };
  }
  const inWorkspace = instance.ownerWorkspaceId === auth.workspace.id;
  const manager = inWorkspace && isManagerRole(auth.workspace.role);
  return { canRead: inWorkspace, canManage: manager, canExecute: inWorkspace };
}

/**
 * The definition behind an instance, as visible in the active workspace (custom ones: its account's
 * workspaces only, and not once retired, which leaves the instance `unavailable`).
 */
function definitionFor(env: Env, auth: AuthContext, record: InstanceRecord, localeTag?: string): DefinitionView | null {
  if (record.instance.definitionId) {
    const custom = record.definition;
    return custom && custom.accountId === auth.workspace.accountId && custom.retiredAt === null
      ? customView(custom)
      : null;
  }
  const builtIn = builtInDefinition(record.instance.connectorKey);
  return builtIn ? builtInView(env, builtIn, resolveLocale(localeTag)) : null;
}

export function resolveInstance(
  env: Env,
  auth: AuthContext,
  record: InstanceRecord,
  localeTag?: string,
): ResolvedInstance {
  const definition = definitionFor(env, auth, record, localeTag);
  const permissions = permissionsFor(auth, record.instance);
  const { instance } = record;
  const available = instance.enabled && definition !== null && definition.isActive;
  const connected = instance.status === "active" && record.credentialType !== null;
  let authorizationState: AuthorizationState;
  if (!available) authorizationState = "unavailable";
  else if (!connected) authorizationState = "authorization_required";
  else if (!permissions.canExecute) authorizationState = "permission_restricted";
  else authorizationState = "connected";
  return { record, definition, permissions, authorizationState, usable: available && connected };
}

/** The instance query: instance, its custom definition and whether credentials exist, in one statement. */
export const instanceQuery = (db: Db) =>
  db
    .select(instanceColumns)
    .from(connectorInstances)
    .leftJoin(connectorDefinitions, eq(connectorDefinitions.id, connectorInstances.definitionId))
    .leftJoin(connectorCredentials, eq(connectorCredentials.instanceId, connectorInstances.id));

/** What a caller means to do with an instance: look at it, run its tools, or change it. */
export type InstancePermission = "read" | "execute" | "manage";

/** The 403 for each permission the caller lacks (the wording the API has always answered). */
const REFUSALS: Record<InstancePermission, { granted: keyof Permissions; message: string }> = {
  read: { granted: "canRead", message: "You cannot read this connector instance" },
  execute: { granted: "canExecute", message: "You cannot execute tools of this connector instance" },
  manage: { granted: "canManage", message: "You cannot manage this connector instance" },
};

/**
 * The one gate to an instance, for a record already read with `visibleTo`: no record is 404
 * `NOT_FOUND` (unknown, foreign and invisible alike, so an id grants nothing), a visible one
 * without the permission is 403. `openInstance` reads the record itself; the executor passes the
 * one it read in its own batch.
 */
export function admitInstance(
  ctx: Pick<Ctx, "env" | "auth">,
  record: InstanceRecord | undefined,
  permission: InstancePermission,
  localeTag?: string,
): ResolvedInstance {
  if (!record) throw new ApiError("NOT_FOUND", "Connector instance not found");
  const resolved = resolveInstance(ctx.env, ctx.auth, record, localeTag);
  const refusal = REFUSALS[permission];
  if (!resolved.permissions[refusal.granted]) throw forbidden(refusal.message);
  return resolved;
}

/** The only way to reach one instance by id: visible to the caller (else 404) and `permission` held (else 403). */
export async function openInstance(
  ctx: Ctx,
  id: string,
  permission: InstancePermission,
  localeTag?: string,
): Promise<ResolvedInstance> {
  const [record] = await instanceQuery(ctx.db).where(and(eq(connectorInstances.id, id), visibleTo(ctx.auth)));
  return admitInstance(ctx, record as InstanceRecord | undefined, permission, localeTag);
}

/** The instance as the API returns it. */
export function instanceView(auth: AuthContext, resolved: ResolvedInstance) {
  const { instance } = resolved.record;
  const definition = resolved.definition;
  return {
    id: instance.id,
    connectorKey: instance.connectorKey,
    displayName: instance.displayName,
    status: instance.status,
    enabled: instance.enabled,
    scope: instance.scope,
    workspaceId: instance.scope === "team" ? instance.ownerWorkspaceId : null,
    availableInWorkspaceId: auth.workspace.id,
    ownership: {
      ownerUserId: instance.scope === "personal" ? instance.ownerUserId : null,
      ownerWorkspaceId: instance.scope === "team" ? instance.ownerWorkspaceId : null,
    },
    permissions: resolved.permissions,
    authorizationState: resolved.authorizationState,
    provider:
      definition && resolved.authorizationState !== "unavailable"
        ? {
            key: definition.key,
            displayName: definition.displayName,
            description: definition.description,
            category: definition.category,
            authType: definition.authType,
            iconUrl: definition.iconUrl,
            version: definition.version,
          }
        : null,
    config: instance.config,
    lastHealthCheck: instance.lastHealthCheck,
    healthMessage: instance.healthMessage,
    createdAt: instance.createdAt,
    updatedAt: instance.updatedAt,
  };
}

export type InstanceView = ReturnType<typeof instanceView>;
