import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connectorCredentials, connectorExecutions, connectorInstances, connectorTools } from "../../db/schema";
import { ApiError, badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { consumeLimit, rateLimitExceeded } from "../limits";
import type { AuthContext } from "../identity";
import { resolveInstance, toolsVisibleTo, visibleTo, type InstanceRecord, type ResolvedInstance } from "./access";
import { adapterFor } from "./adapters";
import { AdapterError, type AdapterContext, type ToolResult } from "./adapters/types";
import { resolveLocale, providerSettings, type Locale } from "./catalogue";
import { openCredentials, sealExecutionPart } from "./credentials";
import { requireAllowedUrls } from "./destinations";
import { instanceQuery } from "./instances";
import { schemaErrors } from "./json-schema";
import { outboundFetch, parseAllowList } from "./outbound";

/** CONTRACT "Tools and execution": every call gives up after 30 seconds. */
export const EXECUTION_TIMEOUT_MS = 30_000;
/** A tool's `rateLimitRpm` counts calls in a one-minute window. */
const RPM_WINDOW_SECONDS = 60;

export interface Actor {
  type: "user" | "agent";
  id: string;
  runId?: string | null;
}

const APPROVAL_MESSAGE: Record<Locale, string> = {
  en: "This tool requires approval and cannot be executed directly; run it through the AI assistant.",
  de: "Dieses Werkzeug erfordert eine Freigabe und kann nicht direkt ausgeführt werden; nutzen Sie den KI-Assistenten.",
  fr: "Cet outil nécessite une approbation et ne peut pas être exécuté directement ; passez par l'assistant IA.",
  es: "Esta herramienta requiere aprobación y no se puede ejecutar directamente; úsala a través del asistente de IA.",
  ja: "このツールは承認が必要なため直接実行できません。AI アシスタントから実行してください。",
};

/** Maps an adapter's failure to the API's answer (the port's `AdapterErrorKind` table). */
export function adapterErrorToApi(error: AdapterError): ApiError {
  switch (error.kind) {
    case "unreachable":
    case "bad_response":
      return new ApiError("CONNECTION_FAILED", error.message);
    case "unknown_tool":
      return new ApiError("NOT_FOUND", error.message);
    default:
      return badRequest([{ field: "input", message: error.message }], error.message);
  }
}

export const notConfigured = () => new ApiError("CONNECTION_FAILED", "This connector is not available on this deployment", undefined, undefined, 503);

/** The adapter context for an instance: opened credentials, config, and the guarded fetch (with the provider's base URL). */
export async function adapterContext(env: Env, resolved: ResolvedInstance, credential: { credType: string; sealed: string }, signal: AbortSignal): Promise<AdapterContext> {
  const instance = resolved.record.instance;
  // Before anything is sent: a stored URL the rules refuse (now) is a 400 naming its config field.
  requireAllowedUrls(instance.config, "config", env.ALLOW_PRIVATE_HOSTS);
  return {
    credentials: await openCredentials(env, instance.id, credential),
    config: instance.config,
    fetch: outboundFetch({
      allowList: parseAllowList(env.ALLOW_PRIVATE_HOSTS),
      baseUrl: instance.definitionId ? undefined : providerSettings(env, instance.connectorKey).baseUrl,
    }),
    signal,
  };
}

/**
 * Runs one tool for an actor, with CONTRACT's order of checks: instance visible (404), can execute
 * (403), tool exists (404), tool active and instance usable (409; provider not configured 503),
 * approval (403, nothing sent), input (400), the tool's rate limit (429), then the call. One D1
 * round trip before the call, one after (the history record).
 */
export interface ExecuteOptions {
  localeTag?: string;
  /** The session's owner approved this call of a tool that requires approval (the assistant's card). */
  approved?: boolean;
}

export async function executeTool(db: Db, env: Env, auth: AuthContext, actor: Actor, instanceId: string, toolId: string, input: Record<string, unknown>, options: ExecuteOptions = {}) {
  const [records, tools, credentials] = await db.batch([
    instanceQuery(db).where(and(eq(connectorInstances.id, instanceId), visibleTo(auth))),
    db.select().from(connectorTools).where(and(eq(connectorTools.id, toolId), eq(connectorTools.instanceId, instanceId), toolsVisibleTo(auth))),
    db.select({ credType: connectorCredentials.credType, sealed: connectorCredentials.sealed }).from(connectorCredentials).where(eq(connectorCredentials.instanceId, instanceId)),
  ]);
  const record = records[0];
  if (!record) throw new ApiError("NOT_FOUND", "Connector instance not found");
  const resolved = resolveInstance(env, auth, record as InstanceRecord, options.localeTag);
  if (!resolved.permissions.canExecute) throw new ApiError("forbidden", "You cannot execute tools of this connector instance");
  const tool = tools[0];
  if (!tool) throw new ApiError("NOT_FOUND", "Tool not found");
  if (!tool.isActive) throw new ApiError("CONNECTOR_ERROR", "This tool is disabled on the instance");
  const credential = credentials[0];
  const instance = resolved.record.instance;
  if (!instance.enabled) throw new ApiError("CONNECTOR_ERROR", "This connector instance is disabled");
  if (!credential || instance.status !== "active") throw new ApiError("CONNECTOR_ERROR", "No usable credentials are configured for this instance");
  if (!resolved.definition) throw new ApiError("CONNECTOR_ERROR", "The connector of this instance is not available");
  if (!resolved.definition.isActive) throw notConfigured();
  if (tool.requiresApproval && !options.approved) throw new ApiError("connector_tool_approval_required", APPROVAL_MESSAGE[resolveLocale(options.localeTag)]);
  const inputErrors = schemaErrors(tool.inputSchema, input, "input");
  if (inputErrors.length) throw badRequest(inputErrors, "input does not match the tool's inputSchema");
  if (tool.rateLimitRpm) {
    const decision = await consumeLimit(env, `connector-tool:${tool.id}`, "rpm", tool.rateLimitRpm, RPM_WINDOW_SECONDS);
    if (!decision.allowed) throw rateLimitExceeded(decision);
  }
  const adapter = adapterFor(instance.connectorKey, instance.definitionId !== null, env.ALLOW_PRIVATE_HOSTS);
  if (!adapter) throw notConfigured();

  const started = Date.now();
  let result: ToolResult | null = null;
  let failure: AdapterError | null = null;
  try {
    const context = await adapterContext(env, resolved, credential, AbortSignal.timeout(EXECUTION_TIMEOUT_MS));
    result = await adapter.execute(tool.toolKey, input, context);
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error;
    failure = error;
  }
  const durationMs = Date.now() - started;
  const executionId = newId();
  const output = result?.output ?? {};
  await db.insert(connectorExecutions).values({
    id: executionId,
    instanceId,
    toolId: tool.id,
    toolKey: tool.toolKey,
    status: result?.success ? "success" : "error",
    actorId: actor.id,
    actorType: actor.type,
    runId: actor.runId ?? null,
    durationMs,
    httpStatus: result?.httpStatus ?? failure?.httpStatus ?? null,
    errorMessage: result ? result.error : failure!.message,
    inputSealed: await sealExecutionPart(env, executionId, "input", input),
    outputSealed: await sealExecutionPart(env, executionId, "output", output),
    createdAt: new Date(started).toISOString(),
  });
  if (failure) throw adapterErrorToApi(failure);
  return { executionId, result: { success: result!.success, output, error: result!.error, httpStatus: result!.httpStatus, durationMs } };
}
