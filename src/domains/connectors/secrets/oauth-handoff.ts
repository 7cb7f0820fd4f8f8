import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorDefinitions, connectorInstances, connectorOauthStates } from "../../../db/schema";
import { toIso } from "../../../lib/clock";
import { randomToken, sha256Hex } from "../../../lib/crypto";
import { ApiError } from "../../../lib/errors";
import { logError } from "../../../lib/log";
import { BASE_PATH } from "../../../lib/origin";
import type { Ctx } from "../../identity";
import { OAuthTokenError } from "../../../../shared/connectors/adapter-port";
import { oauthCredentialValues, saveCredentials } from "./credentials";
import { requireAllowedUrls } from "../adapters/destinations";
import { authorizeUrl, clientSecretForms, exchangeCode, pkcePair } from "./oauth-client";
import { oauthProviderFor } from "./oauth-providers";
import { describeRedacted, redact, secretsOf } from "./redact";
import { open, seal } from "./sealing";

/**
 * The OAuth hand-off to an external service (CONTRACT "Credentials and the OAuth hand-off"):
 * `beginOAuth` (once instances/oauth-connect.ts opened and checked the instance) stores the state
 * hashed, with the instance, the user and the sealed PKCE verifier; the public callback consumes it with one conditional DELETE, exchanges the code and
 * seals the tokens. A used, expired, unknown or other-connector state never exchanges a code.
 */

/** CONTRACT: the state lives ten minutes (a sign-in and a consent screen). */
const STATE_TTL_MS = 10 * 60 * 1000;

const verifierBinding = (stateHash: string) => ["oauth-state", stateHash, "pkce"];

const callbackUrl = (origin: string, connectorKey: string) =>
  `${origin}${BASE_PATH}/connectors/oauth/${encodeURIComponent(connectorKey)}/callback`;

/** A custom definition's `authConfig` (null for built-ins), read only where the hand-off needs it. */
async function customAuthConfig(db: Db, definitionId: string | null): Promise<unknown | null> {
  if (!definitionId) return null;
  const [row] = await db
    .select({ authConfig: connectorDefinitions.authConfig })
    .from(connectorDefinitions)
    .where(eq(connectorDefinitions.id, definitionId));
  return row?.authConfig ?? {};
}

/** An instance the caller may manage, whose connector uses OAuth (instances/oauth-connect.ts checked). */
export interface OAuthInstance {
  id: string;
  connectorKey: string;
  definitionId: string | null;
}

/**
 * Starts the handoff for an instance already opened and checked: the state (stored as its hash,
 * with the PKCE verifier sealed beside it) and the provider's authorization URL.
 */
export async function beginOAuth(ctx: Ctx, instance: OAuthInstance, origin: string) {
  const { db, env, auth } = ctx;
  const authConfig = await customAuthConfig(db, instance.definitionId);
  // Stored URLs are checked again: the rules or the allow list may have changed since they were stored.
  if (authConfig !== null) requireAllowedUrls(authConfig, "authConfig", env.ALLOW_PRIVATE_HOSTS);
  const provider = oauthProviderFor(env, instance.connectorKey, authConfig);

  const state = randomToken();
  const stateHash = await sha256Hex(state);
  const pkce = await pkcePair();
  await db.insert(connectorOauthStates).values({
    stateHash,
    instanceId: instance.id,
    userId: auth.user.id,
    connectorKey: instance.connectorKey,
    codeVerifier: (await seal(env.CREDENTIALS_KEY, verifierBinding(stateHash), pkce.verifier)).sealed,
    expiresAt: toIso(Date.parse(ctx.now) + STATE_TTL_MS),
    createdAt: ctx.now,
  });
  const redirectUrl = authorizeUrl(provider, {
    redirectUri: callbackUrl(origin, instance.connectorKey),
    state,
    codeChallenge: pkce.challenge,
  });
  return { redirectUrl, state };
}

export type CallbackError = "invalid_state" | "access_denied" | "exchange_failed";
export type CallbackOutcome = { connectorKey: string; instanceId: string | null } & (
  | { status: "connected" }
  | { status: "error"; error: CallbackError }
);

