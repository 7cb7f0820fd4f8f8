// The typed test client: the project's own client (clients/typescript, openapi-fetch over the types
// generated from the OpenAPI document) with its `fetch` sent to the Worker in-process, as `call`
// does. Paths, path and query parameters, request bodies and the 2xx answers are checked by the
// compiler against the document, so a renamed field or path breaks the test that uses it at
// `tsc` time. New tests use it; `call` stays for what the document does not describe (malformed
// bodies, raw bytes, headers a client never sends). Answers are read as JSON (a 2xx that is not
// JSON, such as an SSE stream or media bytes, is read through `.client` with `parseAs`, or raw).
import { env, exports } from "cloudflare:workers";
import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import { type components, createPlatformClient, type PlatformClient, type paths } from "../../clients/typescript";
import type { TestUser } from "./api";

/** Where the typed client sends requests (the document's paths start at `/api/v1`). */
const ORIGIN = "http://localhost";
/** The client IP `call` reports by default (CF-Connecting-IP); tests pass their users' own to keep per-IP limits apart. */
const DEFAULT_IP = "203.0.113.1";

export interface ClientOptions {
  /** Client IP as Cloudflare would report it. */
  ip?: string;
  /** The acting workspace (X-Workspace-Id). */
  workspaceId?: string;
  headers?: Record<string, string>;
}

/** The error envelope every failing operation answers (components.schemas.Error). */
export type ErrorEnvelope = components["schemas"]["Error"];

/**
 * The error envelope's fields, readable on the body of any answer (`res.body.error.code`): present
 * at run time only on a refusal. `details` is open in the document (`{ [key]: unknown }`); each
 * code gives it its own shape (`fields` for bad_request), so it is read untyped.
 */
type ErrorFields = { error: Omit<ErrorEnvelope["error"], "details"> & { details?: any } };

/**
 * An answer as `call` gives it: the status, the headers and the body. `body` is typed as the
 * operation's 2xx answer, so after `expect(res.status).toBe(201)` a test reads `res.body.data.id`
 * with the compiler checking every name; after a refusal it holds the error envelope, read as
 * `res.body.error.code` (or checked by `expectError(res, status, code)`), and also as `error`.
 */
export interface TypedResponse<Body> {
  status: number;
  headers: Headers;
  body: [Body] extends [never] ? ErrorEnvelope | null : Body & ErrorFields;
  error: ErrorEnvelope | undefined;
}

type Verb = "get" | "post" | "put" | "patch" | "delete";
type Media = `${string}/${string}`;
type RequiredKeys<T> = { [K in keyof T]-?: T extends Record<K, T[K]> ? K : never }[keyof T];
/**
 * What follows the path: openapi-fetch's options for the operation (params, body, headers),
 * optional when nothing in them is required. Not inferred from the argument (openapi-fetch's own
 * methods infer it), so an object literal is checked for excess names too: a body or parameter
 * field the document no longer has is an error, not an extra key.
 */
type InitArgument<P extends keyof paths, M extends Verb> =
  MaybeOptionalInit<paths[P], M> extends infer Init
    ? undefined extends Init
      ? [Init?]
      : RequiredKeys<Init> extends never
        ? [Init?]
        : [Init]
    : never;
/** No `parseAs`: answers are read as JSON (openapi-fetch's default). */
type NoOptions = Record<never, never>;
type SuccessBody<R> = R extends { data: infer D; error?: never } ? D : never;

/** One HTTP verb of the typed client, answering `TypedResponse`. */
export type TypedMethod<M extends Verb> = <Path extends ClientPathsWithMethod<PlatformClient, M>>(
  path: Path,
  ...init: InitArgument<Path, M>
) => Promise<
  TypedResponse<
    paths[Path][M] extends infer Operation extends Record<string | number, any>
      ? SuccessBody<FetchResponse<Operation, NoOptions, Media>>
      : never
  >
>;

