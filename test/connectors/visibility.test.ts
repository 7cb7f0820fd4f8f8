import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, expectError, expectFieldError } from "../helpers/api";
import { installToolServer } from "./fakes/tool-server";
import { businessTeam, connected } from "./helpers";

beforeAll(() => installToolServer());

describe("instance visibility", () => {
  it("team instances are listed to the workspace's members only; personal ones to their owner only", async () => {
    const { owner, member, outsider, teamId } = await businessTeam();
    const team = await connected(owner, { workspaceId: teamId, scope: "team" });
    // A member defines custom connectors in their own account only (CONTRACT); the personal instance follows them.
    const mine = await connected(member);
    const list = async (token: string, workspaceId?: string) =>
      (await call("GET", "/connectors/instances", { token, workspaceId })).body.data.map((i: { id: string }) => i.id);
    expect(await list(owner.accessToken, teamId)).toEqual([team.instanceId]);
    expect((await list(member.accessToken, teamId)).sort()).toEqual([team.instanceId, mine.instanceId].sort());
    expect(await list(outsider.accessToken)).toEqual([]);
    // A personal instance follows its owner into every workspace they act in.
    expect(await list(member.accessToken)).toEqual([mine.instanceId]);
    const teamOnly = await call("GET", "/connectors/instances?scope=team", {
      token: member.accessToken,
      workspaceId: teamId,
    });
    expect(teamOnly.body.data.map((i: { id: string }) => i.id)).toEqual([team.instanceId]);
    expect(teamOnly.body.data[0].permissions).toEqual({ canRead: true, canManage: false, canExecute: true });
  });

  it("a personal instance of a custom definition is unavailable in a workspace of another account", async () => {
    const { owner, member, teamId } = await businessTeam();
    // The member's personal instance of the team account's custom definition.
    const { key } = await connected(owner, { workspaceId: teamId });
    const created = await call("POST", "/connectors/instances", {
      token: member.accessToken,
      workspaceId: teamId,
      body: { connectorKey: key, displayName: "x", config: { baseUrl: "https://tools.fake-connector.test" } },
    });
    expect(created.status).toBe(201);
    const elsewhere = await call("GET", `/connectors/instances/${created.body.data.id}`, { token: member.accessToken });
    expect(elsewhere.body.data).toMatchObject({
      authorizationState: "unavailable",
      provider: null,
      permissions: { canManage: true },
    });
    // The owner keeps cleanup access.
    expect(
      (await call("DELETE", `/connectors/instances/${created.body.data.id}`, { token: member.accessToken })).body.data
        .deleted,
    ).toBe(true);
  });

  it("tool and history routes: a foreign tool id is 404 NOT_FOUND; history limits are 1..100", async () => {
    const user = await createUser();
    const { instanceId, as } = await connected(user);
    const other = await connected(await createUser());
    expectError(
      await call("PATCH", `/connectors/instances/${instanceId}/tools/${other.toolId}`, {
        ...as,
        body: { enabled: false },
      }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await call("POST", `/connectors/instances/${instanceId}/tools/${other.toolId}/execute`, {
        ...as,
        body: { input: { text: "x" } },
      }),
      404,
      "NOT_FOUND",
    );
    expectFieldError(await call("GET", `/connectors/instances/${instanceId}/executions?limit=0`, as), "limit");
    expectFieldError(await call("GET", `/connectors/instances/${instanceId}/executions?limit=101`, as), "limit");
    const empty = await call("GET", `/connectors/instances/${instanceId}/executions`, as);
    expect(empty.body).toMatchObject({ data: [], meta: { total: 0, limit: 20, offset: 0, hasNextPage: false } });
  });
});
