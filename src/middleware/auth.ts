import { and, eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { accounts, authSessions, memberships, revokedAccessTokens, users, workspaces } from "../db/schema";
import { ApiError, badRequest, forbidden, unauthorized } from "../lib/errors";
import { bearerCredential } from "../lib/bearer";
import { isUuid } from "../lib/ids";
import { issuerOf } from "../lib/origin";
import { verifyAccessToken, type AccessClaims } from "../lib/tokens";

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

export interface AuthenticateOptions {
  /** The OAuth scope that lets a third-party token call these routes; absent means first-party only. */
  oauthScope?: string;
}

/**
 * Verifies the bearer token and loads the caller, their account, the token's revocation state and
 * the acting workspace in one D1 round trip (a batch).
 */
export const authenticate = (options: AuthenticateOptions = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerCredential(c.req.header("Authorization"));
    if (!token) throw unauthorized();
    const claims = await verifyAccessToken(c.env.JWT_SECRET, issuerOf(c), token);
    if (!claims) throw unauthorized("Invalid or expired access token", "invalid_token");
    if (claims.kind === "oauth" && (!options.oauthScope || !claims.scopes.includes(options.oauthScope))) {
      throw new ApiError("forbidden", "The access token's scopes do not grant this endpoint", undefined, {
        "WWW-Authenticate": `Bearer error="insufficient_scope"${options.oauthScope ? `, scope="${options.oauthScope}"` : ""}`,
      });
    }

    const rawWorkspace = c.req.header("X-Workspace-Id");
    if (rawWorkspace !== undefined && !isUuid(rawWorkspace)) {
      throw badRequest([{ field: "X-Workspace-Id", message: "must be a UUID" }]);
    }
    // UUIDs compare case-insensitively (RFC 9562); stored ids are lower case.
    const workspaceHeader = rawWorkspace?.toLowerCase();

    const db = c.var.db;
    const sessionId = claims.kind === "first-party" ? claims.sessionId : null;
    const [callerRows, workspaceRows, revoked] = await db.batch([
      db
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
        })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .leftJoin(authSessions, eq(authSessions.id, sql`${sessionId}`))
        .where(eq(users.id, claims.userId)),
      db
        .select({ id: workspaces.id, accountId: workspaces.accountId, kind: workspaces.kind, role: memberships.role })
        .from(memberships)
        .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
        .where(
          and(
            eq(memberships.userId, claims.userId),
            workspaceHeader ? eq(workspaces.id, workspaceHeader) : and(eq(workspaces.kind, "personal"), eq(memberships.role, "owner")),
          ),
        )
        .limit(1),
      db.select({ jti: revokedAccessTokens.jti }).from(revokedAccessTokens).where(eq(revokedAccessTokens.jti, claims.jti)),
    ]);

    const caller = callerRows[0];
    const sessionValid =
      claims.kind === "oauth" || (caller?.sessionUserId === claims.userId && caller.sessionRevokedAt === null);
    if (!caller || !sessionValid || revoked.length > 0) throw unauthorized("Access token has been revoked", "invalid_token");

    const workspace = workspaceRows[0];
    if (!workspace) throw forbidden("You are not a member of this workspace");

    const { user, accountId, plan, entitlements, aiDailyAllowance } = caller;
    c.set("auth", { user, accountId, plan, entitlements, aiDailyAllowance, token: claims, workspace });
    await next();
  });

/** Refuses callers whose account lacks an entitlement (`ai`, `connectors`, `provider:<key>`). */
export const requireEntitlement = (entitlement: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.auth.entitlements.includes(entitlement)) throw forbidden(`Your plan does not include "${entitlement}"`);
    await next();
  });
