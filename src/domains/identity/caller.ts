import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
// The identity tables' own module, not the index: every authenticated request loads this (no other table).
import { accounts, authSessions, memberships, revokedAccessTokens, users, workspaces } from "../../db/schema/identity";
import { forbidden, unauthorized } from "../../lib/errors";
import type { AccessClaims } from "../../lib/tokens";

export type Plan = "free" | "pro" | "business";
export type Role = "owner" | "admin" | "member";

export interface AuthUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  username: string | null;
  createdAt: string;
}

/** The caller of a request: who they are, what their account may use, and where they act. */
export interface AuthContext {
  user: AuthUser;
  accountId: string;
  plan: Plan;
  entitlements: string[];
  /** The account's override of the plan's daily AI request allowance, if set. */
  aiDailyAllowance: number | null;
  token: AccessClaims;
  /** The workspace this request acts in (`X-Workspace-Id`, or the caller's personal one). */
  workspace: { id: string; accountId: string; kind: "personal" | "business"; role: Role };
}

/**
 * Loads the caller of a verified token: the user, their account, the token's revocation state and
 * the acting workspace (`workspaceId`, or the caller's personal one), in one statement: every
 * authenticated request starts here, so it is one query on the database, not three
 * (docs/scale.md). A revoked token or session is 401; a workspace the caller is no member of is 403.
 */
export async function loadCaller(db: Db, claims: AccessClaims, workspaceId: string | undefined): Promise<AuthContext> {
  const sessionId = claims.kind === "first-party" ? claims.sessionId : null;
  const acting = db
    .select({ id: workspaces.id, accountId: workspaces.accountId, kind: workspaces.kind, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(
      and(
        eq(memberships.userId, claims.userId),
        workspaceId
          ? eq(workspaces.id, workspaceId)
          : and(eq(workspaces.kind, "personal"), eq(memberships.role, "owner")),
      ),
    )
    .limit(1)
    .as("acting");
  const [caller] = await db
    .select({
      // The public columns only: the password hash never leaves the database here.
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        name: users.name,
        username: users.username,
        createdAt: users.createdAt,
      },
      accountId: users.accountId,
      plan: accounts.plan,
      entitlements: accounts.entitlements,
      aiDailyAllowance: accounts.aiDailyAllowance,
      sessionRevokedAt: authSessions.revokedAt,
      sessionUserId: authSessions.userId,
      tokenRevoked: sql<number>`exists (select 1 from ${revokedAccessTokens} where ${revokedAccessTokens.jti} = ${claims.jti})`,
      workspace: { id: acting.id, accountId: acting.accountId, kind: acting.kind, role: acting.role },
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(authSessions, eq(authSessions.id, sql`${sessionId}`))
    .leftJoin(acting, sql`true`)
    .where(eq(users.id, claims.userId));

  const sessionValid =
    claims.kind === "oauth" || (caller?.sessionUserId === claims.userId && caller.sessionRevokedAt === null);
  if (!caller || !sessionValid || caller.tokenRevoked)
    throw unauthorized("Access token has been revoked", "invalid_token");
  if (!caller.workspace) throw forbidden("You are not a member of this workspace");

  const { user, accountId, plan, entitlements, aiDailyAllowance, workspace } = caller;
  return { user, accountId, plan, entitlements, aiDailyAllowance, token: claims, workspace };
}
