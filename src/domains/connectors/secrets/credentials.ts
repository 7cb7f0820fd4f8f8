import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorCredentials, connectorInstances } from "../../../db/schema";
import { ApiError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { CredType, OpenedCredentials, TokenSet } from "../../../../shared/connectors/adapter-port";
import { open, seal, SealError } from "./sealing";

/**
 * The trust boundary for connector secrets: the only module that seals and opens credentials.
 * Plaintext leaves it only as `OpenedCredentials` handed to an adapter.
 */
export const CRED_TYPES = ["oauth2", "api_key", "basic_auth", "bearer_token", "connection_string", "custom"] as const;

/** The spec's credType table: keys each type needs inside `credentials`. */
export const REQUIRED_KEYS: Record<CredType, string[]> = {
  oauth2: ["access_token"],
  api_key: ["apiKey"],
  basic_auth: ["username", "password"],
  bearer_token: ["token"],
  connection_string: ["connectionString"],
  custom: [],
};

const binding = (instanceId: string, credType: string) => [instanceId, credType];

/** oauth2 `expires_in` (seconds) or `expires_at` (ISO 8601) to an absolute expiry. */
export function expiryOf(credentials: Record<string, unknown>, now: string): string | null {
  if (typeof credentials.expires_at === "string" && !Number.isNaN(Date.parse(credentials.expires_at)))
    return new Date(credentials.expires_at).toISOString();
  const seconds = Number(credentials.expires_in);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(Date.parse(now) + seconds * 1000).toISOString() : null;
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
