import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What a cold request's modules load, walked on their static value imports (what evaluates when a
 * module loads; `import type` and `import()` do not): docs/performance.md "A cold request".
 */
const SRC = join(import.meta.dirname, "../../src");

function staticValueImports(path: string): string[] {
  const source = readFileSync(join(SRC, path), "utf8");
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s*["']([^"']+)["']/gm))
    if (!match[1]) found.push(match[2]!);
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base]) {
    try {
      readFileSync(join(SRC, candidate));
      return candidate;
    } catch {}
  }
  return null;
}

/**
 * The specifiers wrangler.toml's `[alias]` swaps for a stand-in in the Worker's bundle: the walk
 * counts the module but does not follow its imports, which the Worker never loads.
 */
const STAND_INS = new Set(
  [
    ...(
      /^\[alias\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(readFileSync(join(SRC, "../wrangler.toml"), "utf8"))?.[1] ?? ""
    ).matchAll(/^"([^"]+)" = /gm),
  ].map((match) => match[1]),
);

/** Every module and package the entries load, through the modules they load (packages as `package <- importer`). */
function loadedBy(entries: string[]): { modules: Set<string>; packages: string[] } {
  const seen = new Set<string>();
  const packages: string[] = [];
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of staticValueImports(path)) {
      const target = resolveModule(path, specifier);
      if (target && STAND_INS.has(specifier)) seen.add(target);
      else if (target) visit(target);
      else if (!specifier.startsWith(".")) packages.push(`${specifier} <- ${path}`);
    }
  };
  for (const entry of entries) visit(entry);
  return { modules: seen, packages };
}

describe("a cold GET /api/v1/status", () => {
  // It builds its group's app (app.ts: the shared middleware, then the status router) and reads KV
  // only: the database handle is taken where a domain queries (not in `requestContext`), and the
  // status schemas' value lists come from a module without tables.
  it("loads no drizzle (its app and its router, by static imports)", () => {
    const loaded = loadedBy(["app.ts", "domains/status/routes.ts"]).packages;
    expect(loaded.filter((line) => line.startsWith("drizzle-orm"))).toEqual([]);
    // Nor the status page's, badge's and feed's renderers (hono/jsx): the JSON is read from KV as published.
    const { modules } = loadedBy(["domains/status/routes.ts"]);
    expect([...modules].filter((path) => /status\/(entries|pages|badge|feed)\.tsx?$/.test(path))).toEqual([]);
    // The walk is real: the router's own packages are found.
    expect(loaded).toContain("@hono/zod-openapi <- domains/status/routes.ts");
  });
});

describe("identity's door (every authenticated router group takes it)", () => {
  it("builds no schema: those other domains' routes compose are its second door, shared-schemas.ts", () => {
    const { modules, packages } = loadedBy(["domains/identity/index.ts"]);
    expect(modules).toContain("domains/identity/caller.ts");
    expect(modules).not.toContain("domains/identity/shared-schemas.ts");
    expect(modules).not.toContain("domains/identity/schemas.ts");
    expect(packages.filter((line) => /^(zod|@hono\/zod)/.test(line))).toEqual([]);
  });
});

describe("notifications' door (a group that notifies takes it: ai, billing)", () => {
  it("builds the notification input's schema, not those of the notification routes", () => {
    const { modules } = loadedBy(["domains/notifications/index.ts"]);
    expect(modules).toContain("domains/notifications/input.ts");
    expect(modules).not.toContain("domains/notifications/schemas.ts");
  });
});

describe("a cold POST /api/v1/oauth/token", () => {
  // Its own router group (lib/origin.ts OWN_GROUPS): the endpoints' router, not the flow's pages.
  it("loads none of the authorization flow's pages", () => {
    const { modules } = loadedBy(["domains/oauth/endpoint-routes.ts"]);
    expect(
      [...modules].filter((path) => /oauth\/(pages|page-routes|flow-pages|flow-service)\.tsx?$/.test(path)),
    ).toEqual([]);
    expect(modules).toContain("domains/oauth/token-service.ts");
  });

  it("loads no zod: the forms are read by hand, the document describes the routes apart (route-docs.ts)", () => {
    const { packages } = loadedBy(["index.ts", "app.ts", "domains/oauth/endpoint-routes.ts"]);
    expect(packages.filter((line) => /^(zod|@hono\/zod)/.test(line))).toEqual([]);
    // The walk is real: the packages it does load are found.
    expect(packages.some((line) => line.startsWith("drizzle-orm"))).toBe(true);
  });

  it("loads the identity and OAuth tables only, not the tables' index", () => {
    const { modules } = loadedBy(["app.ts", "domains/oauth/endpoint-routes.ts"]);
    expect([...modules].filter((path) => path.startsWith("db/schema/")).sort()).toEqual([
      "db/schema/columns.ts",
      "db/schema/identity.ts",
      "db/schema/oauth.ts",
    ]);
  });
});

