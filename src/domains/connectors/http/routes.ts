import { createRoute, z } from "@hono/zod-openapi";
import { ok, paged } from "../../../http/envelope";
import { bearerAuth, envelope, errors, json, jsonBody, pagedEnvelope } from "../../../http/openapi";
import { offsetPage } from "../../../lib/pagination";
import { offsetMeta } from "../../../lib/pagination-schemas";
import { createRouter } from "../../../http/router";
import { issuerOf } from "../../../http/context";
import { authenticate, requireEntitlement } from "../../../middleware/auth";
import { rateLimit } from "../../../middleware/rate-limit";
import { ctxOf, managersOnly } from "../../identity";
import { createDefinition, deleteDefinition, getDefinition, listDefinitions } from "../instances/definitions";
import { credentialStatus, deleteCredentials, storeCredentials } from "../instances/credentials";
import { executeTool } from "../execution/execute";
import { listExecutions } from "../execution/executions";
import { initiateOAuth } from "../instances/oauth-connect";
import { createInstance, deleteInstance, getInstance, listInstances, updateInstance } from "../instances/instances";
import {
  createDefinitionBody,
  createInstanceBody,
  createToolBody,
  syncMetaSchema,
  credentialRecordSchema,
  credentialStatusSchema,
  definitionSchema,
  deleteInstanceResult,
  executeBody,
  executionRecordSchema,
  executionResultSchema,
  instanceParams,
  instanceSchema,
  keyParams,
  listDefinitionsQuery,
  listExecutionsQuery,
  listInstancesQuery,
  localeQuery,
  oauthInitiateResult,
  storeCredentialsBody,
  testResultSchema,
  toolParams,
  toolSchema,
  updateInstanceBody,
  updateToolBody,
  consentParams,
  consentRevokedSchema,
  consentSchema,
  putConsentBody,
} from "./schemas";
import { testInstance, syncInstanceTools } from "../execution/instance-checks";
import { createTool, listTools, setToolEnabled } from "../instances/instance-tools";
import { listConsents, putConsent, revokeConsent } from "../instances/consents";

const tags = ["Connectors"];
/** Plan admission (the `connectors` entitlement) comes before anything else is looked at. */
const middleware = [authenticate(), requireEntitlement("connectors"), rateLimit];
const common = { tags, security: bearerAuth, middleware } as const;

// `...managersOnly` marks an operation `x-permission: manage` (the instance's owner when personal, a
// workspace owner/admin for team instances and custom definitions). The verb enforces it, with
// `openInstance(ctx, id, "manage")` or the definitions' manager rule; the mark documents it and
// makes the shared access suite check that a plain member gets 403.

