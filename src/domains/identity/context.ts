import type { Context } from "hono";
import { createDb, type Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { toIso } from "../../lib/clock";
import type { AuthContext, Role } from "./caller";

declare module "../../env" {
  interface RequestVariables {
    /** The caller, set by `authenticate()` (routes behind it only). */
    auth: AuthContext;
    /** The caller when its token is admitted, set by `recognizeCaller()` (routes that also serve without a token). */
    viewer?: Promise<AuthContext | undefined>;
  }
}

/**
 * One request as a domain verb sees it (after openstatus' `ServiceContext`): the database, the
 * bindings, the authenticated caller and the request's time, so every row a request writes agrees
 * on "now". Verbs take this one value instead of `(db, env, auth, ..., now)`.
 */
export interface Ctx {
  db: Db;
  env: Env;
  auth: AuthContext;
  /** The request's start, ISO 8601. */
  now: string;
}

/**
 * A request without a caller (sign-in, links from mail, OAuth endpoints, the operator API behind its
 * token): `Ctx` less `auth`. Routes build it here so that none of them reaches `c.var.db` itself.
 */
export type RequestCtx = Omit<Ctx, "auth">;

/** The context of a request whose verbs need no caller. */
export const requestCtxOf = <E extends AppEnv>(c: Context<E>): RequestCtx => ({
  db: createDb(c.env.DB),
  env: c.env,
  now: toIso(c.var.startedAt),
});

/** The context of an authenticated request (routes behind `authenticate()`). */
export const ctxOf = (c: Context<AppEnv>): Ctx => ({ ...requestCtxOf(c), auth: c.var.auth });

/**
 * A request that may come with an admitted caller or without one (routes behind
 * `recognizeCaller()`): `viewer` settles to the caller, or to nobody.
 */
export type ViewerCtx = RequestCtx & { viewer: Promise<AuthContext | undefined> };

export const viewerCtxOf = (c: Context<AppEnv>): ViewerCtx => ({
  ...requestCtxOf(c),
  viewer: c.var.viewer ?? Promise.resolve(undefined),
});

/** The workspace roles that manage what the workspace shares (team connectors, members, definitions). */
export const MANAGER_ROLES = ["owner", "admin"] as const satisfies readonly Role[];

/** Whether a workspace role manages the workspace (the one place this rule is written). */
export const isManagerRole = (role: Role): boolean => (MANAGER_ROLES as readonly Role[]).includes(role);

/**
 * The OpenAPI extension an operation names its permission in. `manage` (`managersOnly`): a plain
 * member who sees the resource gets 403 (the verb enforces it; the document says it; the shared
 * access suite, test/helpers/access-suite.ts, checks it for every operation marked so).
 */
export const PERMISSION_EXTENSION = "x-permission";
export const managersOnly = { [PERMISSION_EXTENSION]: "manage" } as const;

/** Whether the caller manages the workspace they act in. */
export const managesWorkspace = (auth: AuthContext): boolean => isManagerRole(auth.workspace.role);
