import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorDefinitions, connectorInstances } from "../../../db/schema";
import { ApiError, badRequest, conflictOnDuplicate, forbidden } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { managesWorkspace, type AuthContext, type Ctx } from "../../identity";
import type { JsonSchema } from "../../../../shared/connectors/adapter-port";
import { requireAllowedUrls } from "../adapters/destinations";
import { validateOAuth2AuthConfig } from "../secrets";
import {
  CATALOGUE,
  builtInDefinition,
  isBuiltInActive,
  resolveLocale,
  type BuiltInDefinition,
  type Locale,
} from "./catalogue";

/** A definition as the API shows it (public metadata only: never `authConfig`). */
export interface DefinitionView {
  key: string;
  displayName: string;
  description: string;
  category: string;
  authType: string;
  configSchema: JsonSchema;
  isSystem: boolean;
  isActive: boolean;
  version: string;
  supportedFeatures: string[];
  subType: string | null;
  iconUrl: string | null;
}

export type CustomDefinitionRow = typeof connectorDefinitions.$inferSelect;

/** The version every custom definition carries (they have no release cycle of their own). */
const CUSTOM_VERSION = "1.0.0";
/** Path segments under /connectors that a custom key would shadow. */
const RESERVED_KEYS = new Set(["instances", "definitions", "oauth"]);
/**
 * CONTRACT "Tools and execution": the first segment of the toolKeys of the AI capabilities' steps
 * (`web.search`, `web.fetch`, `image.generate`, `video.generate`, `audio.generate`). A run names a
 * connector tool `<connectorKey>.<toolKey>`, so a custom `web` with a tool `search` would be shown
 * (in events, history and the executions list) as the search capability's step.
 */
const CAPABILITY_STEP_KEYS: readonly string[] = ["web", "image", "video", "audio"];

export const builtInView = (env: Env, definition: BuiltInDefinition, locale: Locale): DefinitionView => ({
  key: definition.key,
  displayName: definition.displayName[locale],
  description: definition.description[locale],
  category: definition.category,
  authType: definition.authType,
  configSchema: definition.configSchema,
  isSystem: true,
  isActive: isBuiltInActive(env, definition),
  version: definition.version,
  supportedFeatures: definition.supportedFeatures,
  subType: definition.subType,
  iconUrl: definition.iconUrl,
});

export const customView = (
  row: Pick<
    CustomDefinitionRow,
    "key" | "displayName" | "description" | "authType" | "configSchema" | "version" | "iconUrl"
  >,
): DefinitionView => ({
  key: row.key,
  displayName: row.displayName,
  description: row.description ?? "",
  category: "custom",
  authType: row.authType,
  configSchema: row.configSchema,
  isSystem: false,
  isActive: true,
  version: row.version,
  supportedFeatures: ["custom_tools", "health_check"],
  subType: null,
  iconUrl: row.iconUrl,
});

export interface DefinitionFilter {
  category?: string;
  isActive?: boolean;
  locale?: string;
}

/** The account's custom definitions that are not retired (a retired one is gone from the catalogue). */
const currentOf = (accountId: string) =>
  and(eq(connectorDefinitions.accountId, accountId), isNull(connectorDefinitions.retiredAt));

export async function listDefinitions(ctx: Ctx, filter: DefinitionFilter): Promise<DefinitionView[]> {
  const { db, env, auth } = ctx;
  const locale = resolveLocale(filter.locale);
  const custom = await db
    .select()
    .from(connectorDefinitions)
    .where(currentOf(auth.workspace.accountId))
    .orderBy(connectorDefinitions.key);
  return [...CATALOGUE.map((d) => builtInView(env, d, locale)), ...custom.map(customView)].filter(
    (view) =>
      (filter.category === undefined || view.category === filter.category) &&
      (filter.isActive === undefined || view.isActive === filter.isActive),
  );
}

export async function getDefinition(ctx: Ctx, key: string, localeTag?: string): Promise<DefinitionView> {
  const { db, env, auth } = ctx;
  const builtIn = builtInDefinition(key);
  if (builtIn) return builtInView(env, builtIn, resolveLocale(localeTag));
  const [row] = await db
    .select()
    .from(connectorDefinitions)
    .where(and(currentOf(auth.workspace.accountId), eq(connectorDefinitions.key, key)));
  if (!row) throw new ApiError("NOT_FOUND", "Connector not found");
  return customView(row);
}

