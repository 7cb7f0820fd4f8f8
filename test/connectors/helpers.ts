import { call, createUser, type TestUser } from "../helpers/api";
import { TOOL_HOST } from "./fakes/tool-server";

export const SECRET_TOKEN = "sk-live-very-secret-token-1234567890";

/** A custom definition, an instance of it (personal unless given), bearer credentials and an `echo` tool. */
export async function connected(
  user: TestUser,
  options: { scope?: "personal" | "team"; workspaceId?: string; tool?: Record<string, unknown> } = {},
) {
  const key = `tools-${crypto.randomUUID().slice(0, 8)}`;
  const as = { token: user.accessToken, workspaceId: options.workspaceId };
  const definition = await call("POST", "/connectors/definitions", {
    ...as,
    body: { key, displayName: "My tools", authType: "bearer_token" },
  });
  if (definition.status !== 201) throw new Error(JSON.stringify(definition.body));
  const instance = await call("POST", "/connectors/instances", {
    ...as,
    body: {
      connectorKey: key,
      displayName: "Tools",
      scope: options.scope ?? "personal",
      config: { baseUrl: TOOL_HOST },
    },
  });
  if (instance.status !== 201) throw new Error(JSON.stringify(instance.body));
  const id = instance.body.data.id as string;
  const stored = await call("POST", `/connectors/instances/${id}/credentials`, {
    ...as,
    body: { credType: "bearer_token", credentials: { token: SECRET_TOKEN } },
  });
  if (stored.status !== 200) throw new Error(JSON.stringify(stored.body));
  const tool = await call("POST", `/connectors/instances/${id}/tools`, {
    ...as,
    body: {
      toolKey: "echo",
      displayName: "Echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      outputSchema: { type: "object" },
      ...options.tool,
    },
  });
  if (tool.status !== 201) throw new Error(JSON.stringify(tool.body));
  return { key, instanceId: id, toolId: tool.body.data.id as string, as };
}

export async function businessTeam() {
  const owner = await createUser({ plan: "business" });
  const admin = await createUser();
  const member = await createUser();
  const outsider = await createUser();
  const team = (await call("POST", "/workspaces", { token: owner.accessToken, body: { name: "Team" } })).body.data;
  for (const [user, role] of [
    [admin, "admin"],
    [member, "member"],
  ] as const) {
    const added = await call("POST", `/workspaces/${team.id}/members`, {
      token: owner.accessToken,
      body: { email: user.email, role },
    });
    if (added.status !== 201) throw new Error(JSON.stringify(added.body));
  }
  return { owner, admin, member, outsider, teamId: team.id as string };
}
