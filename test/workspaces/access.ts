import type { DomainAccess } from "../helpers/access-suite";
import { createUser } from "../helpers/api";
import { api } from "../helpers/client";

/** Workspaces: adding members to a workspace the caller does not administer is 403. */
export const workspacesAccess: DomainAccess = {
  prefix: "/api/v1/workspaces",
  foreign: {
    "/api/v1/workspaces/{id}/members": async (owner) => ({
      params: { id: owner.personalWorkspaceId },
      body: { POST: { email: "someone@example.com", role: "member" } },
      status: 403,
    }),
  },
  // A plain member of a business workspace: they belong to it, but only owners and admins add people.
  member: async () => {
    const [owner, member] = await Promise.all([createUser({ plan: "business" }), createUser()]);
    const team = (await api(owner).POST("/api/v1/workspaces", { body: { name: "Team" } })).body.data;
    const added = await api(owner).POST("/api/v1/workspaces/{id}/members", {
      params: { path: { id: team.id } },
      body: { email: member.email, role: "member" },
    });
    if (added.status !== 201) throw new Error(JSON.stringify(added.body));
    return {
      user: member,
      workspaceId: team.id,
      params: { id: team.id },
      body: { "POST /api/v1/workspaces/{id}/members": { email: owner.email, role: "member" } },
    };
  },
};
