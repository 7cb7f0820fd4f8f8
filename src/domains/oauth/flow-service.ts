import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { redirectUriProblem } from "./redirect-uri";
import type { Db } from "../../db/client";
import { oauthClients, oauthCodes, oauthFlows, oauthGrants, oauthMagicLinks, outbox, users } from "../../db/schema";
import { nowIso, toIso } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { checkCredentials } from "../identity";
import { mailSettings, mailTransport } from "../mail";
import { findClient, type OAuthClient } from "./client-auth";
import {
  clientLabel,
  type ClientMetadata,
  ClientMetadataRefused,
  isMetadataClientId,
  METADATA_DOCUMENT_PARTNER_KEY,
} from "./client-metadata";
import { PageError } from "./errors";
import { requestedResource } from "./resource";
import { GRANT_TYPES, isScope, parseScope, SCOPES, sortScopes } from "./scopes";
import type { Ctx } from "../identity";

/** Time a person has to sign in and consent before the flow must restart. */
const FLOW_TTL_MS = 10 * 60 * 1000;
/** RFC 6749 §4.1.2 recommends at most 10 minutes; a minute is plenty for a client's back channel. */
const CODE_TTL_MS = 60 * 1000;
/** A sign-in link is good for one use within this window (and within its flow's lifetime). */
const MAGIC_LINK_TTL_MS = 10 * 60 * 1000;
/** Outbox rows hold live sign-in links; past a day they are only clutter. */
const OUTBOX_RETENTION_MS = 24 * 3600 * 1000;
/** Bounds what a client can make us store and echo back. */
const MAX_STATE_LENGTH = 1024;
/** BASE64URL(SHA-256(verifier)) is always exactly 43 characters (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export type Flow = typeof oauthFlows.$inferSelect;
type AuthorizeQuery = Record<string, string | string[] | undefined>;

/**
 * Where the browser goes back to the client: the registered redirect URI exactly as written, with
 * the response parameters and RFC 9207's `iss` appended. The URI's own query is kept byte for byte
 * (RFC 6749 §3.1.2): re-serializing it through URL/URLSearchParams would re-encode it (`%20` to
 * `+`, `~` to `%7E`) and break clients that compare it. Registered URIs have no fragment.
 */
function clientRedirect(redirectUri: string, issuer: string, params: Record<string, string | null | undefined>) {
  // A URI registered before registration checked URIs this way could hold bytes no `Location`
  // header may carry: the person sees why, instead of a broken redirect.
  if (redirectUriProblem(redirectUri)) throw badClient("The application's registered redirect URI is not a valid URI");
  const appended = Object.entries({ ...params, iss: issuer })
    .filter((entry): entry is [string, string] => entry[1] != null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join("&");
  const separator = !redirectUri.includes("?") ? "?" : /[?&]$/.test(redirectUri) ? "" : "&";
  return `${redirectUri}${separator}${appended}`;
}

type AuthorizeOutcome =
  /** An error the client hears about on its redirect URI. */
  | { kind: "redirect"; location: string }
  /** A valid request: the flow to continue in the browser. */
  | { kind: "flow"; flowId: string };

const badClient = (detail: string) => new PageError(400, "This application's sign-in request is invalid", detail);

/**
 * The client a `client_id` names: a registered one, or one described by its metadata document
 * (fetched, checked, cached: client-metadata-fetch.ts). A metadata client's row is only built here;
 * it is written with the flow (`startAuthorization`), so a refused request stores nothing.
 */
async function authorizingClient(
  { db, env }: Pick<Ctx, "db" | "env">,
  issuer: string,
  clientId: string,
  admitFetch: () => Promise<void>,
): Promise<OAuthClient & { fromDocument: boolean }> {
  if (!isMetadataClientId(clientId)) {
    const client = await findClient(db, clientId);
    if (!client) throw badClient("The application (client_id) is not registered.");
    return { ...client, fromDocument: false };
  }
  let metadata: ClientMetadata;
  try {
    // Loaded for a metadata client only: the fetch takes the connectors' guarded outbound fetch,
    // which the flow's pages otherwise never load (a cold /oauth/authorize stays light).
    const { clientMetadata } = await import("./client-metadata-fetch");
    metadata = await clientMetadata(env, issuer, clientId, admitFetch);
  } catch (error) {
    if (error instanceof ClientMetadataRefused) throw badClient(error.message);
    throw error;
  }
  // A public client (PKCE, no secret) that may ask for any scope: the person's consent is the gate.
  return {
    id: metadata.clientId,
    name: metadata.clientName,
    type: "public",
    tokenEndpointAuthMethod: "none",
    secretHash: null,
    redirectUris: metadata.redirectUris,
    grantTypes: [...GRANT_TYPES],
    allowedScopes: [...SCOPES],
    partnerKeyId: METADATA_DOCUMENT_PARTNER_KEY,
    createdAt: nowIso(),
    fromDocument: true,
  };
}

/**
 * Writes a metadata client's row (or refreshes its name and redirect URIs from the latest
 * document): flows, grants and consents reference clients by id. Only rows of metadata clients
 * are ever updated here; their ids are URLs, registered ones UUIDs.
 */
const saveMetadataClient = (db: Db, client: OAuthClient) =>
  db
    .insert(oauthClients)
    .values(client)
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { name: client.name, redirectUris: client.redirectUris },
      setWhere: eq(oauthClients.partnerKeyId, METADATA_DOCUMENT_PARTNER_KEY),
    });