export interface CreateDefinitionInput {
  key: string;
  displayName: string;
  description?: string;
  iconUrl?: string;
  authType: string;
  authConfig?: Record<string, unknown>;
  configSchema?: JsonSchema;
}

/**
 * CONTRACT "Tools and execution": creating or deleting a custom definition takes the account owner
 * (acting in any of the account's workspaces) or an `owner`/`admin` of the active workspace; a
 * member would otherwise take keys in, or remove connectors from, an account that is not theirs.
 */
function requireDefinitionManager(auth: AuthContext, action: "create" | "delete") {
  const isAccountOwner = auth.accountId === auth.workspace.accountId;
  if (!isAccountOwner && !managesWorkspace(auth)) {
    throw forbidden(`Only the account owner or a workspace owner or admin may ${action} custom connectors`);
  }
}

export async function createDefinition(ctx: Ctx, input: CreateDefinitionInput): Promise<DefinitionView> {
  const { db, env, auth, now } = ctx;
  requireDefinitionManager(auth, "create");
  if (CAPABILITY_STEP_KEYS.includes(input.key)) {
    throw badRequest([
      { field: "key", message: `is reserved for the AI capabilities' steps (${CAPABILITY_STEP_KEYS.join(", ")})` },
    ]);
  }
  if (builtInDefinition(input.key) || RESERVED_KEYS.has(input.key))
    throw new ApiError("conflict", `The key "${input.key}" is reserved for a built-in connector`);
  // An oauth2 definition's endpoints must have the spec's shape; every URL in authConfig must pass
  // the SSRF rules now (and again on every request), so a refused one is named at once.
  if (input.authType === "oauth2") validateOAuth2AuthConfig(input.authConfig, env.ALLOW_PRIVATE_HOSTS);
  requireAllowedUrls(input.authConfig ?? {}, "authConfig", env.ALLOW_PRIVATE_HOSTS);
  const row: CustomDefinitionRow = {
    id: newId(),
    accountId: auth.workspace.accountId,
    key: input.key,
    displayName: input.displayName,
    description: input.description ?? null,
    iconUrl: input.iconUrl ?? null,
    authType: input.authType,
    authConfig: input.authConfig ?? null,
    configSchema: input.configSchema ?? { type: "object" },
    version: CUSTOM_VERSION,
    createdAt: now,
    retiredAt: null,
  };
  await conflictOnDuplicate(
    () => db.insert(connectorDefinitions).values(row),
    `A connector with the key "${input.key}" already exists`,
  );
  return customView(row);
}

/**
 * Deletes a custom definition as CONTRACT decides (spec rule 8 keeps personal instances their
 * owner's): the definition is retired (gone from the catalogue, its key free again); its team
 * instances and the caller's own personal instances are deleted with their credentials, tools and
 * history (foreign keys cascade); other people's personal instances stay, `unavailable`, until their
 * owners delete them, and the retired row goes with the last of them. One batch, one transaction.
 */
export async function deleteDefinition(ctx: Ctx, key: string): Promise<void> {
  const { db, auth, now } = ctx;
  if (builtInDefinition(key)) throw forbidden("Built-in connectors cannot be deleted");
  const [row] = await db
    .select({ id: connectorDefinitions.id })
    .from(connectorDefinitions)
    .where(and(currentOf(auth.workspace.accountId), eq(connectorDefinitions.key, key)));
  if (!row) throw new ApiError("NOT_FOUND", "Connector not found");
  requireDefinitionManager(auth, "delete");
  await db.batch([
    db
      .delete(connectorInstances)
      .where(
        and(
          eq(connectorInstances.definitionId, row.id),
          or(
            eq(connectorInstances.scope, "team"),
            and(eq(connectorInstances.scope, "personal"), eq(connectorInstances.ownerUserId, auth.user.id)),
          ),
        ),
      ),
    db.update(connectorDefinitions).set({ retiredAt: now }).where(eq(connectorDefinitions.id, row.id)),
    dropRetiredIfUnused(db, row.id),
  ]);
}

/** Removes a retired definition once no instance uses it any more (a no-op otherwise). */
export const dropRetiredIfUnused = (db: Db, definitionId: string) =>
  db
    .delete(connectorDefinitions)
    .where(
      and(
        eq(connectorDefinitions.id, definitionId),
        sql`${connectorDefinitions.retiredAt} is not null`,
        sql`not exists (select 1 from ${connectorInstances} where ${connectorInstances.definitionId} = ${definitionId})`,
      ),
    );
