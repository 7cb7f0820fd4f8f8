// One shared access suite (after Unkey's common route tests): every authenticated operation of the
// generated OpenAPI document is checked for who may call it. The route list comes from the
// document, so a route is covered the day it is added; what the document cannot say (how to make a
// resource another user owns, which entitlement a domain needs) comes from a small registry per
// domain (`test/<domain>/access.ts`), collected in test/access.test.ts.
import { describe, expect, it } from "vitest";
import { loadApp, openApiDocument } from "../../src/app";
import { PERMISSION_EXTENSION } from "../../src/domains/identity";
import { DEFAULT_ENTITLEMENTS } from "../../src/domains/identity/service";
import { SCOPES } from "../../src/domains/oauth/scopes";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import type { paths } from "../../clients/typescript";
import { createUser, expectError, type ApiResponse, type TestUser } from "./api";
import {
  api,
  anyOperation,
  operator,
  type ClientOptions,
  type OperationBody,
  type OperationKey,
  type PathParamNames,
  type RequestBody,
  type TypedClient,
} from "./client";
import { signTestToken } from "./tokens";

/** What the suite needs to know about one domain's operations beyond the OpenAPI document. */
export interface DomainAccess {
  /** The domain's operations: paths (as the document writes them) starting with this. */
  prefix: string;
  /**
   * The entitlement every operation of the domain needs (a caller without it gets 403); a list:
   * any one of them admits (the caller without all of them gets 403).
   */
  entitlement?: string | string[];
  /** The OAuth scope that admits third-party tokens; absent means first-party tokens only. */
  oauthScope?: string;
  /**
   * Operations (`METHOD path`) no OAuth token may call whatever its scopes, in a domain whose
   * other operations admit `oauthScope` (the decision on a tool call: the human check on an agent).
   */
  firstPartyOnly?: OperationKey[];
  /**
   * For each path with parameters (e.g. `/api/v1/ai/sessions/{sessionId}`): creates what `owner`
   * owns there and returns a value for every parameter, a body the operation accepts (so the
   * answer is about ownership, not validation), and the status a stranger gets (404 unless the
   * contract says otherwise).
   */
  foreign?: { [P in keyof paths]?: ForeignFixture<P> };
  /** The code of a 404 where the spec gives the domain its own casing (connectors: `NOT_FOUND`). */
  notFoundCode?: string;
  /** Parameters every challenge of the domain adds (the MCP gateway names its resource metadata). */
  challengeParameters?: string;
  /**
   * Operations (`METHOD path`) that answer every caller they refuse with the 404 of an unknown id
   * rather than 401 or 403: no token; a malformed, tampered or expired token; an OAuth token
   * without the scope; a workspace the caller is not in; a plan without the entitlement; for
   * unknown ids and for another user's alike (media: a signed URL opens them without a token,
   * CONTRACT "Media"). Needs a `foreign` fixture for the existing ids.
   */
  refusedAsNotFound?: OperationKey[];
  /**
   * For the operations the document marks `x-permission: manage` (an OpenAPI extension the
   * domain's routes set): a workspace member who sees what the operation changes but may not
   * manage it, and what to call it with. Every marked operation answers that member 403.
   */
  member?: MemberFixture;
}

export interface MemberCase {
  user: TestUser;
  /** The workspace the member acts in (X-Workspace-Id). */
  workspaceId: string;
  /** A value for every path parameter of the domain's marked operations. */
  params: Record<string, string>;
  /**
   * A valid body by operation (`METHOD path`), so the answer is about the permission, not
   * validation; typed by the document (a renamed field fails `tsc`).
   */
  body?: { [K in OperationKey]?: OperationBody<K> };
}
export type MemberFixture = () => Promise<MemberCase>;

type Verb = "get" | "post" | "put" | "patch" | "delete";
type Method = Uppercase<Verb>;

/**
 * The body a fixture gives for one method: the document's request body, or anything where the
 * path has no such method or it takes no body (a fixture shared by several paths gives bodies for
 * the methods of all of them).
 */
type FixtureBody<P extends keyof paths, M extends Verb> = [RequestBody<P, M>] extends [never]
  ? unknown
  : RequestBody<P, M>;

