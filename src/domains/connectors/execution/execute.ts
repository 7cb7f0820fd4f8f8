import { and, eq } from "drizzle-orm";
import { connectorCredentials, connectorExecutions, connectorInstances, connectorTools } from "../../../db/schema";
import { ApiError, badRequest } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { logError } from "../../../lib/log";
import { consumeLimit, rateLimitExceeded } from "../../limits";
import type { Ctx } from "../../identity";
import {
  admitInstance,
  instanceQuery,
  toolsVisibleTo,
  visibleTo,
  type InstanceRecord,
  type ResolvedInstance,
} from "../instances/access";
import { adapterFor } from "../adapters";
import { AdapterError, type AdapterContext, type ToolResult } from "../../../../shared/connectors/adapter-port";
import { resolveLocale, type Locale } from "../instances/catalogue";
import {
  openCredentials,
  putExecutionPayload,
  executionKey,
  redact,
  redactFailure,
  redactJson,
  secretsOf,
  providerSettings,
} from "../secrets";
import { requireAllowedUrls } from "../adapters/destinations";
import { schemaErrors } from "../instances/json-schema";
import { outboundFetch, parseAllowList } from "../adapters/outbound";
import { approvalHolds, needsApproval } from "./approval-policy";

/**
 * CONTRACT "Tools and execution": a call gives up after 30 seconds; `sql-database` after 35, so
 * the spec's 30 s statement timeout answers first (`success` false, SQLSTATE 57014).
 */
export const EXECUTION_TIMEOUT_MS = 30_000;
const SQL_EXECUTION_TIMEOUT_MS = 35_000;
/** The longest any call may take (a queued call's claim older than this belongs to a dead consumer). */
export const MAX_EXECUTION_TIMEOUT_MS = SQL_EXECUTION_TIMEOUT_MS;
const executionTimeoutMs = (connectorKey: string) =>
  connectorKey === "sql-database" ? SQL_EXECUTION_TIMEOUT_MS : EXECUTION_TIMEOUT_MS;
/** CONTRACT "Sizes": the largest output recorded; a larger answer is 502 "answer too large". */
const MAX_OUTPUT_BYTES = 5 * 1024 * 1024;
/** A tool's `rateLimitRpm` counts calls in a one-minute window. */
const RPM_WINDOW_SECONDS = 60;

export interface Actor {
  type: "user" | "agent";
  id: string;
  runId?: string | null;
}

/** One call of one tool: who asks (recorded in the history), which tool of which instance, with what input. */
export interface ToolRequest {
  actor: Actor;
  instanceId: string;
  toolId: string;
  input: Record<string, unknown>;
}

const APPROVAL_MESSAGE: Record<Locale, string> = {
  en: "This tool requires approval and cannot be executed directly; run it through the AI assistant.",
  de: "Dieses Werkzeug erfordert eine Freigabe und kann nicht direkt ausgeführt werden; nutzen Sie den KI-Assistenten.",
  fr: "Cet outil nécessite une approbation et ne peut pas être exécuté directement ; passez par l'assistant IA.",
  es: "Esta herramienta requiere aprobación y no se puede ejecutar directamente; úsala a través del asistente de IA.",
  ja: "このツールは承認が必要なため直接実行できません。AI アシスタントから実行してください。",
};
/** A queued call whose grant does not hold (another call's, another input's, or none): not run. */
const APPROVAL_NOT_HELD_MESSAGE: Record<Locale, string> = {
  en: "This call's approval does not match the call and its input; it was not run.",
  de: "Die Freigabe dieses Aufrufs passt nicht zum Aufruf und seiner Eingabe; er wurde nicht ausgeführt.",
  fr: "L'approbation de cet appel ne correspond pas à l'appel et à son entrée ; il n'a pas été exécuté.",
  es: "La aprobación de esta llamada no coincide con la llamada y su entrada; no se ejecutó.",
  ja: "この呼び出しの承認は呼び出しとその入力に一致しないため、実行されませんでした。",
};

/** Whether a queued call carries a grant for exactly this tool and input. */
const approved = (
  env: Env,
  approval: ExecuteOptions["approval"],
  call: { instanceId: string; toolId: string; input: Record<string, unknown> },
) => (approval ? approvalHolds(env, approval.grant, { callId: approval.callId, ...call }) : Promise.resolve(false));

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

export const notConfigured = () =>
  new ApiError("CONNECTION_FAILED", "This connector is not available on this deployment", undefined, undefined, 503);