describe("a cold request of the authorization flow's pages", () => {
  // A metadata-document client's fetch (the connectors' guarded outbound fetch) loads on the
  // first authorization that names one (flow-service.ts), not with the pages' router.
  it("loads no connectors", () => {
    const { modules } = loadedBy(["app.ts", "domains/oauth/page-routes.ts"]);
    expect([...modules].filter((path) => path.startsWith("domains/connectors/"))).toEqual([]);
    expect(modules).toContain("domains/oauth/flow-service.ts");
  });
});

describe("a cold GET /api/v1/ai/sessions", () => {
  // `/ai/sessions` itself is a group of its own (lib/origin.ts OWN_PATHS): its app builds the two
  // routes of ai/session-list-routes.ts, not the AI router's every declaration and query schema.
  const { modules } = loadedBy(["app.ts", "domains/ai/session-list-routes.ts"]);
  const loaded = [...modules];

  it("loads the AI modules that list and create sessions, not the AI router", () => {
    expect(loaded.filter((path) => path.startsWith("domains/ai/")).sort()).toEqual([
      "domains/ai/conversations.ts",
      "domains/ai/session-list-routes.ts",
      "domains/ai/sessions.ts",
    ]);
  });

  it("loads no zod: the list reads its query by hand, the create body's schema loads on the first create", () => {
    const { packages } = loadedBy(["index.ts", "app.ts", "domains/ai/session-list-routes.ts"]);
    expect(packages.filter((line) => /^(zod|@hono\/zod)/.test(line))).toEqual([]);
    expect(packages.some((line) => line.startsWith("drizzle-orm"))).toBe(true);
  });

  it("reaches no domain but identity (the caller) and limits (the rate limit)", () => {
    const domains = new Set(loaded.flatMap((path) => /^domains\/([^/]+)\//.exec(path)?.[1] ?? []));
    expect([...domains].sort()).toEqual(["ai", "identity", "limits"]);
  });

  it("loads the identity and AI tables only, not the tables' index", () => {
    expect(loaded.filter((path) => path.startsWith("db/schema/")).sort()).toEqual([
      "db/schema/ai.ts",
      "db/schema/columns.ts",
      "db/schema/identity.ts",
    ]);
  });
});

describe("a cold request of the AI group's other routes", () => {
  // Its group's app builds the AI router, which declares every other AI route: the verbs behind
  // them (messages, runs, capabilities, memories, usage, deleting a session) load on the first call
  // of one of them (ai/route-verbs.ts), and the request bodies' schemas on their first use.
  const { modules } = loadedBy(["app.ts", "domains/ai/routes.ts"]);
  const loaded = [...modules];

  it("loads the modules that declare the routes, not the message run's", () => {
    expect(loaded.filter((path) => path.startsWith("domains/ai/")).sort()).toEqual([
      "domains/ai/capabilities/parameters.ts",
      "domains/ai/conversations.ts",
      "domains/ai/models.ts",
      "domains/ai/response-schemas.ts",
      "domains/ai/routes.ts",
      "domains/ai/schemas.ts",
      "domains/ai/sessions.ts",
      "domains/ai/structured-blocks.ts",
    ]);
    const domains = new Set(loaded.flatMap((path) => /^domains\/([^/]+)\//.exec(path)?.[1] ?? []));
    expect([...domains].sort()).toEqual(["ai", "identity", "limits"]);
  });
});

describe("the shared kit of an authenticated cold request", () => {
  // lib/crypto.ts (JWTs, cursors, the operator token's check) uses Web Crypto only; the synchronous
  // HMAC in JavaScript (@noble/hashes, whose SHA-256 builds its tables on load) is media signing's.
  it("loads no JavaScript hash library", () => {
    const { packages } = loadedBy(["app.ts", "domains/ai/routes.ts", "domains/status/routes.ts"]);
    expect(packages.filter((line) => line.startsWith("@noble/"))).toEqual([]);
    const { packages: signing } = loadedBy(["domains/media/signing.ts"]);
    expect(signing).toContain("@noble/hashes/hmac.js <- lib/hmac-sync.ts");
  });
});