/** Another user's resource at path `P`, as a domain's fixture makes it (typed by the document). */
export interface ForeignCase<P extends keyof paths> {
  /** A value for every `{parameter}` of the path (a shared fixture may give more). */
  params: Record<PathParamNames<P>, string>;
  /** A valid body by method, for operations that validate one before looking the resource up. */
  body?: { [M in Verb as Uppercase<M>]?: FixtureBody<P, M> };
  status?: 403 | 404;
}
/**
 * Makes what `owner` owns at path `P`. A fixture shared by several paths is written without this
 * annotation (`async (owner: TestUser) => ...`): each path it is listed under checks it.
 */
export type ForeignFixture<P extends keyof paths> = (owner: TestUser) => Promise<ForeignCase<P>>;

/** A fixture as the generic loop sees it (the path is known only at run time). */
type AnyForeignFixture = (owner: TestUser) => Promise<{
  params: Record<string, string>;
  body?: Partial<Record<Method, unknown>>;
  status?: 403 | 404;
}>;
const foreignFixture = (domain: DomainAccess | undefined, path: keyof paths) =>
  domain?.foreign?.[path] as AnyForeignFixture | undefined;

interface Operation {
  method: Method;
  /** As the document writes it; the generated types are the same document's (test/node/client-drift.test.ts). */
  path: keyof paths;
  security: "bearer" | "admin";
  domain: DomainAccess | undefined;
  /** The document's `x-permission` for the operation, when it names one. */
  permission: string | undefined;
}

/** The generated document (what clients see). */
const document = openApiDocument(await loadApp());

/** The API's own operations, from the generated document. */
function operations(
  domains: DomainAccess[],
  exempt: ReadonlySet<string>,
): { checked: Operation[]; unlisted: string[] } {
  const checked: Operation[] = [];
  const unlisted: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(
      item as Record<string, { security?: Record<string, string[]>[]; [PERMISSION_EXTENSION]?: string }>,
    )) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (exempt.has(key)) continue;
      if (!schemes.length) {
        unlisted.push(`${key} declares no security and is not in the commented public exemption list`);
        continue;
      }
      const security = schemes.includes("adminToken") ? "admin" : "bearer";
      checked.push({
        method: method.toUpperCase() as Method,
        path: path as keyof paths,
        security,
        domain: domains.find((d) => path.startsWith(d.prefix)),
        permission: operation[PERMISSION_EXTENSION],
      });
    }
  }
  return { checked, unlisted };
}

/** A value made on first use and shared after. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** A value for every `{param}` of the path: from `params`, or a fresh UUID. */
const fill = (path: string, params: Record<string, string> = {}) =>
  Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, params[name!] ?? crypto.randomUUID()]));

/** Calls one operation of the document as `client`, with `params` (all of them) and `body`. */
const request = (
  client: TypedClient,
  op: { method: Method; path: keyof paths },
  params: Record<string, string>,
  body?: unknown,
) => anyOperation(client, op.method, op.path, { params, body });

/** Where a request went, for assertion messages. */
const target = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name);

const hasParams = (path: string) => /\{\w+\}/.test(path);

/** A valid access token with its signature changed: everything else about it is right. */
const tampered = (token: string) => {
  const [header, payload, signature] = token.split(".");
  const flipped = signature!.startsWith("A") ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
  return `${header}.${payload}.${flipped}`;
};

function expectUnauthorized(res: ApiResponse, what: string) {
  expectError(res, 401, "unauthorized");
  expect(res.headers.get("WWW-Authenticate"), what).toMatch(/^Bearer/);
}

/**
 * Defines the suite: for every bearer operation, 401 without a token (with `WWW-Authenticate`),
 * with a malformed, a tampered and an expired token; 403 for an OAuth token without the scope,
 * for a workspace the caller is not a member of, and without the domain's entitlement; and, for
 * operations with path parameters, the answer for another user's ids (from the domain's fixture;
 * an operation without one fails here, naming it). Operator operations get 401 without and with a
 * wrong operator token. `exempt` is the explicit, commented list of operations the suite does not
 * check (public ones, and those whose authentication another standard defines).
 */