export interface TypedClient {
  GET: TypedMethod<"get">;
  POST: TypedMethod<"post">;
  PUT: TypedMethod<"put">;
  PATCH: TypedMethod<"patch">;
  DELETE: TypedMethod<"delete">;
  /** The openapi-fetch client underneath ({ data, error, response } answers), for what the adapter hides. */
  client: PlatformClient;
}

/**
 * A typed client acting as `who`: a user (their access token and IP), a bare token (an OAuth or
 * operator token, a tampered one), or nobody.
 */
export function api(who?: TestUser | string, options: ClientOptions = {}): TypedClient {
  const token = typeof who === "string" ? who : who?.accessToken;
  const ip = options.ip ?? (typeof who === "object" ? who.ip : undefined) ?? DEFAULT_IP;
  const client = createPlatformClient({
    origin: ORIGIN,
    token,
    fetch: (input, init) => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      headers.set("CF-Connecting-IP", ip);
      if (options.workspaceId) headers.set("X-Workspace-Id", options.workspaceId);
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      // Redirects are answers to assert (as with `call`), never followed.
      return exports.default.fetch(new Request(request, { headers, redirect: "manual" }));
    },
  });
  const verb =
    <M extends Verb>(method: M): TypedMethod<M> =>
    async (path, ...init) => {
      const send = client[method.toUpperCase() as Uppercase<M>] as (
        path: string,
        init?: unknown,
      ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      return adapt(await send(path, init[0]));
    };
  return {
    GET: verb("get"),
    POST: verb("post"),
    PUT: verb("put"),
    PATCH: verb("patch"),
    DELETE: verb("delete"),
    client,
  };
}

/** The operator's typed client (ADMIN_TOKEN), for the `/admin` operations. */
export const operator = (options: ClientOptions = {}) => api(env.ADMIN_TOKEN, options);

function adapt<Body>(answer: { data?: unknown; error?: unknown; response: Response }): TypedResponse<Body> {
  type Read = TypedResponse<Body>["body"];
  const { data, error, response } = answer;
  const failed = !response.ok;
  return {
    status: response.status,
    headers: response.headers,
    // An empty answer (204) reads as null, as `call` reads it.
    body: ((failed ? error : data) ?? null) as Read,
    error: failed && typeof error === "object" && error !== null ? (error as ErrorEnvelope) : undefined,
  };
}

/** `METHOD path` for every operation of the document, e.g. `POST /api/v1/ai/sessions`. */
export type OperationKey = {
  [P in keyof paths]: {
    [M in Verb]: paths[P][M] extends undefined ? never : `${Uppercase<M>} ${P & string}`;
  }[Verb];
}[keyof paths];

/** The JSON body an operation accepts (`never` when it takes none). */
export type RequestBody<P extends keyof paths, M extends Verb> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

/** The query parameters an operation takes. */
export type RequestQuery<P extends keyof paths, M extends Verb> = paths[P][M] extends {
  parameters: { query?: infer Query };
}
  ? Query
  : never;

/** The JSON body of `METHOD path`. */
export type OperationBody<K extends OperationKey> = K extends `${infer M} ${infer P}`
  ? P extends keyof paths
    ? RequestBody<P, Lowercase<M> & Verb>
    : never
  : never;

/** The names of a path's `{parameters}`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/**
 * Any operation of the document, by method and path as the document writes them: for suites that
 * iterate the document itself (test/helpers/access-suite.ts), where the path is known only at run
 * time. The path must be one of the document's (`keyof paths`: test/node/client-drift.test.ts keeps
 * the generated types equal to the document the suite reads); `params` fills its `{parameters}`.
 */
export async function anyOperation(
  client: TypedClient,
  method: Uppercase<Verb>,
  path: keyof paths,
  init: { params?: Record<string, string>; body?: unknown } = {},
): Promise<TypedResponse<unknown>> {
  const send = client.client.request as unknown as (
    method: string,
    path: string,
    init: unknown,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  return adapt(
    await send(method, path, {
      params: { path: init.params ?? {} },
      body: init.body,
      // The answers here are mostly errors; a success may be a stream or a page, read as text.
      parseAs: "text",
    }),
  );
}
