import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { connectorCredentials, connectorDefinitions, connectorInstances, memberships } from "../../../db/schema";
import { toIso } from "../../../lib/clock";
import { logError } from "../../../lib/log";
import { MANAGER_ROLES } from "../../identity";
import { notify } from "../../notifications";
import { OAuthTokenError } from "../../../../shared/connectors/adapter-port";
import { oauthCredentialValues, openCredentials, sealCredentials } from "./credentials";
import { clientSecretForms, refreshTokens } from "./oauth-client";
import { oauthProviderFor } from "./oauth-providers";
import { describeRedacted, redact, secretsOf } from "./redact";

/**
 * The 5-minute cron task (CONTRACT "Credentials and the OAuth hand-off"): oauth2 credentials that
 * expire within 15 minutes are refreshed. One conditional UPDATE takes the leases of every due
 * credential at once, so two runners never refresh the same token; a rotated refresh token is
 * stored at once. A dead grant sets the instance to `error` and tells its managers once; transient
 * failures are tried again next tick without a change; the first success after a dead grant tells
 * them once that it recovered.
 */

/** Three ticks of margin: a token is renewed well before it expires even if one tick fails. */
const REFRESH_MARGIN_MS = 15 * 60 * 1000;
/** One token request (30 s timeout) and its writes fit; a crashed runner's lease ends soon after. */
const LEASE_MS = 2 * 60 * 1000;
/** A dead grant is asked again hourly, not every tick: a revoked token does not hammer the provider. */
const DEAD_GRANT_RETRY_MS = 60 * 60 * 1000;
/** Bounds one tick's outbound requests; the rest wait five minutes (they are still inside the margin). */
const MAX_PER_TICK = 25;

export type RefreshOutcome = "refreshed" | "recovered" | "dead" | "retry" | "skipped";

const due = (now: number) =>
  and(
    eq(connectorCredentials.credType, "oauth2"),
    isNotNull(connectorCredentials.expiresAt),
    lte(connectorCredentials.expiresAt, toIso(now + REFRESH_MARGIN_MS)),
    or(isNull(connectorCredentials.refreshLeaseUntil), lte(connectorCredentials.refreshLeaseUntil, toIso(now))),
  );

/** Takes the leases of up to MAX_PER_TICK due credentials in one statement: what it returns is ours alone. */
function takeLeases(db: Db, now: number) {
  const candidates = db
    .select({ instanceId: connectorCredentials.instanceId })
    .from(connectorCredentials)
    .where(due(now))
    .limit(MAX_PER_TICK);
  return db
    .update(connectorCredentials)
    .set({ refreshLeaseUntil: toIso(now + LEASE_MS) })
    .where(and(inArray(connectorCredentials.instanceId, candidates), due(now)))
    .returning({ instanceId: connectorCredentials.instanceId, failedAt: connectorCredentials.refreshFailedAt });
}

/** The people who manage an instance: its personal owner, or the owners and admins of its team workspace. */
async function managersOf(db: Db, instance: typeof connectorInstances.$inferSelect): Promise<string[]> {
  if (instance.scope === "personal") return instance.ownerUserId ? [instance.ownerUserId] : [];
  if (!instance.ownerWorkspaceId) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, instance.ownerWorkspaceId), inArray(memberships.role, MANAGER_ROLES)));
  return rows.map((row) => row.userId);
}

async function tellManagers(
  db: Db,
  instance: typeof connectorInstances.$inferSelect,
  notice: { title: string; body: string; priority: "high" | "normal" },
) {
  const managers = await managersOf(db, instance);
  await Promise.all(
    managers.map((userId) =>
      notify({ db }, userId, {
        ...notice,
        category: "connectors",
        actionUrl: `/settings/connectors?instanceId=${instance.id}`,
      }),
    ),
  );
}