export function accessSuite(domains: DomainAccess[], exempt: ReadonlySet<string>) {
  const { checked, unlisted } = operations(domains, exempt);
  // Users are created once and shared by every operation's checks (registration hashes a password,
  // the slowest step here); every check creates the resources it needs afresh.
  const caller = once(() => createUser());
  const stranger = once(() => createUser());
  const owner = once(() => createUser());
  const lacking = new Map<string, () => Promise<TestUser>>();
  const lackingEntitlement = (entitlement: string | string[]) => {
    const missing = [entitlement].flat();
    const name = missing.join(" or ");
    if (!lacking.has(name)) {
      lacking.set(
        name,
        once(async () => {
          const user = await createUser();
          const without = DEFAULT_ENTITLEMENTS.filter((e) => !missing.includes(e));
          const updated = await operator().PATCH("/api/v1/admin/users/{userId}/account", {
            params: { path: { userId: user.id } },
            body: { entitlements: without },
          });
          expect(updated.status).toBe(200);
          return user;
        }),
      );
    }
    return lacking.get(name)!();
  };

  it("every operation is authenticated or explicitly exempted as public", () => {
    expect(unlisted).toEqual([]);
    expect(checked.length).toBeGreaterThan(0);
  });

  // One member (and what they see) per domain, made on first use and shared by its marked operations.
  const members = new Map(
    domains.flatMap((domain) => (domain.member ? [[domain.prefix, once(domain.member)] as const] : [])),
  );
  const managed = checked.filter((op) => op.permission === "manage");

  it("every operation marked x-permission: manage has a member to refuse, and every member fixture a marked operation", () => {
    expect(
      managed.filter((op) => !op.domain?.member).map((op) => `${op.method} ${op.path}: no \`member\` fixture`),
    ).toEqual([]);
    expect(
      domains
        .filter((domain) => domain.member && !managed.some((op) => op.domain === domain))
        .map((domain) => domain.prefix),
    ).toEqual([]);
  });

  describe.each(managed)("$method $path (x-permission: manage)", ({ method, path, domain }) => {
    it("answers 403 to a workspace member who sees the resource but may not manage it", async () => {
      const make = domain && members.get(domain.prefix);
      if (!make) return; // reported above
      const { user, workspaceId, params, body } = await make();
      const key = `${method} ${path}` as OperationKey;
      const res = await request(api(user, { workspaceId }), { method, path }, fill(path, params), body?.[key]);
      expectError(res, 403, "forbidden");
    });
  });

  it("every operation a domain names first-party only is one of its operations", () => {
    const named = domains.flatMap((domain) => domain.firstPartyOnly ?? []);
    const known = new Set(checked.map((op) => `${op.method} ${op.path}`));
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it("every bearer operation with path parameters has a fixture for another user's ids", () => {
    const missing = checked
      .filter((op) => op.security === "bearer" && hasParams(op.path) && !foreignFixture(op.domain, op.path))
      .map(
        (op) =>
          `${op.method} ${op.path}: no fixture; add "${op.path}" to the \`foreign\` fixtures of ${op.domain ? `the ${op.domain.prefix} domain` : "a new domain entry"} (test/<domain>/access.ts)`,
      );
    expect(missing).toEqual([]);
  });

  describe.each(checked.filter((op) => op.security === "admin"))("$method $path (operator)", ({ method, path }) => {
    it("answers 401 without the operator token and with a wrong one", async () => {
      for (const client of [api(), api("not-the-admin-token")]) {
        expectError(await request(client, { method, path }, fill(path)), 401, "unauthorized");
      }
    });
  });

  const opaque = checked.filter(
    (op) =>
      op.security === "bearer" && op.domain?.refusedAsNotFound?.includes(`${op.method} ${op.path}` as OperationKey),
  );

  it("every operation a domain answers refusals with 404 for is one of its operations, with a foreign fixture", () => {
    const named = domains.flatMap((domain) => domain.refusedAsNotFound ?? []);
    const known = new Set(
      opaque.filter((op) => foreignFixture(op.domain, op.path)).map((op) => `${op.method} ${op.path}`),
    );
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  describe.each(opaque)("$method $path (refusals are 404)", ({ method, path, domain }) => {
    it("answers the 404 of an unknown id to every refused caller, for unknown ids and another user's alike", async () => {
      const [user, other, resourceOwner] = await Promise.all([caller(), stranger(), owner()]);
      const { params } = await foreignFixture(domain, path)!(resourceOwner);
      const expired = await signTestToken(
        { sub: user.id, sid: crypto.randomUUID() },
        { issuedAt: 1_000, expiresAt: 2_000 },
      );
      const unscoped = await signTestToken(
        { sub: user.id, client_id: crypto.randomUUID(), scope: "email:read profile:read" },
        { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
      );
      const lacking = domain!.entitlement ? await lackingEntitlement(domain!.entitlement) : undefined;
      const as: ClientOptions = { ip: user.ip };
      const refused: [string, TypedClient][] = [
        ["no token", api(undefined, as)],
        ["malformed", api("not-a-jwt", as)],
        ["tampered", api(tampered(user.accessToken), as)],
        ["expired", api(expired, as)],
        ["OAuth without the scope", api(unscoped, as)],
        ["another workspace", api(user, { workspaceId: other.personalWorkspaceId })],
        ...(lacking ? [["without the entitlement", api(lacking)] as [string, TypedClient]] : []),
      ];
      for (const values of [fill(path), fill(path, params)]) {
        for (const [what, client] of refused) {
          const res = await request(client, { method, path }, values);
          expect(res.status, `${what}: ${target(path, values)}`).toBe(404);
          expectError(res, 404, domain?.notFoundCode ?? "not_found");
          expect(res.headers.get("WWW-Authenticate"), what).toBeNull();
        }
      }
    });
  });

  const bearer = checked.filter((op) => op.security === "bearer" && !opaque.includes(op));
  describe.each(bearer)("$method $path", ({ method, path, domain }) => {
    const op = { method, path };
    it("answers 401 without a token, and with a malformed, tampered or expired one", async () => {
      const user = await caller();
      const values = fill(path);
      expectUnauthorized(await request(api(undefined, { ip: user.ip }), op, values), "no token");
      const expired = await signTestToken(
        { sub: user.id, sid: crypto.randomUUID() },
        { issuedAt: 1_000, expiresAt: 2_000 },
      );
      for (const [what, token] of [
        ["malformed", "not-a-jwt"],
        ["tampered", tampered(user.accessToken)],
        ["expired", expired],
      ] as const) {
        const res = await request(api(token, { ip: user.ip }), op, values);
        expectUnauthorized(res, what);
        expect(res.headers.get("WWW-Authenticate"), what).toContain('error="invalid_token"');
      }
    });

    const firstPartyOnly = domain?.firstPartyOnly?.includes(`${method} ${path}` as OperationKey) ?? false;
    const oauthScope = firstPartyOnly ? undefined : domain?.oauthScope;

    it("answers 403 to an OAuth token without the scope, and to a workspace the caller is not in", async () => {
      const [user, other] = await Promise.all([caller(), stranger()]);
      const values = fill(path);
      const oauth = await signTestToken(
        { sub: user.id, client_id: crypto.randomUUID(), scope: "email:read profile:read" },
        { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
      );
      const refused = await request(api(oauth, { ip: user.ip }), op, values);
      expectError(refused, 403, "forbidden");
      const scope = oauthScope ? `, scope="${oauthScope}"` : "";
      expect(refused.headers.get("WWW-Authenticate")).toBe(
        `Bearer error="insufficient_scope"${scope}${domain?.challengeParameters ?? ""}`,
      );
      const elsewhere = await request(api(user, { workspaceId: other.personalWorkspaceId }), op, values);
      expectError(elsewhere, 403, "forbidden");
    });

    if (firstPartyOnly) {
      it("answers 403 to an OAuth token holding every scope (first-party tokens only)", async () => {
        const user = await caller();
        const oauth = await signTestToken(
          { sub: user.id, client_id: crypto.randomUUID(), scope: SCOPES.join(" ") },
          { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
        );
        const refused = await request(api(oauth, { ip: user.ip }), op, fill(path));
        expectError(refused, 403, "forbidden");
        expect(refused.headers.get("WWW-Authenticate")).toBe(
          `Bearer error="insufficient_scope"${domain?.challengeParameters ?? ""}`,
        );
      });
    }

    if (domain?.entitlement) {
      const entitlement = domain.entitlement;
      it(`answers 403 to a caller whose plan lacks ${[entitlement]
        .flat()
        .map((e) => `"${e}"`)
        .join(" and ")}`, async () => {
        const user = await lackingEntitlement(entitlement);
        expectError(await request(api(user), op, fill(path)), 403, "forbidden");
      });
    }

    const fixture = foreignFixture(domain, path);
    if (hasParams(path) && fixture) {
      it("refuses another user's ids (404, or the status the contract gives)", async () => {
        const [resourceOwner, intruder] = await Promise.all([owner(), caller()]);
        const { params, body, status = 404 } = await fixture(resourceOwner);
        expectError(
          await request(api(intruder), op, fill(path, params), body?.[method]),
          status,
          status === 404 ? (domain?.notFoundCode ?? "not_found") : "forbidden",
        );
      });
    }
  });
}
