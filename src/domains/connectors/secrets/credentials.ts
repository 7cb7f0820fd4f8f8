import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorCredentials, connectorInstances } from "../../../db/schema";
import { ApiError, badRequest } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { CredType, OpenedCredentials, TokenSet } from "../adapters/types";
import { acceptedCredTypes } from "../instances/catalogue";
import type { Ctx } from "../../identity";
import { openInstance } from "../instances/access";
import { open, seal, SealError } from "./sealing";

/**
 * The trust boundary for connector secrets: the only module that seals and opens credentials.
 * Plaintext leaves it only as `OpenedCredentials` handed to an adapter.
 */
export const CRED_TYPES = ["oauth2", "api_key", "basic_auth", "bearer_token", "connection_string", "custom"] as const;

/** The spec's credType table: keys each type needs inside `credentials`. */
const REQUIRED_KEYS: Record<CredType, string[]> = {
  oauth2: ["access_token"],
  api_key: ["apiKey"],
  basic_auth: ["username", "password"],
  bearer_token: ["token"],
  connection_string: ["connectionString"],
  custom: [],
};

const binding = (instanceId: string, credType: string) => [instanceId, credType];

export interface StoreCredentialsInput {
  credType: CredType;
  credentials: Record<string, unknown>;
  scopes?: string[];
}

/** oauth2 `expires_in` (seconds) or `expires_at` (ISO 8601) to an absolute expiry. */
function expiryOf(credentials: Record<string, unknown>, now: string): string | null {
  if (typeof credentials.expires_at === "string" && !Number.isNaN(Date.parse(credentials.expires_at)))
    return new Date(credentials.expires_at).toISOString();
  const seconds = Number(credentials.expires_in);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(Date.parse(now) + seconds * 1000).toISOString() : null;
}

/** `POST .../credentials`: validated against the definition's auth type, sealed, stored (the instance becomes active). */
export async function storeCredentials(ctx: Ctx, instanceId: string, input: StoreCredentialsInput) {
  const { db, env, now } = ctx;
  const resolved = await openInstance(ctx, instanceId, "manage");
  const instance = resolved.record.instance;
  const authType = resolved.definition?.authType ?? "none";
  if (!acceptedCredTypes(instance.connectorKey, authType).includes(input.credType)) {
    throw badRequest([
      {
        field: "credType",
        message: `this connector takes ${acceptedCredTypes(instance.connectorKey, authType).join(" or ")}`,
      },
    ]);
  }
  const missing = REQUIRED_KEYS[input.credType].filter(
    (key) => typeof input.credentials[key] !== "string" || input.credentials[key] === "",
  );
  if (missing.length) throw badRequest(missing.map((key) => ({ field: `credentials.${key}`, message: "is required" })));
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.credentials)) {
    if (typeof value === "string") values[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") values[key] = String(value);
    else throw badRequest([{ field: `credentials.${key}`, message: "must be a string" }]);
  }
  const saved = await saveCredentials(
    db,
    env,
    instance.id,
    input.credType,
    values,
    {
      expiresAt: input.credType === "oauth2" ? expiryOf(input.credentials, now) : null,
      scopes: input.credType === "oauth2" ? (input.scopes ?? []) : null,
    },
    now,
  );
  return { id: saved.id, instanceId: instance.id, credType: input.credType, rotatedAt: now };
}

/** Seals credential values for an instance (AAD: instance id + credType + key version). */
export const sealCredentials = (env: Env, instanceId: string, credType: CredType, values: Record<string, string>) =>
  seal(env.CREDENTIALS_KEY, binding(instanceId, credType), JSON.stringify(values));

