import { and, eq, or, sql, type SQL } from "drizzle-orm";
import {
  connectorConsents,
  connectorCredentials,
  connectorDefinitions,
  connectorInstances,
  connectorTools,
} from "../../db/schema";
import type { AuthContext } from "../identity";
import { builtInDefinition, resolveLocale } from "./catalogue";
import { builtInView, customView, type DefinitionView } from "./definitions";

/**
 * Who sees and may do what with an instance (CONTRACT "Instances", spec authentication rule 8),
 * computed in this one place for every route and the executor.
 */
export const instanceColumns = {
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

export function permissionsFor(
  auth: AuthContext,
  instance: Pick<InstanceRecord["instance"], "scope" | "ownerUserId" | "ownerWorkspaceId">,
): Permissions {
  if (instance.scope === "personal") {
    const own = instance.ownerUserId === auth.user.id;
    return { canRead: own, canManage: own, canExecute: own };
  }
  const inWorkspace = instance.ownerWorkspaceId === auth.workspace.id;
  const manager = inWorkspace && (auth.workspace.role === "owner" || auth.workspace.role === "admin");
  return { canRead: inWorkspace, canManage: manager, canExecute: inWorkspace };
}

/**
 * The definition behind an instance, as visible in the active workspace (custom ones: its account's
 * workspaces only, and not once retired, which leaves the instance `unavailable`).
 */
export function definitionFor(
  env: Env,
  auth: AuthContext,
  record: InstanceRecord,
  localeTag?: string,
): DefinitionView | null {
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
