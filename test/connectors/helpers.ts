import { createUser, type TestUser } from "../helpers/api";
import { api, type RequestBody } from "../helpers/client";
import { TOOL_HOST } from "./fakes/tool-server";

export const SECRET_TOKEN = "sk-live-very-secret-token-1234567890";

type ToolBody = RequestBody<"/api/v1/connectors/instances/{id}/tools", "post">;

/** A custom definition, an instance of it (personal unless given), bearer credentials and an `echo` tool. */
export async function connected(
  user: TestUser,
  options: { scope?: "personal" | "team"; workspaceId?: string; tool?: Partial<ToolBody> } = {},
) {
  const key = `tools-${crypto.randomUUID().slice(0, 8)}`;
  const as = { token: user.accessToken, workspaceId: options.workspaceId };
  const client = api(user, { workspaceId: options.workspaceId });
  const definition = await client.POST("/api/v1/connectors/definitions", {
    body: { key, displayName: "My tools", authType: "bearer_token" },
  });
  if (definition.status !== 201) throw new Error(JSON.stringify(definition.body));
  const instance = await client.POST("/api/v1/connectors/instances", {
    body: {
      connectorKey: key,
      displayName: "Tools",
      scope: options.scope ?? "personal",
      config: { baseUrl: TOOL_HOST },
    },
  });
  if (instance.status !== 201) throw new Error(JSON.stringify(instance.body));
  const id = instance.body.data.id;
  const path = { id };
  const stored = await client.POST("/api/v1/connectors/instances/{id}/credentials", {
    params: { path },
    body: { credType: "bearer_token", credentials: { token: SECRET_TOKEN } },
  });
  if (stored.status !== 200) throw new Error(JSON.stringify(stored.body));
  const tool = await client.POST("/api/v1/connectors/instances/{id}/tools", {
    params: { path },
    body: {
      toolKey: "echo",
      displayName: "Echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      outputSchema: { type: "object" },
      ...options.tool,
    },
  });
  if (tool.status !== 201) throw new Error(JSON.stringify(tool.body));
  return { key, instanceId: id, toolId: tool.body.data.id, as };
}

export async function businessTeam() {
  const owner = await createUser({ plan: "business" });
  const admin = await createUser();
  const member = await createUser();
  const outsider = await createUser();
  const team = (await api(owner).POST("/api/v1/workspaces", { body: { name: "Team" } })).body.data;
  for (const [user, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    const added = await api(owner).POST("/api/v1/workspaces/{id}/members", {
      params: { path: { id: team.id } },
      body: { email: user.email, role },
    });
    if (added.status !== 201) throw new Error(JSON.stringify(added.body));
  }
  return { owner, admin, member, outsider, teamId: team.id };
}
