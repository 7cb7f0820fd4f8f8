import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { inWorkspace, ownedByAccount, ownedByUser, users, workspaces } from "./identity";
import { oauthClients } from "./oauth";

/**
 * Connectors (docs/connectors.md, docs/storage.md). Built-in definitions are static data
 * (`src/domains/connectors/catalogue.ts`); only custom definitions live here.
 * Secret columns: `connector_definitions.auth_config` (may hold a client secret; never returned),
 * `connector_credentials.sealed`, `connector_executions.input_sealed`/`output_sealed` (AES-GCM,
 * `credentials.ts`; new rows keep their sealed payload in R2, `payloads.ts`), `connector_oauth_states.code_verifier`.
 */
export const connectorDefinitions = sqliteTable(
  "connector_definitions",
  {
    id: text("id").primaryKey(),
    /** The account that owns the workspace the definition was created in; visible in its workspaces only. */
    accountId: ownedByAccount(),
    key: text("key").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description"),
    iconUrl: text("icon_url"),
    authType: text("auth_type").notNull(),
    /** Secret-bearing (oauth2 client id, URLs, scopes, possibly a client secret): never returned. */
    authConfig: text("auth_config", { mode: "json" }).$type<Record<string, unknown> | null>(),
    configSchema: text("config_schema", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    version: text("version").notNull(),
    createdAt: createdAt(),
    /**
     * Set when the definition was deleted while other people's personal instances still use it:
     * hidden from the catalogue, its key free for a new definition; the row goes with its last instance.
     */
    retiredAt: text("retired_at"),
  },
  (t) => [uniqueIndex("connector_definitions_account_key_idx").on(t.accountId, t.key).where(sql`retired_at IS NULL`)],
);

export const connectorInstances = sqliteTable(
  "connector_instances",
  {
    id: text("id").primaryKey(),
    connectorKey: text("connector_key").notNull(),
    /** Set for instances of a custom definition; its row goes (cascading here) once no instance uses it. */
    definitionId: text("definition_id").references(() => connectorDefinitions.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: ["personal", "team"] }).notNull(),
    /** Personal instances: the owner. Null for team instances. */
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Team instances: the owning business workspace. Null for personal instances. */
    ownerWorkspaceId: text("owner_workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    status: text("status", { enum: ["pending_auth", "active", "error", "inactive"] }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    lastHealthCheck: text("last_health_check"),
    healthMessage: text("health_message"),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("connector_instances_owner_user_idx").on(t.ownerUserId, t.createdAt),
    index("connector_instances_owner_workspace_idx").on(t.ownerWorkspaceId, t.createdAt),
    index("connector_instances_definition_idx").on(t.definitionId),
  ],
);

/** One credential per instance; `sealed` is AES-256-GCM over the JSON of the values (AAD = instance + credType + key version). */
export const connectorCredentials = sqliteTable("connector_credentials", {
  instanceId: text("instance_id")
    .primaryKey()
    .references(() => connectorInstances.id, { onDelete: "cascade" }),
  id: text("id").notNull(),
  credType: text("cred_type").notNull(),
  sealed: text("sealed").notNull(),
  keyVersion: text("key_version").notNull(),
  expiresAt: text("expires_at"),
  scopes: text("scopes", { mode: "json" }).$type<string[] | null>(),
  rotatedAt: text("rotated_at").notNull(),
  /** Refresh lease (the cron takes it with one conditional UPDATE). */
  refreshLeaseUntil: text("refresh_lease_until"),
  /** When the token endpoint last declared the grant dead (cleared by a success): one notice per failure, one per recovery. */
  refreshFailedAt: text("refresh_failed_at"),
});

export const connectorTools = sqliteTable(
  "connector_tools",
  {
    id: text("id").primaryKey(),
    instanceId: text("instance_id")
      .notNull()
      .references(() => connectorInstances.id, { onDelete: "cascade" }),
    toolKey: text("tool_key").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description"),
    inputSchema: text("input_schema", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    outputSchema: text("output_schema", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    requiresApproval: integer("requires_approval", { mode: "boolean" }).notNull(),
    rateLimitRpm: integer("rate_limit_rpm"),
    isActive: integer("is_active", { mode: "boolean" }).notNull(),
    source: text("source", { enum: ["auto_discovered", "manual"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("connector_tools_instance_key_idx").on(t.instanceId, t.toolKey)],
);

export const connectorExecutions = sqliteTable(
  "connector_executions",
  {
    id: text("id").primaryKey(),
    instanceId: text("instance_id")
      .notNull()
      .references(() => connectorInstances.id, { onDelete: "cascade" }),
    toolId: text("tool_id").notNull(),
    toolKey: text("tool_key").notNull(),
    status: text("status", { enum: ["success", "error"] }).notNull(),
    actorId: text("actor_id").notNull(),
    actorType: text("actor_type", { enum: ["user", "agent"] }).notNull(),
    runId: text("run_id"),
    durationMs: integer("duration_ms").notNull(),
    httpStatus: integer("http_status"),
    errorMessage: text("error_message"),
    /**
     * R2 key (`executions/<id>`) of the sealed `{ input, output }` (CONTRACT "Sizes": a D1 row holds
     * at most 2 MB, a recorded output up to 5 MiB). Rows from before migration 0010 have it null and
     * keep their payload in the two sealed columns (AAD = execution id + "input"/"output").
     */
    payloadKey: text("payload_key"),
    inputSealed: text("input_sealed"),
    outputSealed: text("output_sealed"),
    createdAt: createdAt(),
  },
  (t) => [index("connector_executions_instance_created_idx").on(t.instanceId, t.createdAt, t.id)],
);

/**
 * One row per queued tool call (the tool-executions queue), keyed by the caller's call id: the claim
 * that makes a redelivered message never run a call twice. `state`: `running` (claimed), `retry`
 * (a transient failure released it), `done` (ran; `execution_id` is its history row), `failed`
 * (refused, interrupted, or out of retries and dead-lettered).
 * `dispatched` (set by a conditional UPDATE just before the external call): from there only an
 * answer that says "not processed" (429, 503) releases the call to `retry`; whatever else happens,
 * a redelivery never calls again (CONTRACT "Retries").
 */
export const connectorToolCalls = sqliteTable(
  "connector_tool_calls",
  {
    callId: text("call_id").primaryKey(),
    instanceId: text("instance_id")
      .notNull()
      .references(() => connectorInstances.id, { onDelete: "cascade" }),
    toolId: text("tool_id").notNull(),
    runId: text("run_id"),
    state: text("state", { enum: ["running", "dispatched", "retry", "done", "failed"] }).notNull(),
    attempts: integer("attempts").notNull(),
    executionId: text("execution_id"),
    error: text("error"),
    claimedAt: text("claimed_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("connector_tool_calls_run_idx").on(t.runId)],
);

/**
 * Automation consent (spec authentication rule 8): the owner of a personal instance lets one OAuth
 * client use a subset of its tools, for one destination workspace and one output audience.
 * Revoking deletes the row; calls already made stay in the history.
 */
export const connectorConsents = sqliteTable(
  "connector_consents",
  {
    instanceId: text("instance_id")
      .notNull()
      .references(() => connectorInstances.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    toolKeys: text("tool_keys", { mode: "json" }).$type<string[]>().notNull(),
    workspaceId: inWorkspace(),
    audience: text("audience", { enum: ["owner", "workspace"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: text("updated_at").notNull(),
  },
  // By client, as the OAuth flows' (migration 0022): the key leads with the instance.
  (t) => [primaryKey({ columns: [t.instanceId, t.clientId] }), index("connector_consents_client_idx").on(t.clientId)],
);

/** OAuth hand-off state: stored hashed, single use, 10 minutes (consumed by one conditional statement). */
export const connectorOauthStates = sqliteTable(
  "connector_oauth_states",
  {
    stateHash: text("state_hash").notNull(),
    instanceId: text("instance_id")
      .notNull()
      .references(() => connectorInstances.id, { onDelete: "cascade" }),
    userId: ownedByUser(),
    connectorKey: text("connector_key").notNull(),
    /** PKCE verifier (secret until used). */
    codeVerifier: text("code_verifier"),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.stateHash] }), index("connector_oauth_states_expires_idx").on(t.expiresAt)],
);

/**
 * R2 objects whose D1 row is gone, filled by triggers (migration 0010) on every delete of an
 * execution or a tool call, cascades included, and emptied by the cron (`purgeDeletedPayloads`).
 */
export const connectorBlobDeletions = sqliteTable("connector_blob_deletions", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});
