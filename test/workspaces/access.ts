import type { DomainAccess } from "../helpers/access-suite";

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
};