/**
 * Validates an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3). Until the client and its
 * redirect URI are known good, errors are shown to the person and never redirected (RFC 6749
 * §4.1.2.1: redirecting then would make this server an open redirector). After that, every error
 * goes back to the client with `error`, `error_description`, `state` and `iss`.
 */
export async function startAuthorization(
  ctx: Pick<Ctx, "db" | "env">,
  issuer: string,
  query: AuthorizeQuery,
  browserKey: string,
  /** Runs before a client's metadata document is fetched (a rate limit; throws to refuse). */
  admitMetadataFetch: () => Promise<void>,
): Promise<AuthorizeOutcome> {
  const { db } = ctx;
  const single = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? { duplicated: true as const } : { duplicated: false as const, value };
  };

  const clientId = single("client_id");
  if (clientId.duplicated || !clientId.value) throw badClient("client_id is missing or repeated.");
  const { fromDocument, ...client } = await authorizingClient(ctx, issuer, clientId.value, admitMetadataFetch);

  const redirectUri = single("redirect_uri");
  if (redirectUri.duplicated || !redirectUri.value) throw badClient("redirect_uri is missing or repeated.");
  // Byte-for-byte: no normalization of case, trailing slashes, ports or query strings.
  if (!client.redirectUris.includes(redirectUri.value))
    throw badClient("redirect_uri is not registered for this application.");

  const stateParam = single("state");
  const state = stateParam.duplicated ? undefined : stateParam.value;
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: "redirect",
    location: clientRedirect(redirectUri.value!, issuer, { error, error_description: description, state }),
  });

  if (stateParam.duplicated) return fail("invalid_request", "state is repeated");
  if (state !== undefined && state.length > MAX_STATE_LENGTH) {
    return {
      kind: "redirect",
      location: clientRedirect(redirectUri.value, issuer, {
        error: "invalid_request",
        error_description: "state is too long",
      }),
    };
  }
  for (const name of ["response_type", "scope", "code_challenge", "code_challenge_method"]) {
    if (single(name).duplicated) return fail("invalid_request", `${name} is repeated`);
  }

  // CONTRACT.md: once the redirect URI is trusted, every invalid parameter is `invalid_request`;
  // the description says which one and why.
  const responseType = query.response_type as string | undefined;
  if (!responseType) return fail("invalid_request", "response_type is required");
  if (responseType !== "code")
    return fail("invalid_request", "response_type must be code (the implicit flow is not supported)");

  const challenge = query.code_challenge as string | undefined;
  const method = query.code_challenge_method as string | undefined;
  if (!challenge) return fail("invalid_request", "code_challenge is required (PKCE)");
  if (method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
  if (!S256_CHALLENGE.test(challenge))
    return fail("invalid_request", "code_challenge is not a BASE64URL SHA-256 value");

  const scope = query.scope as string | undefined;
  if (!scope) return fail("invalid_request", "scope is required");
  const scopes = parseScope(scope);
  // Descriptions stay fixed text: RFC 6749 limits error_description to a character set a scope
  // value from the request need not keep to.
  if (scopes.length === 0) return fail("invalid_request", "scope is empty");
  if (!scopes.every(isScope)) return fail("invalid_request", "scope names an unknown scope");
  if (!scopes.every((s) => client.allowedScopes.includes(s)))
    return fail("invalid_request", "scope names a scope this client is not registered for");
  const resource = requestedResource(issuer, query.resource);
  if (!resource.ok) return fail("invalid_target", resource.description);

  const now = Date.now();
  const flowId = newId();
  const insertFlow = db.insert(oauthFlows).values({
    id: flowId,
    browserHash: await sha256Hex(browserKey),
    clientId: client.id,
    redirectUri: redirectUri.value,
    scopes: sortScopes(scopes),
    resource: resource.resource,
    state: state ?? null,
    codeChallenge: challenge,
    createdAt: toIso(now),
    expiresAt: toIso(now + FLOW_TTL_MS),
  });
  // One batch: the row the flow references exists whenever the flow does (the purge of unused
  // metadata clients cannot fall between them).
  if (fromDocument) await db.batch([saveMetadataClient(db, client), insertFlow]);
  else await insertFlow;
  return { kind: "flow", flowId };
}