/** The adapter context for an instance: opened credentials, config, and the guarded fetch (with the provider's base URL). */
export async function adapterContext(
  env: Env,
  resolved: ResolvedInstance,
  credential: { credType: string; sealed: string },
  signal: AbortSignal,
): Promise<AdapterContext> {
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

export interface ExecuteOptions {
  localeTag?: string;
  /**
   * A queued call's approval: its id and the grant the run's object issued when the session's owner
   * approved it. A tool that needs approval runs only when the grant holds for this very call, tool
   * and input (approval-policy.ts); direct execution passes none, so such a tool is refused there.
   */
  approval?: { callId: string; grant: string | null };
  /**
   * Runs right before the external call, after every check: a queued call marks itself
   * `dispatched` here, so that nothing after this point can make it run again.
   */
  beforeCall?: () => Promise<void>;
}

/** A call that reached the adapter: its history row, and either a result or the adapter's failure. */
export interface Execution {
  executionId: string;
  result: ToolResult | null;
  failure: AdapterError | null;
  durationMs: number;
}

const byteLength = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * The adapter's answer as it may be returned and recorded: secrets the provider quoted are
 * redacted, and an output above MAX_OUTPUT_BYTES becomes a failure without output.
 */
function screened(
  result: ToolResult | null,
  failure: AdapterError | null,
  secrets: string[],
): { result: ToolResult | null; failure: AdapterError | null } {
  if (failure) return { result: null, failure: redactFailure(failure, secrets) };
  if (!result) return { result: null, failure: null };
  if (byteLength(JSON.stringify(result.output)) > MAX_OUTPUT_BYTES) {
    return {
      result: null,
      failure: new AdapterError("bad_response", "The answer is too large (more than 5 MiB)", result.httpStatus),
    };
  }
  if (result.success) return { result, failure: null };
  return {
    result: {
      ...result,
      error: result.error === null ? null : redact(result.error, secrets),
      output: redactJson(result.output, secrets) as Record<string, unknown>,
    },
    failure: null,
  };
}

/**
 * Runs one tool for an actor, with CONTRACT's order of checks: instance visible (404), can execute
 * (403), tool exists (404), tool active and instance usable (409; provider not configured 503),
 * approval (403, nothing sent), input (400), the tool's rate limit (429), then the call. Throws
 * only before the call; a call that was made is answered as an `Execution`, recorded in the
 * history with its payload sealed in R2 (a failure while recording throws, after the call).
 */
export async function runExecution(
  ctx: Ctx,
  { actor, instanceId, toolId, input }: ToolRequest,
  options: ExecuteOptions = {},
): Promise<Execution> {
  const { db, env, auth } = ctx;
  // The instance, its tool and its credentials in one round trip; the instance passes the same gate as `openInstance`.
  const [records, tools, credentials] = await db.batch([
    instanceQuery(db).where(and(eq(connectorInstances.id, instanceId), visibleTo(auth))),
    db
      .select()
      .from(connectorTools)
      .where(and(eq(connectorTools.id, toolId), eq(connectorTools.instanceId, instanceId), toolsVisibleTo(auth))),
    db
      .select({ credType: connectorCredentials.credType, sealed: connectorCredentials.sealed })
      .from(connectorCredentials)
      .where(eq(connectorCredentials.instanceId, instanceId)),
  ]);
  const resolved = admitInstance(ctx, records[0] as InstanceRecord | undefined, "execute", options.localeTag);
  const tool = tools[0];
  if (!tool) throw new ApiError("NOT_FOUND", "Tool not found");
  if (!tool.isActive) throw new ApiError("CONNECTOR_ERROR", "This tool is disabled on the instance");
  const credential = credentials[0];
  const instance = resolved.record.instance;
  if (!instance.enabled) throw new ApiError("CONNECTOR_ERROR", "This connector instance is disabled");
  if (!credential || instance.status !== "active")
    throw new ApiError("CONNECTOR_ERROR", "No usable credentials are configured for this instance");
  if (!resolved.definition) throw new ApiError("CONNECTOR_ERROR", "The connector of this instance is not available");
  if (!resolved.definition.isActive) throw notConfigured();
  if (needsApproval(tool) && !(await approved(env, options.approval, { instanceId, toolId, input }))) {
    const messages = options.approval?.grant ? APPROVAL_NOT_HELD_MESSAGE : APPROVAL_MESSAGE;
    throw new ApiError("connector_tool_approval_required", messages[resolveLocale(options.localeTag)]);
  }
  const inputErrors = await schemaErrors(env.JSON_SCHEMA, tool.inputSchema, input, "input");
  if (inputErrors.length) throw badRequest(inputErrors, "input does not match the tool's inputSchema");
  if (tool.rateLimitRpm) {
    const decision = await consumeLimit(env, `connector-tool:${tool.id}`, "rpm", tool.rateLimitRpm, RPM_WINDOW_SECONDS);
    if (!decision.allowed) throw rateLimitExceeded(decision);
  }
  const adapter = adapterFor(instance.connectorKey, instance.definitionId !== null, env.ALLOW_PRIVATE_HOSTS, env.SQL);
  if (!adapter) throw notConfigured();
  const context = await adapterContext(
    env,
    resolved,
    credential,
    AbortSignal.timeout(executionTimeoutMs(instance.connectorKey)),
  );
  await options.beforeCall?.();

  const started = Date.now();
  let answered: ToolResult | null = null;
  let error: AdapterError | null = null;
  try {
    answered = await adapter.execute(tool.toolKey, input, context);
  } catch (caught) {
    // Anything else an adapter throws is a fault after the call may have been made: recorded, never retried.
    if (!(caught instanceof AdapterError))
      logError(env, { connector: instance.connectorKey, error: caught instanceof Error ? caught.name : "unknown" });
    error =
      caught instanceof AdapterError ? caught : new AdapterError("unreachable", "The call failed inside the connector");
  }
  const durationMs = Date.now() - started;
  const { result, failure } = screened(answered, error, secretsOf(context.credentials));
  const executionId = newId();
  await putExecutionPayload(env, executionId, { input, output: result ? result.output : null });
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
    httpStatus: result ? result.httpStatus : failure!.httpStatus,
    errorMessage: result ? result.error : failure!.message,
    payloadKey: executionKey(executionId),
    createdAt: new Date(started).toISOString(),
  });
  return { executionId, result, failure, durationMs };
}

/** Direct execution: the call's result, or its failure as the API's error. */
export async function executeTool(ctx: Ctx, request: ToolRequest, options: ExecuteOptions = {}) {
  const { executionId, result, failure, durationMs } = await runExecution(ctx, request, options);
  if (failure) throw adapterErrorToApi(failure);
  return {
    executionId,
    result: {
      success: result!.success,
      output: result!.output,
      error: result!.error,
      httpStatus: result!.httpStatus,
      durationMs,
    },
  };
}