export const connectorRoutes = createRouter()
  // Instance routes first: `/connectors/instances` must never be read as a definition key.
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors/instances",
      summary: "Instances visible in the active workspace (the caller's personal ones, the workspace's team ones)",
      request: { query: listInstancesQuery },
      responses: {
        200: json(pagedEnvelope(z.array(instanceSchema), offsetMeta), "One page of instances"),
        ...errors(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { items, total } = await listInstances(ctxOf(c), query);
      return paged(c, items, offsetPage(query.limit, query.offset, total));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: "post",
      path: "/connectors/instances",
      summary: "Create an instance (status pending_auth)",
      request: { body: jsonBody(createInstanceBody) },
      responses: { 201: json(envelope(instanceSchema), "Created"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, await createInstance(ctxOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors/instances/{id}",
      summary: "One instance",
      request: { params: instanceParams, query: localeQuery },
      responses: { 200: json(envelope(instanceSchema), "The instance"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, await getInstance(ctxOf(c), c.req.valid("param").id, c.req.valid("query").locale)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "patch",
      path: "/connectors/instances/{id}",
      summary: "Update displayName, config or enabled (ownership is immutable)",
      request: { params: instanceParams, body: jsonBody(updateInstanceBody) },
      responses: { 200: json(envelope(instanceSchema), "Updated"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, await updateInstance(ctxOf(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "delete",
      path: "/connectors/instances/{id}",
      summary: "Delete (user-created) or disable (built-in OAuth SaaS) an instance",
      request: { params: instanceParams },
      responses: {
        200: json(envelope(deleteInstanceResult), "Deleted or disabled"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => ok(c, await deleteInstance(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "post",
      path: "/connectors/instances/{id}/test",
      summary: "Test the connection (health check through the adapter)",
      request: { params: instanceParams },
      responses: { 200: json(envelope(testResultSchema), "The outcome"), ...errors(400, 401, 403, 404, 409, 429, 503) },
    }),
    async (c) => ok(c, await testInstance(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "post",
      path: "/connectors/instances/{id}/oauth/initiate",
      summary:
        "Start the OAuth hand-off: the provider's authorize URL (with state and PKCE) to open in the user's browser",
      request: { params: instanceParams },
      responses: {
        200: json(envelope(oauthInitiateResult), "Open redirectUrl in the user's browser"),
        ...errors(400, 401, 403, 404, 409, 429, 503),
      },
    }),
    async (c) => ok(c, await initiateOAuth(ctxOf(c), c.req.valid("param").id, issuerOf(c))),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "post",
      path: "/connectors/instances/{id}/credentials",
      summary: "Store or replace credentials (sealed; the instance becomes active)",
      request: { params: instanceParams, body: jsonBody(storeCredentialsBody) },
      responses: { 200: json(envelope(credentialRecordSchema), "Stored"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, await storeCredentials(ctxOf(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors/instances/{id}/credentials/status",
      summary: "Whether credentials are stored (never their values)",
      request: { params: instanceParams },
      responses: { 200: json(envelope(credentialStatusSchema), "Status"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, await credentialStatus(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "delete",
      path: "/connectors/instances/{id}/credentials",
      summary: "Delete credentials (the instance goes back to pending_auth); 409 when none are stored",
      request: { params: instanceParams },
      responses: { 200: json(envelope(credentialRecordSchema), "Deleted"), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => ok(c, await deleteCredentials(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors/instances/{id}/tools",
      summary: "The instance's tools",
      request: { params: instanceParams, query: localeQuery },
      responses: { 200: json(envelope(z.array(toolSchema)), "Tools"), ...errors(400, 401, 403, 404, 429) },
    }),
    async (c) => ok(c, await listTools(ctxOf(c), c.req.valid("param").id, c.req.valid("query").locale)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "post",
      path: "/connectors/instances/{id}/sync-tools",
      summary:
        "Pull the adapter's tools and upsert them; returns the full list, and in meta.skipped the discovered tools not stored (name or schema refused)",
      request: { params: instanceParams, query: localeQuery },
      responses: {
        200: json(pagedEnvelope(z.array(toolSchema), syncMetaSchema), "Tools"),
        ...errors(400, 401, 403, 404, 409, 429, 502, 503),
      },
    }),
    async (c) => {
      const { tools, skipped } = await syncInstanceTools(
        ctxOf(c),
        c.req.valid("param").id,
        c.req.valid("query").locale,
      );
      return paged(c, tools, { skipped });
    },
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "post",
      path: "/connectors/instances/{id}/tools",
      summary: "Create a custom tool (custom, non-system connectors only)",
      request: { params: instanceParams, query: localeQuery, body: jsonBody(createToolBody) },
      responses: { 201: json(envelope(toolSchema), "Created"), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) =>
      ok(c, await createTool(ctxOf(c), c.req.valid("param").id, c.req.valid("json"), c.req.valid("query").locale), 201),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "patch",
      path: "/connectors/instances/{id}/tools/{toolId}",
      summary: "Enable or disable a tool",
      request: { params: toolParams, body: jsonBody(updateToolBody) },
      responses: {
        200: json(envelope(z.object({ id: z.string(), isActive: z.boolean() })), "Updated"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const { id, toolId } = c.req.valid("param");
      return ok(c, await setToolEnabled(ctxOf(c), id, toolId, c.req.valid("json").enabled));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: "post",
      path: "/connectors/instances/{id}/tools/{toolId}/execute",
      summary: "Execute a tool directly (tools that require approval are refused)",
      request: { params: toolParams, query: localeQuery, body: jsonBody(executeBody) },
      responses: {
        200: json(envelope(executionResultSchema), "The result"),
        ...errors(400, 401, 403, 404, 409, 429, 502, 503),
      },
    }),
    async (c) => {
      const ctx = ctxOf(c);
      const { id: instanceId, toolId } = c.req.valid("param");
      const actor = { type: "user" as const, id: ctx.auth.user.id };
      const request = { actor, instanceId, toolId, input: c.req.valid("json").input };
      const { result } = await executeTool(ctx, request, { localeTag: c.req.valid("query").locale });
      return ok(c, result);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors/instances/{id}/executions",
      summary: "Execution history, newest first (inputs and outputs are never listed)",
      request: { params: instanceParams, query: listExecutionsQuery },
      responses: {
        200: json(pagedEnvelope(z.array(executionRecordSchema), offsetMeta), "One page of history"),
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { items, total } = await listExecutions(ctxOf(c), c.req.valid("param").id, query.limit, query.offset);
      return paged(c, items, offsetPage(query.limit, query.offset, total));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors",
      summary: "Connector definitions: built-in and the account's custom ones",
      request: { query: listDefinitionsQuery },
      responses: { 200: json(envelope(z.array(definitionSchema)), "Definitions"), ...errors(400, 401, 403, 429) },
    }),
    async (c) => ok(c, await listDefinitions(ctxOf(c), c.req.valid("query"))),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "post",
      path: "/connectors/definitions",
      summary: "Create a custom definition (category custom; account owner or workspace owner/admin)",
      request: { body: jsonBody(createDefinitionBody) },
      responses: { 201: json(envelope(definitionSchema), "Created"), ...errors(400, 401, 403, 409, 429) },
    }),
    async (c) => ok(c, await createDefinition(ctxOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "delete",
      path: "/connectors/definitions/{key}",
      summary:
        "Retire a custom definition: its team instances and the caller's own are deleted, other people's personal instances stay unavailable",
      request: { params: keyParams },
      responses: {
        200: json(envelope(z.object({ deleted: z.literal(true) })), "Deleted"),
        ...errors(401, 403, 404, 429),
      },
    }),
    async (c) => {
      await deleteDefinition(ctxOf(c), c.req.valid("param").key);
      return ok(c, { deleted: true as const });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/connectors/{key}",
      summary: "One definition (public metadata)",
      request: { params: keyParams, query: localeQuery },
      responses: { 200: json(envelope(definitionSchema), "The definition"), ...errors(401, 403, 404, 429) },
    }),
    async (c) => ok(c, await getDefinition(ctxOf(c), c.req.valid("param").key, c.req.valid("query").locale)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "put",
      path: "/connectors/instances/{id}/consents/{clientId}",
      summary: "Let an OAuth client use tools of your personal instance (automation consent)",
      request: { params: consentParams, body: jsonBody(putConsentBody) },
      responses: { 200: json(envelope(consentSchema), "The consent"), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const { id, clientId } = c.req.valid("param");
      return ok(c, await putConsent(ctxOf(c), id, clientId, c.req.valid("json")));
    },
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "get",
      path: "/connectors/instances/{id}/consents",
      summary: "The OAuth clients your personal instance has consented to",
      request: { params: instanceParams },
      responses: {
        200: json(envelope(z.array(consentSchema)), "The consents"),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => ok(c, await listConsents(ctxOf(c), c.req.valid("param").id)),
  )
  .openapi(
    createRoute({
      ...common,
      ...managersOnly,
      method: "delete",
      path: "/connectors/instances/{id}/consents/{clientId}",
      summary: "Revoke a client's consent (future calls only)",
      request: { params: consentParams },
      responses: { 200: json(envelope(consentRevokedSchema), "Revoked"), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const { id, clientId } = c.req.valid("param");
      return ok(c, await revokeConsent(ctxOf(c), id, clientId));
    },
  );
