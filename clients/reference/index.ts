// The reference text of the OpenAPI document: what a reader of `/api/v1/docs` sees beyond the
// shapes. It lives here, where clients/openapi.json is generated (`npm run client:generate`), not in
// the routes: the Worker serves the committed file and its bundle carries none of this text
// (test/node/bundle-size.test.ts). Each operation's entry is keyed by `METHOD path` (operations.ts),
// so a route's schema can change beside it without conflict.
import { loadApp, openApiDocument } from "../../src/app";
import { RATE_LIMITS, rateLimitRule } from "../../src/limits";
import { BASE_PATH } from "../../src/lib/origin";
import { INTRODUCTION } from "./introduction";
import { type ErrorLine, OPERATIONS, type OperationText } from "./operations";

// biome-ignore lint/suspicious/noExplicitAny: the generated document is plain JSON
type Json = any;

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The operations of a document, as `[key, path, method, operation]`. */
export function operationsOf(document: Json): [key: string, path: string, method: string, operation: Json][] {
  return Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [operationKey(method, path), path, method, operation] as const),
  ) as [string, string, string, Json][];
}

/**
 * The document the Worker serves and the typed client is generated from: the routes' document with
 * the introduction, each operation's short summary (the sidebar's label) and a description with its
 * errors and an example. Throws when an operation has no entry (test/node/openapi-reference.test.ts
 * names them).
 */
export async function referenceDocument(origin?: string): Promise<Json> {
  return withReferenceText(openApiDocument(await loadApp(), origin));
}

export function withReferenceText(generated: Json): Json {
  const document = normalizeEmptySchemas(generated);
  document.info.description = INTRODUCTION;
  const missing: string[] = [];
  for (const [key, path, method, operation] of operationsOf(document)) {
    const text = OPERATIONS[key];
    if (!text) {
      missing.push(key);
      continue;
    }
    const routeSummary: string | undefined = operation.summary;
    const routeDescription: string | undefined = operation.description;
    operation.summary = text.summary;
    operation.description = describe({ document, path, method, operation, text, routeSummary, routeDescription });
  }
  if (missing.length) throw new Error(`No reference text (clients/reference/operations.ts) for: ${missing.join(", ")}`);
  return document;
}

/**
 * `additionalProperties: {}` (zod's `z.record(z.string(), z.unknown())`) as `true`: the same JSON
 * Schema, but Scalar's document check (the renderer of /api/v1/docs) refuses an empty schema object
 * there and logs "document validation errors" for every schema that has one.
 */
function normalizeEmptySchemas(document: Json): Json {
  return JSON.parse(JSON.stringify(document), (key, value) =>
    key === "additionalProperties" &&
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
      ? true
      : value,
  );
}

interface Context {
  document: Json;
  path: string;
  method: string;
  operation: Json;
  text: OperationText;
  routeSummary?: string;
  routeDescription?: string;
}

