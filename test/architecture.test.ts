// The house rules (DESIGN.md "Hosts and domains", docs/architecture.md), checked on the imports of
// every module under src/, workers/ and shared/. Runs in Node (it reads the source tree); no dependency beyond the
// standard library. The rules are a pure function of { path -> source }, so the same function is
// shown to fail on a fixture of deliberate violations below.
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { describe, expect, it } from "vitest";

type Sources = Map<string, string>;

const SRC = join(import.meta.dirname, "../src");
/** The private Workers (SQL, PDF text, JSON Schema): keyed `../workers/...`, relative to src/ like the rest. */
const WORKERS = join(import.meta.dirname, "../workers");
/** Modules both the API and a private Worker build on (the SQL Worker's adapter port): keyed `../shared/...`. */
const SHARED = join(import.meta.dirname, "../shared");

/** Every module under `dir`, keyed by its path relative to src/ (posix separators). */
function readSources(dir = SRC, sources: Sources = new Map()): Sources {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") readSources(path, sources);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      sources.set(relative(SRC, path).split("\\").join("/"), readFileSync(path, "utf8"));
  }
  return sources;
}

/** Specifiers of static imports, re-exports, side-effect imports and dynamic imports, with their line. */
function importsOf(source: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  const patterns = [
    /\bfrom\s*["']([^"']+)["']/g,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern))
      found.push({ specifier: match[1]!, line: lineAt(source, match.index + match[0].length) });
  return found;
}

/** The 1-based line of a character offset (the specifier's, which ends its match). */
const lineAt = (source: string, offset: number) => source.slice(0, offset).split("\n").length;

/**
 * Specifiers the module evaluates when it loads: static imports and re-exports of values (not
 * `import type`/`export type`, which compile away, nor `import()`, which waits for first use).
 */
function loadedAtImport(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s*["']([^"']+)["']/gm))
    if (!match[1]) found.push(match[2]!);
  for (const match of source.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(match[1]!);
  return found;
}

/** Packages that build objects when their importer loads (schemas, tables): never at startup. */
const BUILDS_AT_LOAD = /^(zod|@hono\/zod-openapi|drizzle-orm)(\/|$)/;

/**
 * Modules the Worker's entry (index.ts) evaluates at startup that build schemas or tables, or are
 * routers: every cold isolate would pay for them before its first request (docs/performance.md).
 */
function startupWeight(sources: Sources): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !sources.has(path)) return;
    seen.add(path);
    if (isRouter(path)) found.push(`index.ts loads the router ${path} at startup: routers load on first use (app.ts)`);
    for (const specifier of loadedAtImport(sources.get(path)!)) {
      if (BUILDS_AT_LOAD.test(specifier))
        found.push(`index.ts loads ${path} at startup, which imports ${specifier}: load it on first use`);
      const target = resolve(sources, path, specifier);
      if (target) visit(target);
    }
  };
  visit("index.ts");
  return found;
}

/** A relative specifier resolved to a module of `sources` (path relative to src/), or null for a package. */
function resolve(sources: Sources, from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const normalized = posix.normalize(posix.join(posix.dirname(from), specifier));
  // From workers/ or shared/, src/ is reached as `../src/...`: the same module as its src-relative path.
  const base = normalized.startsWith("../src/") ? normalized.slice("../src/".length) : normalized;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (sources.has(candidate)) return candidate;
  // Outside src/ (e.g. ../worker-configuration) or missing: not ours to judge here (tsc is).
  return base;
}

/** A private Worker's module (keyed `../workers/...`): a separate Worker, reached through a service binding. */
const isWorker = (path: string) => path.startsWith("../workers/");

/**
 * What the API and a private Worker both speak (the SQL Worker's adapter port, wire protocol, tool
 * list and SSRF rules) lives in shared/, which imports neither side: src/ and workers/ never
 * import each other, without exception.
 */
