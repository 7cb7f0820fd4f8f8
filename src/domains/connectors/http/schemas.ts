import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/openapi";
import { clientIdParam, idParam } from "../../../http/path-ids";
import { ApiError } from "../../../lib/errors";
import { offsetQuery } from "../../../lib/pagination-schemas";
import { AUTH_TYPES, CATEGORIES } from "../instances/catalogue";
import { CRED_TYPES } from "../secrets";

const jsonObject = z.record(z.string(), z.unknown());
const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

/** What names a connector, in a definition and in the provider an instance shows. */
const connectorIdentity = {
  key: z.string(),
  displayName: z.string(),
  description: z.string(),
  category: z.string(),
  authType: z.string(),
};

export const definitionSchema = z
  .object({
    ...connectorIdentity,
    configSchema: jsonObject,
    isSystem: z.boolean(),
    isActive: z.boolean(),
    version: z.string(),
    supportedFeatures: z.array(z.string()),
    subType: z.string().nullable(),
    iconUrl: z.string().nullable(),
  })
  .openapi("ConnectorDefinition");

export const listDefinitionsQuery = z.object({
  category: z.enum(CATEGORIES).optional(),
  isActive: booleanQuery.optional(),
  locale: z.string().max(35).optional(),
});
export const localeQuery = z.object({ locale: z.string().max(35).optional() });
export const keyParams = z.object({
  key: z
    .string()
    .max(64)
    .openapi({ param: { name: "key", in: "path" } }),
});

const CUSTOM_KEY = /^[a-z0-9][a-z0-9-]{1,62}$/;
export const createDefinitionBody = z.object({
  key: z.string().regex(CUSTOM_KEY, "must match ^[a-z0-9][a-z0-9-]{1,62}$"),
  displayName: z.string().trim().min(1).max(255),
  description: z.string().max(2000).optional(),
  iconUrl: z.url().max(2000).optional(),
  authType: z.enum(AUTH_TYPES.filter((t) => t !== "connection_string") as ["none", ...string[]]),
  authConfig: jsonObject.optional(),
  configSchema: jsonObject.optional(),
});

export const instanceSchema = z
  .object({
    id: z.string(),
    connectorKey: z.string(),
    displayName: z.string(),
    status: z.enum(["pending_auth", "active", "error", "inactive"]),
    enabled: z.boolean(),
    scope: z.enum(["personal", "team"]),
    workspaceId: z.string().nullable(),
    availableInWorkspaceId: z.string(),
    ownership: z.object({ ownerUserId: z.string().nullable(), ownerWorkspaceId: z.string().nullable() }),
    permissions: z.object({ canRead: z.boolean(), canManage: z.boolean(), canExecute: z.boolean() }),
    authorizationState: z.enum(["connected", "authorization_required", "unavailable", "permission_restricted"]),
    provider: z
      .object({
        ...connectorIdentity,
        iconUrl: z.string().nullable(),
        version: z.string(),
      })
      .nullable(),
    config: jsonObject,
    lastHealthCheck: isoDate().nullable(),
    healthMessage: z.string().nullable(),
    createdAt: isoDate(),
    updatedAt: isoDate(),
  })
  .openapi("ConnectorInstance");

// Malformed ids answer the same 404 as unknown ones (http/path-ids.ts).
const instanceId = idParam("id", () => new ApiError("NOT_FOUND", "Connector instance not found"));
export const instanceParams = z.object({ id: instanceId });
export const toolParams = z.object({
  id: instanceId,
  toolId: idParam("toolId", () => new ApiError("NOT_FOUND", "Tool not found")),
});
export const listInstancesQuery = offsetQuery(100, 20).extend({
  scope: z.enum(["personal", "team"]).optional(),
  locale: z.string().max(35).optional(),
});
export const createInstanceBody = z.object({
  connectorKey: z.string().min(1).max(64),
  displayName: z.string().trim().min(1).max(255),
  scope: z.enum(["personal", "team"]).default("personal"),
  config: jsonObject.optional(),
});
export const updateInstanceBody = z
  .object({
    displayName: z.string().trim().min(1).max(255).optional(),
    config: jsonObject.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export const deleteInstanceResult = z.object({ id: z.string(), deleted: z.boolean(), enabled: z.boolean().optional() });

export const storeCredentialsBody = z.object({
  credType: z.enum(CRED_TYPES),
  credentials: jsonObject,
  scopes: z.array(z.string().max(200)).max(100).optional(),
});
export const credentialRecordSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  credType: z.string(),
  rotatedAt: isoDate(),
});
export const credentialStatusSchema = z.object({
  configured: z.boolean(),
  credType: z.string().nullable(),
  expiresAt: isoDate().nullable(),
  scopes: z.array(z.string()).nullable(),
});