function describe(context: Context): string {
  const { text, routeSummary, routeDescription } = context;
  const parts: string[] = [];
  // The route's own sentence says more than the sidebar's label: it opens the description.
  const lead = [routeSummary && routeSummary !== text.summary ? sentence(routeSummary) : "", routeDescription ?? ""]
    .filter(Boolean)
    .join(" ");
  if (lead) parts.push(lead);
  if (text.about) parts.push(text.about.trim());
  const errors = errorLines(context);
  parts.push(
    errors.length
      ? `**Errors**\n\n${errors.map(([status, code, when]) => `- ${status}${code ? ` \`${code}\`` : ""}: ${when}`).join("\n")}`
      : "**Errors**: none; this operation cannot fail for a caller.",
  );
  const example = text.example ?? curlExample(context);
  parts.push(`**Example**\n\n\`\`\`${text.example?.startsWith("{") ? "json" : "bash"}\n${example.trim()}\n\`\`\``);
  return parts.join("\n\n");
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

type AuthKind = "bearer" | "admin" | "partner" | "none";

const authKind = (operation: Json): AuthKind => {
  const schemes = (operation.security ?? []).flatMap((requirement: object) => Object.keys(requirement));
  if (schemes.includes("adminToken")) return "admin";
  if (schemes.includes("partnerKey")) return "partner";
  if (schemes.includes("bearerAuth")) return "bearer";
  return "none";
};

/** The rate-limit table's key for an operation (`METHOD path` relative to `{base_url}`, `:param`). */
function rateLimitKey(method: string, path: string): string | undefined {
  if (!path.startsWith(`${BASE_PATH}/`)) return undefined;
  return operationKey(method, path.slice(BASE_PATH.length).replace(/\{(\w+)\}/g, ":$1"));
}

function windowText(seconds: number) {
  return seconds === 60 ? "a minute" : seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}

/** The limit sentence of a 429: the operation's own rule from src/limits.ts, or the default. */
function rateLimitText(method: string, path: string, auth: AuthKind): string {
  const key = rateLimitKey(method, path);
  const rule = key ? rateLimitRule(key) : undefined;
  if (!rule) return "too many requests";
  const own = key !== undefined && Object.hasOwn(RATE_LIMITS, key);
  // A per-user limit counts a caller without a user (no token, a partner key) by its IP
  // (src/middleware/rate-limit.ts).
  const by = rule.by === "user" && (auth === "none" || auth === "partner") ? "ip" : rule.by;
  const who = { user: "per user", ip: "per client IP", "ip+email": "per client IP and e-mail" }[by];
  return `more than ${rule.limit} requests in ${windowText(rule.windowSeconds)} ${who}${own ? "" : " (the default limit)"}; \`Retry-After\` says when to try again`;
}

/**
 * The errors an operation documents: its own lines first, then the usual meaning of each
 * remaining error status it declares (authentication, validation, body limits, rate limits).
 */
function errorLines({ operation, method, path, text }: Context): ErrorLine[] {
  const declared = Object.keys(operation.responses ?? {})
    .map(Number)
    .filter((status) => status >= 400);
  const lines: ErrorLine[] = [...(text.errors ?? [])];
  const covered = new Set(lines.map(([status]) => status));
  const auth = authKind(operation);
  const tag: string = operation.tags?.[0] ?? "";
  const defaults: Record<number, ErrorLine | undefined> = {
    400: [400, "bad_request", "a field is invalid; `details.fields[]` names each one (`field`, `message`)"],
    401:
      auth === "admin"
        ? [401, "unauthorized", "the operator token (`ADMIN_TOKEN`) is missing or wrong"]
        : auth === "partner"
          ? [401, "unauthorized", "the partner API key is missing, unknown or revoked"]
          : [
              401,
              "unauthorized",
              "the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)",
            ],
    403:
      tag === "Connectors"
        ? [
            403,
            "forbidden",
            "the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance",
          ]
        : tag === "AI" || tag === "Media"
          ? [
              403,
              "forbidden",
              "the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of",
            ]
          : [
              403,
              "forbidden",
              "an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of",
            ],
    404:
      tag === "Connectors"
        ? [404, "NOT_FOUND", "no such resource visible to the caller in this workspace (never says which)"]
        : [404, "not_found", "no such resource, or it is not the caller's"],
    413: [413, "payload_too_large", "the body is over 1 MiB"],
    415: [415, "unsupported_media_type", "the body is not `application/json`"],
    429: [429, "RATE_LIMIT_EXCEEDED", rateLimitText(method, path, auth)],
  };
  for (const status of declared) {
    if (covered.has(status)) continue;
    const line = defaults[status];
    if (!line) throw new Error(`${operationKey(method, path)}: no text for its ${status} answer`);
    lines.push(line);
    covered.add(status);
  }
  return lines.sort(([a], [b]) => a - b);
}

const ORIGIN = "http://localhost:8787";

/** A curl command for the operation, from the document: its path, auth and the body's example. */
function curlExample({ document, path, method, operation, text }: Context): string {
  const url = new URL(
    path.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase()}`),
    ORIGIN,
  );
  let target = `${ORIGIN}${decodeURIComponent(url.pathname)}`;
  const query = (operation.parameters ?? []).filter(
    (parameter: Json) => parameter.in === "query" && parameter.required,
  );
  if (text.query) target += `?${text.query}`;
  else if (query.length)
    target += `?${query.map((parameter: Json) => `${parameter.name}=${sample(document, parameter.schema, parameter.name)}`).join("&")}`;
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${target}"`];
  const auth = authKind(operation);
  if (auth === "bearer") lines.push(`-H "Authorization: Bearer $TOKEN"`);
  if (auth === "admin") lines.push(`-H "Authorization: Bearer $ADMIN_TOKEN"`);
  if (auth === "partner") lines.push(`-H "Authorization: Bearer $PARTNER_KEY"`);
  // The spec asks scripts to name the workspace of a connector call explicitly.
  if (auth === "bearer" && operation.tags?.includes("Connectors")) lines.push(`-H "X-Workspace-Id: $WORKSPACE_ID"`);
  const content = operation.requestBody?.content ?? {};
  if (content["application/json"]) {
    const body = text.body ?? exampleOf(document, content["application/json"].schema);
    lines.push(`-H "Content-Type: application/json"`, `-d '${JSON.stringify(body)}'`);
  } else if (content["application/x-www-form-urlencoded"]) {
    const body = exampleOf(document, content["application/x-www-form-urlencoded"].schema) as Record<string, unknown>;
    for (const [name, value] of Object.entries(body)) lines.push(`--data-urlencode "${name}=${value}"`);
  }
  return lines.join(" \\\n  ");
}

const resolve = (document: Json, schema: Json): Json =>
  schema?.$ref ? document.components.schemas[String(schema.$ref).split("/").pop()!] : schema;

/** A body for the example: the schema's own example, else one built from its required properties. */
function exampleOf(document: Json, schema: Json): unknown {
  const resolved = resolve(document, schema);
  if (resolved?.example !== undefined) return resolved.example;
  if (resolved?.examples?.length) return resolved.examples[0];
  if (resolved?.type === "object" || resolved?.properties) {
    const required: string[] = resolved.required ?? [];
    return Object.fromEntries(
      Object.entries((resolved.properties ?? {}) as Record<string, Json>)
        .filter(([name]) => required.includes(name))
        .map(([name, property]) => [name, exampleOf(document, property)]),
    );
  }
  return sample(document, resolved, "value");
}

function sample(document: Json, schema: Json, name: string): unknown {
  const resolved = resolve(document, schema) ?? {};
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.anyOf) return sample(document, resolved.anyOf[0], name);
  const type = Array.isArray(resolved.type) ? resolved.type.find((t: string) => t !== "null") : resolved.type;
  if (type === "integer" || type === "number") return resolved.minimum ?? 1;
  if (type === "boolean") return true;
  if (type === "array") return [sample(document, resolved.items, name)];
  if (type === "object") return exampleOf(document, resolved);
  if (resolved.format === "uuid") return "7d1c2f0e-8a4b-4c3d-9e5f-0a1b2c3d4e5f";
  return name;
}
