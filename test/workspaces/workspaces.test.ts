import { describe, expect, it } from "vitest";
import { membershipSchema, workspaceSchema } from "../../src/domains/workspaces/schemas";
import { call, createUser, expectError, expectFieldError, expectShape } from "../helpers/api";

describe("workspaces", () => {
  it("401 without a token", async () => {
    expectError(await call("GET", "/workspaces"), 401, "unauthorized");
    expectError(await call("POST", "/workspaces", { body: { name: "X" } }), 401, "unauthorized");
    expectError(
      await call("POST", `/workspaces/${crypto.randomUUID()}/members`, { body: { email: "a@b.co", role: "member" } }),
      401,
      "unauthorized",
    );
  });

  it("creating a business workspace needs the business plan", async () => {
    const free = await createUser();
    expectError(
      await call("POST", "/workspaces", { token: free.accessToken, body: { name: "Team" } }),
      403,
      "forbidden",
    );
    const listed = await call("GET", "/workspaces", { token: free.accessToken });
    expect(listed.body.data).toHaveLength(1);
  });

  it("a business owner creates a workspace, lists it and acts in it", async () => {
    const owner = await createUser({ plan: "business" });
    const created = await call("POST", "/workspaces", { token: owner.accessToken, body: { name: "Team" } });
    expect(created.status).toBe(201);
    const workspace = expectShape(workspaceSchema, created.body.data);
    expect(workspace).toMatchObject({ name: "Team", kind: "business", role: "owner" });

    const list = await call("GET", "/workspaces", { token: owner.accessToken });
    expect(list.body.data.map((w: { kind: string }) => w.kind)).toEqual(["personal", "business"]);
    expect((await call("GET", "/me", { token: owner.accessToken, workspaceId: workspace.id })).status).toBe(200);
  });

  it("validates the name", async () => {
    const owner = await createUser({ plan: "business" });
    expectFieldError(await call("POST", "/workspaces", { token: owner.accessToken, body: { name: "" } }), "name");
  });

  it("X-Workspace-Id: 403 for a workspace the caller is not a member of, 400 for a non-UUID", async () => {
    const owner = await createUser({ plan: "business" });
    const stranger = await createUser();
    const team = (await call("POST", "/workspaces", { token: owner.accessToken, body: { name: "Team" } })).body.data;
    expectError(await call("GET", "/me", { token: stranger.accessToken, workspaceId: team.id }), 403, "forbidden");
    expectError(
      await call("GET", "/me", { token: stranger.accessToken, workspaceId: owner.personalWorkspaceId }),
      403,
      "forbidden",
    );
    expectError(
      await call("GET", "/me", { token: stranger.accessToken, workspaceId: crypto.randomUUID() }),
      403,
      "forbidden",
    );
    expectFieldError(await call("GET", "/me", { token: stranger.accessToken, workspaceId: "abc" }), "X-Workspace-Id");
    // UUIDs compare case-insensitively: the owner's own id in upper case is the same workspace.
    expect((await call("GET", "/me", { token: owner.accessToken, workspaceId: team.id.toUpperCase() })).status).toBe(
      200,
    );
  });

  it("400 with a field error for a non-UUID workspace id in the path", async () => {
    const owner = await createUser({ plan: "business" });
    expectFieldError(
      await call("POST", "/workspaces/not-a-uuid/members", {
        token: owner.accessToken,
        body: { email: "a@b.co", role: "member" },
      }),
      "id",
    );
  });

  it("owners and admins add members; members cannot; strangers cannot", async () => {
    const owner = await createUser({ plan: "business" });
    const admin = await createUser();
    const member = await createUser();
    const outsider = await createUser();
    const team = (await call("POST", "/workspaces", { token: owner.accessToken, body: { name: "Team" } })).body.data;
    const add = (token: string, email: string, role: string) =>
      call("POST", `/workspaces/${team.id}/members`, { token, body: { email, role } });

    const added = await add(owner.accessToken, admin.email, "admin");
    expect(added.status).toBe(201);
    expect(expectShape(membershipSchema, added.body.data)).toMatchObject({
      workspaceId: team.id,
      userId: admin.id,
      role: "admin",
    });
    expect((await add(admin.accessToken, member.email, "member")).status).toBe(201);

    expectError(await add(member.accessToken, outsider.email, "member"), 403, "forbidden");
    expectError(await add(outsider.accessToken, outsider.email, "member"), 403, "forbidden");
    expectError(await add(owner.accessToken, member.email, "member"), 409, "conflict");
    expectError(await add(owner.accessToken, "nobody-here@example.com", "member"), 404, "not_found");
    expectFieldError(await add(owner.accessToken, outsider.email, "owner"), "role");

    // The member now acts in the team workspace.
    const me = await call("GET", "/me", { token: member.accessToken, workspaceId: team.id });
    expect(me.status).toBe(200);
    expect(me.body.data.workspaces).toContainEqual({ id: team.id, name: "Team", kind: "business", role: "member" });
  });

  it("a personal workspace takes no members", async () => {
    const owner = await createUser({ plan: "business" });
    const other = await createUser();
    const res = await call("POST", `/workspaces/${owner.personalWorkspaceId}/members`, {
      token: owner.accessToken,
      body: { email: other.email, role: "member" },
    });
    expectError(res, 409, "conflict");
  });
});