const flowGone = () =>
  new PageError(
    400,
    "This sign-in has expired",
    "Go back to the application and start again. Sign-in requests last ten minutes and work only in the browser that started them.",
  );

/** A flow with its client and, once signed in, its user (null before). */
interface LoadedFlow {
  flow: Flow;
  client: OAuthClient;
  user: { id: string; email: string; name: string | null } | null;
}

/** Flows with their client and signed-in user, in one query; callers add the condition. */
const selectFlows = (db: Db) =>
  db
    .select({ flow: oauthFlows, client: oauthClients, user: { id: users.id, email: users.email, name: users.name } })
    .from(oauthFlows)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthFlows.clientId))
    .leftJoin(users, eq(users.id, oauthFlows.userId));

const liveFlow = () => and(isNull(oauthFlows.completedAt), gt(oauthFlows.expiresAt, nowIso()));

async function ownedByBrowser(row: LoadedFlow | undefined, browserKey: string) {
  if (!row || row.flow.browserHash !== (await sha256Hex(browserKey))) throw flowGone();
  return row;
}

/** A live, unfinished flow belonging to this browser, with its client and user; anything else is a page error. */
export async function loadFlow(
  { db }: Pick<Ctx, "db">,
  flowId: string | undefined,
  browserKey: string | undefined,
): Promise<LoadedFlow> {
  if (!flowId || !browserKey) throw flowGone();
  const [row] = await selectFlows(db).where(and(eq(oauthFlows.id, flowId), liveFlow()));
  return ownedByBrowser(row, browserKey);
}

/** Marks the flow signed in as `userId`, unless it was already finished or signed in. */
async function signInFlow(db: Db, flowId: string, userId: string) {
  await db
    .update(oauthFlows)
    .set({ userId })
    .where(and(eq(oauthFlows.id, flowId), isNull(oauthFlows.completedAt), isNull(oauthFlows.userId)));
}

/** E-mail and password sign-in for a flow. Returns false for bad credentials (timing-equalized). */
export async function passwordSignIn({ db }: Pick<Ctx, "db">, flow: Flow, email: string, password: string) {
  const user = await checkCredentials(db, email.trim().toLowerCase(), password);
  if (!user) return false;
  await signInFlow(db, flow.id, user.id);
  return true;
}

/**
 * Mails a single-use sign-in link (outbox or provider) when the address belongs to a user. Runs
 * after the answer has left, and known and unknown addresses run the same statements (one batch
 * whose lookup and insert both select the user by address), so neither the answer nor its timing
 * reveals which addresses have accounts.
 */
export async function sendMagicLink(
  { db, env }: Pick<Ctx, "db" | "env">,
  flow: Flow,
  client: OAuthClient,
  email: string,
  linkBase: string,
) {
  // Built first, as the caller did: a mail misconfiguration fails before any row is written.
  const mail = mailTransport(db, mailSettings(env));
  const address = email.trim().toLowerCase();
  const token = randomToken("oml_");
  const tokenHash = await sha256Hex(token);
  const now = Date.now();
  const [found] = await db.batch([
    db.select({ email: users.email }).from(users).where(eq(users.email, address)),
    db.insert(oauthMagicLinks).select(
      db
        .select({
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          flowId: sql<string>`${flow.id}`.as("flow_id"),
          userId: sql<string>`${users.id}`.as("user_id"),
          createdAt: sql<string>`${toIso(now)}`.as("created_at"),
          expiresAt: sql<string>`${toIso(Math.min(now + MAGIC_LINK_TTL_MS, Date.parse(flow.expiresAt)))}`.as(
            "expires_at",
          ),
          consumedAt: sql<string | null>`NULL`.as("consumed_at"),
        })
        .from(users)
        .where(eq(users.email, address)),
    ),
  ]);
  const user = found[0];
  if (!user) return;
  const link = `${linkBase}?token=${encodeURIComponent(token)}`;
  await mail.send({
    to: user.email,
    subject: `Sign in to continue to ${clientLabel(client)}`,
    text: `Open this link in the same browser to sign in and continue to ${clientLabel(client)}:\n\n${link}\n\nIt works once and expires in ten minutes. If you did not ask for it, ignore this e-mail.`,
  });
}

