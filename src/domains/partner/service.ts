import { and, eq, isNull } from "drizzle-orm";
import { oauthClients, partnerKeys } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { forbidden, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { sortScopes } from "../oauth";
import type { CreateClientInput } from "./schemas";
import type { Ctx } from "../identity";

/** A live partner key holding `scope`, looked up by the key's SHA-256 (the key itself is never stored). */
export async function partnerKeyWithScope({ db }: Pick<Ctx, "db">, key: string | undefined, scope: string) {
  if (!key) throw unauthorized("A partner API key is required");
  const [row] = await db
    .select({ id: partnerKeys.id, scopes: partnerKeys.scopes })
    .from(partnerKeys)
    .where(and(eq(partnerKeys.keyHash, await sha256Hex(key)), isNull(partnerKeys.revokedAt)))
    .limit(1);
  if (!row) throw unauthorized("Invalid partner API key");
  if (!row.scopes.includes(scope)) throw forbidden(`The partner API key lacks the ${scope} scope`);
  return row;
}

/**
 * Registers a client. Confidential clients get a random secret, returned once and stored only as
 * its hash; each client's token endpoint authentication method is pinned by its type.
 */
export async function registerClient({ db }: Pick<Ctx, "db">, partnerKeyId: string, input: CreateClientInput) {
  const confidential = input.clientType === "confidential";
  const clientSecret = confidential ? randomToken("ocs_") : undefined;
  const row = {
    id: newId(),
    name: input.clientName,
    type: input.clientType,
    tokenEndpointAuthMethod: confidential ? ("client_secret_basic" as const) : ("none" as const),
    secretHash: clientSecret ? await sha256Hex(clientSecret) : null,
    redirectUris: input.redirectUris,
    grantTypes: input.grantTypes,
    allowedScopes: sortScopes(input.allowedScopes),
    partnerKeyId,
    createdAt: nowIso(),
  };
  await db.insert(oauthClients).values(row);
  return {
    clientId: row.id,
    ...(clientSecret ? { clientSecret } : {}),
    clientName: row.name,
    clientType: row.type,
    redirectUris: row.redirectUris,
    grantTypes: input.grantTypes,
    allowedScopes: row.allowedScopes,
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod,
    createdAt: row.createdAt,
  };
}