/** Stores (or replaces) an instance's credentials and makes it `active`, in one batch. */
export async function saveCredentials(
  db: Db,
  env: Env,
  instanceId: string,
  credType: CredType,
  values: Record<string, string>,
  meta: { expiresAt: string | null; scopes: string[] | null },
  now: string,
) {
  const { sealed, keyVersion } = await sealCredentials(env, instanceId, credType, values);
  const row = {
    instanceId,
    id: newId(),
    credType,
    sealed,
    keyVersion,
    ...meta,
    rotatedAt: now,
    refreshLeaseUntil: null,
    refreshFailedAt: null,
  };
  await db.batch([
    db
      .insert(connectorCredentials)
      .values(row)
      .onConflictDoUpdate({ target: connectorCredentials.instanceId, set: { ...row, instanceId: undefined } }),
    db
      .update(connectorInstances)
      .set({ status: "active", updatedAt: now })
      .where(eq(connectorInstances.id, instanceId)),
  ]);
  return row;
}

/** What an OAuth token answer stores: the tokens sealed, expiry and scopes beside them. */
export function oauthCredentialValues(tokens: TokenSet, previousRefreshToken?: string) {
  const values: Record<string, string> = { access_token: tokens.access_token };
  // A refresh answer without a new refresh token means the old one stays valid.
  const refreshToken = tokens.refresh_token ?? previousRefreshToken;
  if (refreshToken) values.refresh_token = refreshToken;
  return { values, expiresAt: tokens.expires_at ?? null, scopes: tokens.scopes ?? null };
}

/** `GET .../credentials/status`: whether credentials are stored, for anyone who sees the instance. */
export async function credentialStatus(ctx: Ctx, instanceId: string) {
  await openInstance(ctx, instanceId, "read");
  const [row] = await ctx.db
    .select({
      credType: connectorCredentials.credType,
      expiresAt: connectorCredentials.expiresAt,
      scopes: connectorCredentials.scopes,
    })
    .from(connectorCredentials)
    .where(eq(connectorCredentials.instanceId, instanceId));
  return {
    configured: Boolean(row),
    credType: row?.credType ?? null,
    expiresAt: row?.expiresAt ?? null,
    scopes: row?.scopes ?? null,
  };
}

/**
 * Deletes an instance's credentials (the instance goes to `pending_auth`). Nothing stored is 409
 * `CONNECTOR_ERROR` (404 means the instance); the DELETE's own RETURNING decides, so of two
 * concurrent calls exactly one answers the record.
 */
export async function deleteCredentials(ctx: Ctx, instanceId: string) {
  const { db, now } = ctx;
  await openInstance(ctx, instanceId, "manage");
  const [deleted] = await db.batch([
    db
      .delete(connectorCredentials)
      .where(eq(connectorCredentials.instanceId, instanceId))
      .returning({ id: connectorCredentials.id, credType: connectorCredentials.credType }),
    db
      .update(connectorInstances)
      .set({ status: "pending_auth", updatedAt: now })
      .where(eq(connectorInstances.id, instanceId)),
  ]);
  const row = deleted[0];
  if (!row) throw new ApiError("CONNECTOR_ERROR", "No credentials are stored");
  return { id: row.id, instanceId, credType: row.credType, rotatedAt: now };
}

/** Opens a stored credential row for an adapter. */
export async function openCredentials(
  env: Env,
  instanceId: string,
  row: { credType: string; sealed: string },
): Promise<OpenedCredentials> {
  try {
    const values = JSON.parse(await open(env.CREDENTIALS_KEY, binding(instanceId, row.credType), row.sealed)) as Record<
      string,
      string
    >;
    return { credType: row.credType as CredType, values };
  } catch (error) {
    // A retired key or a row that was tampered with: the caller must store the credentials again.
    if (error instanceof SealError)
      throw new ApiError("CONNECTOR_ERROR", "The stored credentials cannot be opened; store them again");
    throw error;
  }
}

/** Opens the input or output of an execution recorded before its payload moved to R2 (migration 0010). */
export const openExecutionPart = async (env: Env, executionId: string, part: "input" | "output", sealed: string) =>
  JSON.parse(await open(env.CREDENTIALS_KEY, ["execution", executionId, part], sealed)) as unknown;