/**
 * The flow a live magic link belongs to, loaded as `loadFlow` does, in the same one query (not
 * consuming the link: that needs the confirming POST).
 */
export async function loadMagicLinkFlow(
  { db }: Pick<Ctx, "db">,
  token: string | undefined,
  browserKey: string | undefined,
): Promise<LoadedFlow> {
  if (!token || !browserKey) throw flowGone();
  const [row] = await selectFlows(db)
    .innerJoin(oauthMagicLinks, eq(oauthMagicLinks.flowId, oauthFlows.id))
    .where(
      and(
        eq(oauthMagicLinks.tokenHash, await sha256Hex(token)),
        isNull(oauthMagicLinks.consumedAt),
        gt(oauthMagicLinks.expiresAt, nowIso()),
        liveFlow(),
      ),
    );
  return ownedByBrowser(row, browserKey);
}

/** Spends a magic link (one conditional UPDATE) and signs its flow in. */
export async function consumeMagicLink({ db }: Pick<Ctx, "db">, flow: Flow, token: string) {
  const [link] = await db
    .update(oauthMagicLinks)
    .set({ consumedAt: nowIso() })
    .where(
      and(
        eq(oauthMagicLinks.tokenHash, await sha256Hex(token)),
        eq(oauthMagicLinks.flowId, flow.id),
        isNull(oauthMagicLinks.consumedAt),
        gt(oauthMagicLinks.expiresAt, nowIso()),
      ),
    )
    .returning({ userId: oauthMagicLinks.userId });
  if (!link) throw flowGone();
  await signInFlow(db, flow.id, link.userId);
}

/**
 * Finishes a signed-in flow exactly once (conditional UPDATE). Approval creates the grant and a
 * 60-second authorization code bound to the client, redirect URI and PKCE challenge; either way
 * the browser goes back to the client with `state` and `iss`.
 */
export async function decide({ db }: Pick<Ctx, "db">, issuer: string, flow: Flow, approve: boolean): Promise<string> {
  const [finished] = await db
    .update(oauthFlows)
    .set({ completedAt: nowIso() })
    .where(
      and(
        eq(oauthFlows.id, flow.id),
        isNull(oauthFlows.completedAt),
        isNotNull(oauthFlows.userId),
        gt(oauthFlows.expiresAt, nowIso()),
      ),
    )
    .returning();
  if (!finished) throw flowGone();
  if (!approve) {
    return clientRedirect(finished.redirectUri, issuer, {
      error: "access_denied",
      error_description: "The user denied the request",
      state: finished.state,
    });
  }
  const code = randomToken("oac_");
  const now = Date.now();
  const grantId = newId();
  await db.batch([
    db.insert(oauthGrants).values({
      id: grantId,
      clientId: finished.clientId,
      userId: finished.userId!,
      scopes: finished.scopes,
      resource: finished.resource,
      createdAt: toIso(now),
    }),
    db.insert(oauthCodes).values({
      codeHash: await sha256Hex(code),
      grantId,
      clientId: finished.clientId,
      redirectUri: finished.redirectUri,
      codeChallenge: finished.codeChallenge,
      createdAt: toIso(now),
      expiresAt: toIso(now + CODE_TTL_MS),
    }),
  ]);
  return clientRedirect(finished.redirectUri, issuer, { code, state: finished.state });
}

/**
 * Cron: stale flow records, i.e. those no request can use any more: magic links spent or expired,
 * flows finished or expired (with their links), and outbox mail whose links are long dead.
 */
export async function purgeFlows(db: Db) {
  const now = nowIso();
  const staleFlow = or(isNotNull(oauthFlows.completedAt), lt(oauthFlows.expiresAt, now));
  const staleFlowIds = db.select({ id: oauthFlows.id }).from(oauthFlows).where(staleFlow);
  await db.batch([
    db
      .delete(oauthMagicLinks)
      .where(
        or(
          isNotNull(oauthMagicLinks.consumedAt),
          lt(oauthMagicLinks.expiresAt, now),
          inArray(oauthMagicLinks.flowId, staleFlowIds),
        ),
      ),
    db.delete(oauthFlows).where(staleFlow),
    db.delete(outbox).where(lt(outbox.createdAt, toIso(Date.now() - OUTBOX_RETENTION_MS))),
  ]);
}