/** One conditional statement: only an unexpired state of this connector matches, and it is gone after. */
async function consumeState(db: Db, connectorKey: string, state: string, now: number) {
  const [row] = await db
    .delete(connectorOauthStates)
    .where(
      and(
        eq(connectorOauthStates.stateHash, await sha256Hex(state)),
        eq(connectorOauthStates.connectorKey, connectorKey),
        gt(connectorOauthStates.expiresAt, toIso(now)),
      ),
    )
    .returning();
  return row ?? null;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

export async function handleCallback(
  { db, env }: Pick<Ctx, "db" | "env">,
  connectorKey: string,
  query: CallbackQuery,
  origin: string,
  now: number,
): Promise<CallbackOutcome> {
  const fail = (error: CallbackError, instanceId: string | null = null): CallbackOutcome => ({
    connectorKey,
    instanceId,
    status: "error",
    error,
  });
  if (!query.state) return fail("invalid_state");
  const pending = await consumeState(db, connectorKey, query.state, now);
  if (!pending) return fail("invalid_state");
  if (query.error === "access_denied") return fail("access_denied", pending.instanceId);
  if (query.error || !query.code) return fail("exchange_failed", pending.instanceId);

  const [instance] = await db
    .select({
      id: connectorInstances.id,
      enabled: connectorInstances.enabled,
      definitionId: connectorInstances.definitionId,
      authConfig: connectorDefinitions.authConfig,
    })
    .from(connectorInstances)
    .leftJoin(connectorDefinitions, eq(connectorDefinitions.id, connectorInstances.definitionId))
    .where(eq(connectorInstances.id, pending.instanceId));
  if (!instance?.enabled) return fail("invalid_state", pending.instanceId);
  // What the token endpoint's words may quote (the code, the verifier, a custom client's secret).
  const sent = [query.code];
  try {
    const provider = oauthProviderFor(env, connectorKey, instance.definitionId ? (instance.authConfig ?? {}) : null);
    sent.push(...clientSecretForms(provider));
    const codeVerifier = await open(
      env.CREDENTIALS_KEY,
      verifierBinding(pending.stateHash),
      pending.codeVerifier ?? "",
    );
    sent.push(codeVerifier);
    const tokens = await exchangeCode(provider, {
      code: query.code,
      redirectUri: callbackUrl(origin, connectorKey),
      codeVerifier,
    });
    const { values, expiresAt, scopes } = oauthCredentialValues(tokens);
    await saveCredentials(
      db,
      env,
      instance.id,
      "oauth2",
      values,
      { expiresAt, scopes: scopes ?? provider.spec.scopes },
      toIso(now),
    );
  } catch (error) {
    // The reason stays on the server (logged with secrets masked): the browser only learns that the exchange failed.
    const expected = error instanceof OAuthTokenError || error instanceof ApiError;
    const secrets = secretsOf(null, sent);
    logError(env, {
      event: "connector_oauth_exchange_failed",
      connectorKey,
      instanceId: pending.instanceId,
      ...(expected ? { reason: redact(error.message, secrets) } : describeRedacted(error, secrets)),
    });
    return fail("exchange_failed", pending.instanceId);
  }
  return { connectorKey, instanceId: pending.instanceId, status: "connected" };
}

/** `{WEB_APP_URL}/settings/connectors?...`, or this API's own page when WEB_APP_URL is empty. */
export function settingsRedirect(webAppUrl: string | undefined, origin: string, outcome: CallbackOutcome): string {
  const url = new URL(`${(webAppUrl || origin).replace(/\/+$/, "")}/settings/connectors`);
  url.searchParams.set("connector", outcome.connectorKey);
  if (outcome.instanceId) url.searchParams.set("instanceId", outcome.instanceId);
  url.searchParams.set("status", outcome.status);
  if (outcome.status === "error") url.searchParams.set("error", outcome.error);
  return url.toString();
}

/** Cron: states nobody came back with (consumed ones are already gone). */
export const purgeExpiredOAuthStates = (db: Db, now: number) =>
  db.delete(connectorOauthStates).where(lte(connectorOauthStates.expiresAt, toIso(now)));