export const toolSchema = z
  .object({
    id: z.string(),
    connectorKey: z.string(),
    toolKey: z.string(),
    displayName: z.string(),
    description: z.string().nullable(),
    inputSchema: jsonObject,
    outputSchema: jsonObject,
    requiresApproval: z.boolean(),
    rateLimitRpm: z.number().nullable(),
    isActive: z.boolean(),
    source: z.enum(["auto_discovered", "manual"]),
  })
  .openapi("ConnectorTool");
/** `sync-tools` meta: discovered tools that were not stored, with the reason (name grammar, schema checks). */
export const syncMetaSchema = z.object({
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  requestId: z.string(),
  durationMs: z.number(),
});
export const createToolBody = z.object({
  toolKey: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, "must be letters, digits, _ . or - (at most 128)"),
  displayName: z.string().trim().min(1).max(255),
  description: z.string().max(2000).optional(),
  inputSchema: jsonObject,
  outputSchema: jsonObject,
  requiresApproval: z.boolean().default(false),
  rateLimitRpm: z.number().int().min(1).max(100_000).optional(),
});
export const updateToolBody = z.object({ enabled: z.boolean() });
export const executeBody = z.object({ input: jsonObject });
export const executionResultSchema = z.object({
  success: z.boolean(),
  output: jsonObject,
  error: z.string().nullable(),
  httpStatus: z.number().nullable(),
  durationMs: z.number(),
});
export const executionRecordSchema = z
  .object({
    id: z.string(),
    instanceId: z.string(),
    toolId: z.string(),
    toolKey: z.string(),
    status: z.enum(["success", "error"]),
    actorId: z.string(),
    actorType: z.enum(["user", "agent"]),
    runId: z.string().nullable(),
    durationMs: z.number(),
    httpStatus: z.number().nullable(),
    errorMessage: z.string().nullable(),
    createdAt: isoDate(),
  })
  .openapi("ConnectorExecution");
export const listExecutionsQuery = offsetQuery(100, 20);
export const testResultSchema = z.object({
  ok: z.boolean(),
  status: z.string(),
  message: z.string(),
  latencyMs: z.number(),
  checkedAt: isoDate(),
});

export const oauthInitiateResult = z
  .object({ redirectUrl: z.url(), state: z.string() })
  .openapi("ConnectorOAuthInitiate");
export const connectorKeyParams = z.object({
  connectorKey: z
    .string()
    .max(64)
    .openapi({ param: { name: "connectorKey", in: "path" } }),
});
/** Whatever the provider sends back; nothing is required, so a bad callback still lands on the result page. */
export const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export const consentParams = z.object({
  id: instanceId,
  clientId: clientIdParam("clientId", () => new ApiError("NOT_FOUND", "OAuth client not found")),
});
export const putConsentBody = z.object({
  toolKeys: z.array(z.string().min(1).max(128)).min(1).max(200),
  workspaceId: z.uuid().transform((id) => id.toLowerCase()),
  audience: z.enum(["owner", "workspace"]),
});
export const consentSchema = z
  .object({
    clientId: z.string(),
    clientName: z.string(),
    toolKeys: z.array(z.string()),
    workspaceId: z.string(),
    audience: z.enum(["owner", "workspace"]),
    createdAt: isoDate(),
    updatedAt: isoDate(),
  })
  .openapi("ConnectorConsent");
export const consentRevokedSchema = z.object({ clientId: z.string(), revoked: z.literal(true) });
