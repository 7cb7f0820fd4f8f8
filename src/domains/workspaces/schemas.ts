import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";
import { sharedIdentitySchemas } from "../identity/shared-schemas";

const { workspaceRoleSchema } = sharedIdentitySchemas();

export const createWorkspaceBody = z
  .strictObject({ name: z.string().trim().min(1).max(100) })
  .openapi("CreateWorkspaceRequest", { example: { name: "Acme Research" } });

export const workspaceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(["personal", "business"]),
    role: workspaceRoleSchema,
    createdAt: isoDate(),
  })
  .openapi("Workspace");

export const addMemberBody = z
  .strictObject({
    email: z.email().transform((v) => v.trim().toLowerCase()),
    role: z.enum(["admin", "member"]),
  })
  .openapi("AddMemberRequest", { example: { email: "grace@example.com", role: "member" } });

export const membershipSchema = z
  .object({
    workspaceId: z.uuid(),
    userId: z.uuid(),
    email: z.string(),
    role: workspaceRoleSchema,
    createdAt: isoDate(),
  })
  .openapi("Membership");
