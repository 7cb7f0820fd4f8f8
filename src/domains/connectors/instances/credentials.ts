import { eq } from "drizzle-orm";
import { connectorCredentials, connectorInstances } from "../../../db/schema";
import { ApiError, badRequest } from "../../../lib/errors";
import type { Ctx } from "../../identity";
import type { CredType } from "../../../../shared/connectors/adapter-port";
import { expiryOf, REQUIRED_KEYS, saveCredentials } from "../secrets";
import { openInstance } from "./access";
import { acceptedCredTypes } from "./catalogue";

/**
 * An instance's credentials as its verbs see them: store, status, delete, each past `openInstance`.
 * Sealing and opening stay behind the secrets door (secrets/index.ts); no value is read back here.
 */

export interface StoreCredentialsInput {
  credType: CredType;
  credentials: Record<string, unknown>;
  scopes?: string[];
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