async function refreshOne(
  db: Db,
  env: Env,
  instanceId: string,
  failedBefore: boolean,
  now: number,
): Promise<RefreshOutcome> {
  const [found] = await db
    .select({
      instance: connectorInstances,
      credential: connectorCredentials,
      authConfig: connectorDefinitions.authConfig,
    })
    .from(connectorCredentials)
    .innerJoin(connectorInstances, eq(connectorInstances.id, connectorCredentials.instanceId))
    .leftJoin(connectorDefinitions, eq(connectorDefinitions.id, connectorInstances.definitionId))
    .where(eq(connectorCredentials.instanceId, instanceId));
  if (!found) return "skipped";
  const { instance, credential } = found;
  const releaseLease = () =>
    db
      .update(connectorCredentials)
      .set({ refreshLeaseUntil: null })
      .where(eq(connectorCredentials.instanceId, instanceId));
  const nowText = toIso(now);
  // What the token endpoint's words may quote (the refresh token, the client secret): redacted from
  // the health message and the log, as every provider text is (secrets/redact.ts).
  let secrets: string[] = [];
  try {
    const opened = await openCredentials(env, instanceId, credential);
    secrets = secretsOf(opened);
    const refreshToken = opened.values.refresh_token;
    if (!refreshToken) throw new OAuthTokenError("invalid_grant", "no refresh token is stored");
    const provider = oauthProviderFor(
      env,
      instance.connectorKey,
      instance.definitionId ? (found.authConfig ?? {}) : null,
    );
    secrets = secretsOf(opened, clientSecretForms(provider));
    const { values, expiresAt, scopes } = oauthCredentialValues(
      await refreshTokens(provider, refreshToken),
      refreshToken,
    );
    const { sealed, keyVersion } = await sealCredentials(env, instanceId, "oauth2", values);
    // Stored at once: a provider that rotates refresh tokens has already invalidated the old one.
    const stored = db
      .update(connectorCredentials)
      .set({
        sealed,
        keyVersion,
        expiresAt,
        scopes: scopes ?? credential.scopes,
        rotatedAt: nowText,
        refreshLeaseUntil: null,
        refreshFailedAt: null,
      })
      .where(eq(connectorCredentials.instanceId, instanceId));
    if (!failedBefore) {
      await stored;
      return "refreshed";
    }
    await db.batch([
      stored,
      db
        .update(connectorInstances)
        .set({ status: "active", healthMessage: "Access renewed", updatedAt: nowText })
        .where(eq(connectorInstances.id, instanceId)),
    ]);
    await tellManagers(db, instance, {
      title: `${instance.displayName} is connected again`,
      body: "Its access was renewed; its tools can run again.",
      priority: "normal",
    });
    return "recovered";
  } catch (error) {
    if (!(error instanceof OAuthTokenError)) {
      await releaseLease();
      logError(env, { task: "connector-refresh", instanceId, ...describeRedacted(error, secrets) });
      return "retry";
    }
    if (error.kind === "transient") {
      await releaseLease();
      return "retry";
    }
    await db.batch([
      db
        .update(connectorCredentials)
        .set({ refreshFailedAt: nowText, refreshLeaseUntil: toIso(now + DEAD_GRANT_RETRY_MS) })
        .where(eq(connectorCredentials.instanceId, instanceId)),
      db
        .update(connectorInstances)
        .set({
          status: "error",
          healthMessage: `Access could not be renewed (${redact(error.message, secrets)}); authorize the connection again`,
          updatedAt: nowText,
        })
        .where(eq(connectorInstances.id, instanceId)),
    ]);
    if (!failedBefore) {
      await tellManagers(db, instance, {
        title: `${instance.displayName} needs to be reconnected`,
        body: "The service refused to renew its access. Open the connector settings and authorize it again.",
        priority: "high",
      });
    }
    return "dead";
  }
}

/** The cron task: every due credential this runner leased, refreshed side by side. */
export async function refreshExpiringCredentials(
  db: Db,
  env: Env,
  now = Date.now(),
): Promise<{ instanceId: string; outcome: RefreshOutcome }[]> {
  const leased = await takeLeases(db, now);
  return Promise.all(
    leased.map(async ({ instanceId, failedAt }) => ({
      instanceId,
      outcome: await refreshOne(db, env, instanceId, failedAt !== null, now),
    })),
  );
}
