import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oauthClients } from "../../db/schema/oauth";
import { sha256Hex, timingSafeEqual } from "../../lib/crypto";
import { isUuid } from "../../lib/ids";
import { isMetadataClientId } from "./client-metadata";
import { oauthError } from "./errors";
import type { Ctx } from "../identity";

export type OAuthClient = typeof oauthClients.$inferSelect;

/** Form fields after the duplicate check: every parameter appears at most once (RFC 6749 §3.2). */
export type OAuthForm = Record<string, string | undefined>;

/**
 * The row a client id names: a registered client's UUID (any case), or the URL of a metadata
 * document exactly as written (its row is written when a flow starts; docs/oauth.md). Anything
 * else names no row.
 */
export function clientRowKey(clientId: string): string | undefined {
  if (isUuid(clientId)) return clientId.toLowerCase();
  return isMetadataClientId(clientId) ? clientId : undefined;
}

export async function findClient(db: Db, clientId: string): Promise<OAuthClient | undefined> {
  const key = clientRowKey(clientId);
  if (key === undefined) return undefined;
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, key)).limit(1);
  return row;
}

/** `application/x-www-form-urlencoded` decoding of one Basic credential (RFC 6749 §2.3.1). */
function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

function parseBasic(header: string): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
  if (!match) return null;
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  return id === null || secret === null ? null : { id, secret };
}

const failed = () => oauthError("invalid_client", "Client authentication failed");

/** The credentials a token or revoke request presents: HTTP Basic (id and secret) or a bare `client_id`. */
export interface PresentedClient {
  id: string;
  /** Present for `client_secret_basic`; absent for public clients (`none`). */
  secret?: string;
}

/**
 * The client authentication a request presents, checked for shape before anything is read. Each
 * client is pinned to one method: confidential clients use `client_secret_basic`, public clients
 * `none` (`client_id` in the body). Presenting credentials both ways at once is refused, as RFC
 * 6749 §2.3 requires.
 */
export function presentedClient(authorization: string | undefined, form: OAuthForm): PresentedClient {
  if (authorization !== undefined) {
    if (form.client_id !== undefined || form.client_secret !== undefined) {
      throw oauthError("invalid_request", "Use exactly one client authentication method");
    }
    const credentials = parseBasic(authorization);
    if (!credentials) throw failed();
    return credentials;
  }
  if (form.client_secret !== undefined)
    throw oauthError("invalid_client", "client_secret_post is not supported; use HTTP Basic");
  if (form.client_id === undefined) throw oauthError("invalid_client", "Client authentication is required");
  return { id: form.client_id };
}

/** What checking a client's credentials reads of its row. */
export type ClientCredentialsRow = Pick<OAuthClient, "id" | "secretHash" | "tokenEndpointAuthMethod">;

/**
 * Checks presented credentials against the client row read for them (`secretHash`: the SHA-256 of
 * the presented secret, which a caller may have computed beside its reads).
 */
export async function verifyClient<C extends ClientCredentialsRow>(
  presented: PresentedClient,
  client: C | undefined,
  secretHash?: Promise<string>,
): Promise<C> {
  if (presented.secret !== undefined) {
    const expected = client?.secretHash ?? "";
    // Hash and compare even for unknown clients, so timing does not reveal which ids exist.
    const matches = await timingSafeEqual(await (secretHash ?? sha256Hex(presented.secret)), expected);
    if (!client || client.tokenEndpointAuthMethod !== "client_secret_basic" || !matches) throw failed();
    return client;
  }
  if (!client || client.tokenEndpointAuthMethod !== "none") throw failed();
  return client;
}

/** Client authentication at the token and revoke endpoints (see `presentedClient`). */
export async function authenticateClient(
  { db }: Pick<Ctx, "db">,
  authorization: string | undefined,
  form: OAuthForm,
): Promise<OAuthClient> {
  const presented = presentedClient(authorization, form);
  return verifyClient(presented, await findClient(db, presented.id));
}
