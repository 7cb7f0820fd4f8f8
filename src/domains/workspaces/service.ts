import { and, eq } from "drizzle-orm";
import { memberships, users, workspaces } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { isManagerRole, type Ctx } from "../identity";

/** Business workspaces belong to the caller's account and need the `business` plan. */
export async function createWorkspace(ctx: Ctx, name: string) {
  const { db, auth } = ctx;
  if (auth.plan !== "business") throw forbidden("Business workspaces need the business plan");
  const workspace = { id: newId(), accountId: auth.accountId, name, kind: "business" as const, createdAt: ctx.now };
  await db.batch([
    db.insert(workspaces).values(workspace),
    db
      .insert(memberships)
      .values({ workspaceId: workspace.id, userId: auth.user.id, role: "owner", createdAt: workspace.createdAt }),
  ]);
  return { id: workspace.id, name, kind: workspace.kind, role: "owner" as const, createdAt: workspace.createdAt };
}

/** Owners and admins add people; the workspace must be a business one. */
export interface NewMember {
  email: string;
  role: "admin" | "member";
}

export async function addMember(ctx: Ctx, workspaceId: string, { email, role }: NewMember) {
  const { db } = ctx;
  const callerId = ctx.auth.user.id;
  const [caller, [invitee]] = await db.batch([
    db
      .select({ role: memberships.role, kind: workspaces.kind })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, callerId))),
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)),
  ]);
  const membership = caller[0];
  if (!membership || !isManagerRole(membership.role))
    throw forbidden("Only owners and admins of this workspace can add members");
  if (membership.kind === "personal") throw conflict("A personal workspace has no other members");
  if (!invitee) throw notFound("No user has this e-mail address");

  const row = { workspaceId, userId: invitee.id, role, createdAt: ctx.now };
  const inserted = await db.insert(memberships).values(row).onConflictDoNothing().returning();
  if (inserted.length === 0) throw conflict("This user is already a member of the workspace");
  return { ...row, email: invitee.email };
}
