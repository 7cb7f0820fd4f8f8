// The checks a manager runs against the provider itself: a connection test (`POST .../test`) and a
// tool sync (`POST .../sync-tools`). Both need the instance's adapter with opened credentials.
import { eq } from "drizzle-orm";
import { connectorCredentials, connectorInstances } from "../../../db/schema";
import { ApiError } from "../../../lib/errors";
import type { Ctx } from "../../identity";
import { openInstance } from "../instances/access";
import { adapterFor } from "../adapters";
import { AdapterError } from "../../../../shared/connectors/adapter-port";
import { adapterContext, adapterErrorToApi, EXECUTION_TIMEOUT_MS, notConfigured } from "./execute";
import { redact, redactFailure, secretsOf } from "../secrets";
import { syncTools } from "../instances/instance-tools";

/**
 * Loads what an adapter needs for a management call (test, sync): 409 when the instance is disabled
 * or has no credentials, 503 without a provider; all before any contact with the provider.
 */
async function prepare(ctx: Ctx, id: string) {
  const { db, env } = ctx;
  const resolved = await openInstance(ctx, id, "manage");
  // A disabled instance is switched off for every use (CONTRACT "Connectors": 409 for a disabled instance).
  if (!resolved.record.instance.enabled)
    throw new ApiError("CONNECTOR_ERROR", "The instance is disabled; enable it first");
  const [credential] = await db
    .select({ credType: connectorCredentials.credType, sealed: connectorCredentials.sealed })
    .from(connectorCredentials)
    .where(eq(connectorCredentials.instanceId, id));
  if (!credential) throw new ApiError("CONNECTOR_ERROR", "The instance has no credentials yet, so it cannot be tested");
  if (!resolved.definition) throw new ApiError("CONNECTOR_ERROR", "The connector of this instance is not available");
  if (!resolved.definition.isActive) throw notConfigured();
  const adapter = adapterFor(
    resolved.record.instance.connectorKey,
    resolved.record.instance.definitionId !== null,
    env.ALLOW_PRIVATE_HOSTS,
    env.SQL,
  );
  if (!adapter) throw notConfigured();
  const context = await adapterContext(env, resolved, credential, AbortSignal.timeout(EXECUTION_TIMEOUT_MS));
  return { resolved, adapter, context };
}

/** `POST .../test`: a health check; sets lastHealthCheck/healthMessage and moves error ↔ active. */
export async function testInstance(ctx: Ctx, id: string) {
  const { db, now } = ctx;
  const { resolved, adapter, context } = await prepare(ctx, id);
  const started = Date.now();
  const checked = await adapter.healthCheck(context);
  const latencyMs = Date.now() - started;
  // A server's own words (its name, its error) may quote the credentials it was sent.
  const health = { ...checked, message: redact(checked.message, secretsOf(context.credentials)) };
  const current = resolved.record.instance.status;
  const status = health.ok
    ? current === "error" || current === "pending_auth"
      ? "active"
      : current
    : current === "active"
      ? "error"
      : current;
  await db
    .update(connectorInstances)
    .set({ status, lastHealthCheck: now, healthMessage: health.message, updatedAt: now })
    .where(eq(connectorInstances.id, id));
  return { ok: health.ok, status, message: health.message, latencyMs, checkedAt: now };
}

/** `POST .../sync-tools`: the adapter's tools, stored. A failure quotes the server, redacted like the test's. */
export async function syncInstanceTools(ctx: Ctx, id: string, locale?: string | null) {
  const { resolved, adapter, context } = await prepare(ctx, id);
  try {
    return await syncTools(ctx, resolved, await adapter.listTools(context), locale);
  } catch (error) {
    if (error instanceof AdapterError) throw adapterErrorToApi(redactFailure(error, secretsOf(context.credentials)));
    throw error;
  }
}
