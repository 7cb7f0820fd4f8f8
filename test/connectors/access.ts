import type { DomainAccess, MemberFixture } from "../helpers/access-suite";
import type { TestUser } from "../helpers/api";
import { businessTeam, connected } from "./helpers";

/** A stranger's view of another account's connector: every id is 404 NOT_FOUND (knowing it grants nothing). */
const instance = async (owner: TestUser) => {
  const { instanceId } = await connected(owner);
  return {
    params: { id: instanceId },
    body: {
      PATCH: { displayName: "Renamed" },
      POST: { credType: "bearer_token" as const, credentials: { token: "t" } },
    },
  };
};
const withTool = async (owner: TestUser) => {
  const { instanceId, toolId } = await connected(owner);
  return { params: { id: instanceId, toolId }, body: { PATCH: { enabled: false }, POST: { input: { text: "hi" } } } };
};

/**
 * A plain member of a business workspace, with the workspace's team instance (and its tool and
 * custom definition) in view: they read and execute it, but every manage operation is 403.
 */
const member: MemberFixture = async () => {
  const { owner, member, teamId } = await businessTeam();
  const { key, instanceId, toolId } = await connected(owner, { workspaceId: teamId, scope: "team" });
  const V1 = "/api/v1/connectors";
  return {
    user: member,
    workspaceId: teamId,
    params: { id: instanceId, toolId, key, clientId: crypto.randomUUID() },
    body: {
      [`PATCH ${V1}/instances/{id}`]: { displayName: "Renamed" },
      [`POST ${V1}/instances/{id}/credentials`]: { credType: "bearer_token", credentials: { token: "x" } },
      [`POST ${V1}/instances/{id}/tools`]: {
        toolKey: "other",
        displayName: "Other",
        inputSchema: { type: "object" },
        outputSchema: { type: "object" },
      },
      [`PATCH ${V1}/instances/{id}/tools/{toolId}`]: { enabled: false },
      [`PUT ${V1}/instances/{id}/consents/{clientId}`]: { toolKeys: ["echo"], workspaceId: teamId, audience: "owner" },
      [`POST ${V1}/definitions`]: {
        key: `member-${crypto.randomUUID().slice(0, 8)}`,
        displayName: "Mine",
        authType: "bearer_token",
      },
    },
  };
};

export const connectorsAccess: DomainAccess = {
  prefix: "/api/v1/connectors",
  entitlement: "connectors",
  notFoundCode: "NOT_FOUND",
  member,
  foreign: {
    "/api/v1/connectors/{key}": async (owner) => ({ params: { key: (await connected(owner)).key } }),
    "/api/v1/connectors/definitions/{key}": async (owner) => ({ params: { key: (await connected(owner)).key } }),
    "/api/v1/connectors/instances/{id}": instance,
    "/api/v1/connectors/instances/{id}/credentials": instance,
    "/api/v1/connectors/instances/{id}/credentials/status": instance,
    "/api/v1/connectors/instances/{id}/executions": instance,
    "/api/v1/connectors/instances/{id}/oauth/initiate": instance,
    "/api/v1/connectors/instances/{id}/sync-tools": instance,
    "/api/v1/connectors/instances/{id}/test": instance,
    "/api/v1/connectors/instances/{id}/tools": async (owner) => ({
      ...(await instance(owner)),
      body: {
        POST: {
          toolKey: "other",
          displayName: "Other",
          inputSchema: { type: "object" },
          outputSchema: { type: "object" },
        },
      },
    }),
    "/api/v1/connectors/instances/{id}/tools/{toolId}": withTool,
    "/api/v1/connectors/instances/{id}/tools/{toolId}/execute": withTool,
    "/api/v1/connectors/instances/{id}/consents": instance,
    "/api/v1/connectors/instances/{id}/consents/{clientId}": async (owner) => ({
      params: { id: (await connected(owner)).instanceId, clientId: crypto.randomUUID() },
      body: { PUT: { toolKeys: ["echo"], workspaceId: owner.personalWorkspaceId, audience: "owner" } },
    }),
  },
};

/** The MCP gateway: first-party tokens, or OAuth tokens with execution:run; challenges name its resource metadata. */
export const mcpGatewayAccess: DomainAccess = {
  prefix: "/api/v1/mcp",
  // Connector tools need "connectors", capability tools "ai": a plan with either may connect.
  entitlement: ["connectors", "ai"],
  oauthScope: "execution:run ai:capabilities",
  challengeParameters: ', resource_metadata="http://localhost/.well-known/oauth-protected-resource"',
};