const isShared = (path: string) => path.startsWith("../shared/");
/** A module of the API Worker (src/): every key that is not above src/. */
const isApi = (path: string) => !path.startsWith("../");
/** The modules below the domains (DESIGN.md: triggers -> hosts -> domains -> lib, db/schema, limits.ts). */
const isBelowDomains = (path: string) => path === "env.ts" || path === "limits.ts" || path.startsWith("db/");
/**
 * The request's database handle in a route (`c.var.db`, `c.get("db")`, `const { db } = c.var`):
 * a route passes a context (`ctxOf(c)`, `requestCtxOf(c)`) and the domain's verbs run the queries.
 */
const ROUTE_DB = /\bc\.var\.db\b|\bc\.get\(\s*["']db["']\s*\)|\{[^{}]*\bdb\b[^{}]*\}\s*=\s*c\.var\b/g;
/**
 * A middleware run by hand in a route (`check(c, async () => undefined)`: a handler with a no-op
 * `next`): a route declares its middleware, and access is decided by the domain's opening function
 * (`openInstance`, `readableMedia`), so no handler re-runs token checks of its own.
 */
const ROUTE_HAND_MIDDLEWARE = /\(\s*c\s*,\s*(?:async\s*)?\(\s*\)\s*=>\s*(?:undefined|\{\s*\})/g;

/**
 * The connectors' layers, lowest first (docs/connectors.md): a module imports its own layer or a
 * lower one, never a higher one. Adapters know nothing of credentials at rest, instances or
 * execution; secrets seal and open for the layers above; instances use secrets; execution uses all.
 * The routes, index.ts and cron.ts sit above them all.
 */
const CONNECTOR_LAYERS = ["adapters", "secrets", "instances", "execution"] as const;
const connectorLayerOf = (path: string) =>
  CONNECTOR_LAYERS.indexOf(/^domains\/connectors\/([^/]+)\//.exec(path)?.[1] as (typeof CONNECTOR_LAYERS)[number]);
/**
 * A domain's second door beside index.ts: identity's schemas that other domains' routes compose,
 * apart so that a group validating without zod never loads them (docs/performance.md).
 */
const SCHEMA_DOORS = new Set(["domains/identity/shared-schemas.ts"]);
/** The one door into secrets/ for the rest of connectors. */
const SECRETS_DOOR = "domains/connectors/secrets/index.ts";
const isSecrets = (path: string) => path.startsWith("domains/connectors/secrets/");

/** Where a module sits in the house. */
function layerOf(path: string): "host" | "domain" | "lib" | "http" | "other" {
  if (/^(index|app)\.tsx?$/.test(path) || /^(durable-objects|queues|cron|middleware)\//.test(path)) return "host";
  if (path.startsWith("domains/")) return "domain";
  if (path.startsWith("lib/")) return "lib";
  if (path.startsWith("http/")) return "http";
  return "other";
}

const domainOf = (path: string) => /^domains\/([^/]+)\//.exec(path)?.[1];
/** A domain's router (in the domain or a folder of it): its HTTP surface, where middleware is declared. */
const isRouter = (path: string) => /^domains\/[^/]+\/([a-z-]+\/)*([a-z-]+-)?routes\.ts$/.test(path);
const isDomainIndex = (path: string) => /^domains\/[^/]+\/index\.ts$/.test(path);
const isDrizzle = (specifier: string) => specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/");
const isHono = (specifier: string) =>
  specifier === "hono" || specifier.startsWith("hono/") || specifier.startsWith("@hono/");

/** Every broken rule, one line each (`file -> import: rule`); empty when the house is in order. */
export function violations(sources: Sources): string[] {
  const found: string[] = [];
  const graph = new Map<string, string[]>();
  /** "from to" for every import from one domain into another, for the domain-level rule. */
  const domainEdges = new Set<string>();
  for (const [path, source] of sources) {
    const edges: string[] = [];
    if (isRouter(path))
      for (const match of source.matchAll(ROUTE_DB))
        found.push(
          `${path}:${lineAt(source, match.index)}: a route never reaches the database (${match[0]}): call a domain verb with ctxOf(c)`,
        );
    if (isRouter(path))
      for (const match of source.matchAll(ROUTE_HAND_MIDDLEWARE))
        found.push(
          `${path}:${lineAt(source, match.index)}: a route runs no middleware by hand: declare it, and let the domain's door decide access`,
        );
    for (const { specifier, line } of importsOf(source)) {
      const target = resolve(sources, path, specifier);
      const broken = (rule: string) => found.push(`${path} -> ${specifier}: ${rule}`);
      const brokenAt = (rule: string) => found.push(`${path}:${line} -> ${specifier}: ${rule}`);
      const layer = layerOf(path);
      if (target === null) {
        if (isDrizzle(specifier) && (layer === "host" || isRouter(path) || path.endsWith("pages.tsx")))
          broken("queries belong in services, not in routes or hosts");
        if (isHono(specifier) && layer === "lib") broken("lib/ never imports Hono (HTTP helpers live in http/)");
        continue;
      }
      if (sources.has(target)) edges.push(target);
      if ((isWorker(path) && isApi(target)) || (isApi(path) && isWorker(target)))
        brokenAt("src/ and workers/ never import each other (a private Worker is reached through its service binding)");
      if (isShared(path) && !isShared(target))
        brokenAt("shared/ imports only shared/ (src/ and workers/ both build on it)");
      if (isBelowDomains(path) && target.startsWith("domains/"))
        brokenAt("env.ts, limits.ts and db/ sit below the domains and never import one");
      if (isRouter(path) && (target === "db/schema" || target.startsWith("db/schema/")))
        brokenAt("a route imports no table (queries belong in the domain's verbs)");
      const fromLayer = connectorLayerOf(path);
      const toLayer = connectorLayerOf(target);
      if (fromLayer >= 0 && toLayer > fromLayer)
        brokenAt(
          `connectors' layers run one way (${CONNECTOR_LAYERS.join(" < ")}): ${CONNECTOR_LAYERS[fromLayer]}/ never imports ${CONNECTOR_LAYERS[toLayer]}/`,
        );
      if (isSecrets(target) && target !== SECRETS_DOOR && !isSecrets(path) && domainOf(path) === "connectors")
        brokenAt("connectors reach secrets/ through its door, secrets/index.ts, only");
      const targetLayer = layerOf(target);
      if (layer === "domain" && targetLayer === "host") {
        // The one exemption: a router declares the HTTP middleware (authenticate, rateLimit) on its routes.
        if (!(isRouter(path) && target.startsWith("middleware/"))) broken("a domain never imports a host");
      }
      const from = domainOf(path);
      const to = domainOf(target);
      if (from && to && from !== to && target !== `domains/${to}/index.ts` && !SCHEMA_DOORS.has(target))
        broken(`domains talk through domains/${to}/index.ts only`);
      // app.ts mounts each domain's routers; every other host import goes through the domain's index.ts,
      // which stays free of routers so that a domain using another never loads its HTTP layer.
      if (layer === "host" && to && !isDomainIndex(target) && !(path === "app.ts" && isRouter(target)))
        broken(`hosts reach a domain through domains/${to}/index.ts only`);
      if (from && to && from !== to) domainEdges.add(`${from} ${to}`);
      if (layer === "lib" && targetLayer !== "lib")
        broken("lib/ imports only lib/ (never a domain, a host, http/ or env)");
      if (layer === "http" && (targetLayer === "domain" || targetLayer === "host"))
        broken("http/ never imports a domain or a host");
    }
    graph.set(path, edges);
  }
  for (const cycle of cyclesOf(graph)) found.push(`import circle among: ${cycle.join(", ")}`);
  for (const edge of domainEdges) {
    const [from, to] = edge.split(" ");
    if (from! < to! && domainEdges.has(`${to} ${from}`))
      found.push(`domains ${from} and ${to} import each other (one of them must depend on the other only)`);
  }
  found.push(...startupWeight(sources));
  const domains = new Set([...sources.keys()].map(domainOf).filter((domain) => domain !== undefined));
  for (const domain of [...domains].sort())
    if (!sources.has(`domains/${domain}/index.ts`)) found.push(`domains/${domain} has no index.ts (its public face)`);
  return found;
}

/** One cycle per strongly connected group of modules (Tarjan), so a circle is reported once. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("architecture", () => {
  it("src/ and workers/ keep the house rules", () => {
    const sources = readSources(SHARED, readSources(WORKERS, readSources()));
    expect(sources.size).toBeGreaterThan(50);
    expect(violations(sources)).toEqual([]);
  });

  it("fails on each kind of violation (a fixture, not src/)", () => {
    const fixture: Sources = new Map([
      // A domain importing a host (the old engine layout: ai -> durable-objects).
      ["domains/ai/messages.ts", `import type { RunSpec } from "../../durable-objects/run/types";`],
      ["durable-objects/run/types.ts", `export interface RunSpec {}`],
      // A router may declare middleware, but a service may not import it.
      [
        "domains/ai/routes.ts",
        `import { authenticate } from "../../middleware/auth";\nimport { eq } from "drizzle-orm";`,
      ],
      ["domains/ai/allowance.ts", `import { consumeLimit } from "../../middleware/rate-limit";`],
      ["middleware/auth.ts", `import { and } from "drizzle-orm/sql";\nimport { verify } from "../lib/tokens";`],
      ["middleware/rate-limit.ts", `export const consumeLimit = 1;`],
      // Reaching into another domain past its index.ts.
      [
        "domains/oauth/flow.ts",
        `import { checkCredentials } from "../identity/service";\nimport { loadCaller } from "../identity";`,
      ],
      // ... while identity imports oauth back: two domains depending on each other.
      ["domains/identity/service.ts", `export const checkCredentials = 1;\nimport { grant } from "../oauth/flow";`],
      ["domains/identity/index.ts", `export { checkCredentials } from "./service";`],
      // lib/ depending on Hono and on the env, which depends on middleware, which depends on lib: a circle.
      ["lib/tokens.ts", `import type { Context } from "hono";\nimport type { AppEnv } from "../env";`],
      ["env.ts", `import type { AuthContext } from "./middleware/auth";`],
      ["http/context.ts", `import { loadCaller } from "../domains/identity";`],
      // A host past a domain's index.ts (the cron reaching a service); app.ts mounting a router is fine.
      ["cron/index.ts", `import { purgeExpiredTokens } from "../domains/identity/service";`],
      ["app.ts", `import { aiRoutes } from "./domains/ai/routes";`],
      // The entry loading the app (and its routers) at startup; a type import or import() is fine.
      [
        "index.ts",
        `import type { Hono } from "hono";\nimport { createApp } from "./app";\nconst q = () => import("./queues");`,
      ],
      ["queues/index.ts", `import { z } from "zod";`],
      // Every domain has its public face; oauth (above) has none.
      ["domains/ai/index.ts", `export {};`],
      // Below the domains, limits.ts reaching up into one.
      ["limits.ts", `export const RATE = 1;\nimport type { Allowance } from "./domains/ai";`],
      // A private Worker borrowing the API's code, and the API borrowing a Worker's.
      [
        "../workers/pdf-text/src/index.ts",
        `import { AdapterError } from "../../../src/domains/connectors/adapters/types";`,
      ],
      ["domains/ai/pdf.ts", `import { extract } from "../../../workers/pdf-text/src/extract";`],
      // shared/ reaching into the API (the Worker importing shared/, and src/ importing it, are fine).
      [
        "../shared/connectors/port.ts",
        `import { newId } from "../../src/lib/ids";\nimport { z } from "zod";\nimport type { X } from "./kinds";`,
      ],
      ["../shared/connectors/kinds.ts", `export type X = 1;`],
      ["../workers/sql/src/sql.ts", `import type { X } from "../../../shared/connectors/port";`],
      // Connectors' layers: an adapter reaching up into instances/, secrets/ importing instances/, and
      // execution/ past the secrets door (through it, and within secrets/, is fine).
      ["domains/connectors/index.ts", `export { runExecution } from "./execution/execute";`],
      [
        "domains/connectors/adapters/saas/slack.ts",
        `import { same } from "../catalogue-types";\nimport { translate } from "../../instances/locale";`,
      ],
      ["domains/connectors/adapters/catalogue-types.ts", `export const same = 1;`],
      ["domains/connectors/instances/access.ts", `import { providerSettings } from "../secrets";`],
      ["domains/connectors/secrets/index.ts", `export { open } from "./sealing";`],
      ["domains/connectors/secrets/sealing.ts", `export const open = 1;`],
      ["domains/connectors/secrets/credentials.ts", `import { openInstance } from "../instances/access";`],
      [
        "domains/connectors/execution/execute.ts",
        `import { openInstance } from "../instances/access";\nimport { open } from "../secrets/sealing";`,
      ],
      // A route importing a table and handing the request's database to a verb.
      [
        "domains/ai/admin-routes.ts",
        `import { messages } from "../../db/schema/ai";\nconst tail = (c) => storedReply({ db: c.var.db, env: c.env });`,
      ],
      // A route deciding access itself by running the token checks.
      [
        "domains/ai/media-routes.ts",
        `const readable = async (c) => {\n  for (const check of tokenChecks) await check(c, async () => undefined);\n};`,
      ],
    ]);
    expect(violations(fixture).sort()).toEqual(
      [
        "domains/ai/messages.ts -> ../../durable-objects/run/types: a domain never imports a host",
        "domains/ai/routes.ts -> drizzle-orm: queries belong in services, not in routes or hosts",
        "domains/ai/allowance.ts -> ../../middleware/rate-limit: a domain never imports a host",
        "middleware/auth.ts -> drizzle-orm/sql: queries belong in services, not in routes or hosts",
        "domains/oauth/flow.ts -> ../identity/service: domains talk through domains/identity/index.ts only",
        "lib/tokens.ts -> hono: lib/ never imports Hono (HTTP helpers live in http/)",
        "lib/tokens.ts -> ../env: lib/ imports only lib/ (never a domain, a host, http/ or env)",
        "http/context.ts -> ../domains/identity: http/ never imports a domain or a host",
        "import circle among: env.ts, lib/tokens.ts, middleware/auth.ts",
        "domains/identity/service.ts -> ../oauth/flow: domains talk through domains/oauth/index.ts only",
        "domains identity and oauth import each other (one of them must depend on the other only)",
        "import circle among: domains/identity/index.ts, domains/identity/service.ts, domains/oauth/flow.ts",
        "cron/index.ts -> ../domains/identity/service: hosts reach a domain through domains/identity/index.ts only",
        "domains/oauth has no index.ts (its public face)",
        "index.ts loads the router domains/ai/routes.ts at startup: routers load on first use (app.ts)",
        "index.ts loads domains/ai/routes.ts at startup, which imports drizzle-orm: load it on first use",
        "index.ts loads middleware/auth.ts at startup, which imports drizzle-orm/sql: load it on first use",
        "limits.ts:2 -> ./domains/ai: env.ts, limits.ts and db/ sit below the domains and never import one",
        "../workers/pdf-text/src/index.ts:1 -> ../../../src/domains/connectors/adapters/types: src/ and workers/ never import each other (a private Worker is reached through its service binding)",
        "domains/ai/pdf.ts:1 -> ../../../workers/pdf-text/src/extract: src/ and workers/ never import each other (a private Worker is reached through its service binding)",
        "../shared/connectors/port.ts:1 -> ../../src/lib/ids: shared/ imports only shared/ (src/ and workers/ both build on it)",
        "domains/ai/admin-routes.ts:1 -> ../../db/schema/ai: a route imports no table (queries belong in the domain's verbs)",
        "domains/connectors/adapters/saas/slack.ts:2 -> ../../instances/locale: connectors' layers run one way (adapters < secrets < instances < execution): adapters/ never imports instances/",
        "domains/connectors/secrets/credentials.ts:1 -> ../instances/access: connectors' layers run one way (adapters < secrets < instances < execution): secrets/ never imports instances/",
        "domains/connectors/execution/execute.ts:2 -> ../secrets/sealing: connectors reach secrets/ through its door, secrets/index.ts, only",
        "domains/ai/admin-routes.ts:2: a route never reaches the database (c.var.db): call a domain verb with ctxOf(c)",
        "domains/ai/media-routes.ts:2: a route runs no middleware by hand: declare it, and let the domain's door decide access",
      ].sort(),
    );
  });
});
