import type pg from "pg";
import type { Duplex } from "node:stream";
import * as pgCloudflare from "pg-cloudflare";
import { checkDestination } from "../../../shared/connectors/outbound-rules";
import { AdapterError } from "../../../shared/connectors/adapter-port";

/**
 * The connection string of a `sql-database` instance, checked and turned into `pg` settings, and the
 * one way the SQL adapter opens a connection (`pg` over `cloudflare:sockets` in workerd).
 */

/** pg's socket over `cloudflare:sockets` (the package's types describe only its empty Node stub). */
const { CloudflareSocket } = pgCloudflare as unknown as { CloudflareSocket: new (ssl: boolean) => Duplex };

/**
 * `pg` (CommonJS, with its protocol, pool and type packages) is evaluated on the first connection,
 * not in every isolate's startup (docs/performance.md).
 */
let loadingPg: Promise<typeof pg> | undefined;
const loadPg = () => (loadingPg ??= import("pg").then((module) => module.default));

/** Long enough for a TLS handshake across continents, short enough to leave most of the 30 s call. */
const CONNECT_TIMEOUT_MS = 10_000;

/** libpq parameters that change nothing we rely on; any other parameter is refused by name. */
const IGNORED_PARAMETERS = new Set([
  "application_name",
  "connect_timeout",
  "channel_binding",
  "target_session_attrs",
  "fallback_application_name",
]);

/**
 * libpq's `sslmode`, honoured as far as a Worker can: `disable` and `allow` connect in plain text;
 * `prefer`, `require`, `verify-ca` and `verify-full` use TLS, and workerd always verifies the
 * certificate chain and host name (so all four behave as `verify-full`). No `sslmode` means TLS:
 * libpq's default `prefer` would fall back to plain text, which a Worker must not do silently over
 * the internet.
 */
const PLAINTEXT_MODES = new Set(["disable", "allow"]);
const TLS_MODES = new Set(["prefer", "require", "verify-ca", "verify-full"]);

export interface PgSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  tls: boolean;
}

const invalid = (reason: string): never => {
  throw new AdapterError("invalid_input", `The connection string is not usable: ${reason}`);
};

/**
 * Parses `postgres://user:password@host:port/database?sslmode=...`. Refuses what would reach
 * somewhere else than one named host (Unix sockets, `host=`/`hostaddr=` parameters, multi-host
 * lists) and, through the SSRF rules of `outbound.ts`, IP literals and internal names unless the
 * allow list names them. Messages never repeat the string (it holds the password).
 */
export function parseConnectionString(value: unknown, allowList: string[]): PgSettings {
  if (typeof value !== "string" || !value) return invalid("it is missing");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid("it is not a postgres:// URL");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    invalid("the scheme must be postgres:// or postgresql://");
  const host = url.hostname;
  if (!host) invalid("it names no host (Unix sockets cannot be reached from here)");
  if (host.includes(",")) invalid("only one host may be named");
  const port = url.port ? Number(url.port) : 5432;
  let tls = true;
  for (const [name, setting] of url.searchParams) {
    if (name === "sslmode") {
      if (PLAINTEXT_MODES.has(setting)) tls = false;
      else if (!TLS_MODES.has(setting)) invalid(`sslmode "${setting}" is unknown`);
    } else if (!IGNORED_PARAMETERS.has(name)) {
      invalid(`the parameter "${name}" is not supported`);
    }
  }
  // The SSRF rules speak about URLs; the database's host and port are checked as one.
  checkDestination(`https://${host}:${port}/`, allowList);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  const user = decodeURIComponent(url.username);
  if (!user) invalid("it names no user");
  return {
    host: host.replace(/^\[|\]$/g, ""),
    port,
    user,
    password: decodeURIComponent(url.password),
    database: database || user,
    tls,
  };
}

/** `pg`'s message without the password, should a driver or server ever echo it. */
export function scrub(message: string, password: string): string {
  return password ? message.split(password).join("***") : message;
}

/**
 * Opens one connection (closed by the caller with `end()`); a failure is `unreachable` naming the
 * cause (`password authentication failed for user "app"`, a refused connection, a timeout).
 */
export async function connect(
  settings: PgSettings,
  signal: AbortSignal,
  {
    connectTimeoutMs = CONNECT_TIMEOUT_MS,
    waitUntil = () => {},
  }: {
    connectTimeoutMs?: number;
    /** Keeps the Worker running for work after the request is gone (`ctx.waitUntil`). */
    waitUntil?: (work: Promise<unknown>) => void;
  } = {},
): Promise<pg.Client> {
  const { Client } = await loadPg();
  const client = new Client({
    host: settings.host,
    port: settings.port,
    user: settings.user,
    password: settings.password,
    database: settings.database,
    ssl: settings.tls,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: "platform-api connector",
    // The cloudflare:sockets stream, named here rather than left to pg's own `require`, which the
    // vitest plugin resolves without the `workerd` export condition (to an empty stub).
    stream: () => new CloudflareSocket(settings.tls),
  });
  // After end(), workerd reports "This socket has been closed." as an error event; without a
  // listener it becomes an unhandled rejection. Query errors still reject their own promise.
  client.on("error", () => {});
  // Closing the connection alone does not stop a statement that sends nothing while it works (a
  // count over a large join): PostgreSQL notices the client is gone only when it writes. So the
  // backend is cancelled first, from a second connection, then the connection is closed; the
  // request that aborted is gone by then, hence `waitUntil`.
  const abort = () =>
    waitUntil(
      cancelBackend(settings, (client as BackendKeyed).processID, connectTimeoutMs).finally(() =>
        client.end().catch(() => {}),
      ),
    );
  signal.addEventListener("abort", abort, { once: true });
  try {
    if (signal.aborted) throw new Error("the call was cancelled");
    await client.connect();
    return client;
  } catch (error) {
    signal.removeEventListener("abort", abort);
    void client.end().catch(() => {});
    const cause = scrub((error as Error)?.message || String(error), settings.password);
    throw new AdapterError(
      "unreachable",
      `Could not connect to PostgreSQL at ${settings.host}:${settings.port}: ${cause}`,
    );
  }
}

/**
 * One statement on the extended protocol (Parse/Bind/Execute), where PostgreSQL refuses a string
 * holding more than one statement. `queryMode` is a `pg` option @types/pg does not declare yet.
 */
export async function extendedQuery(
  client: pg.Client,
  text: string,
  values: unknown[] = [],
  extra: { rowMode?: "array"; types?: pg.CustomTypesConfig } = {},
): Promise<{ rows: any[]; fields: pg.FieldDef[] }> {
  return client.query({ text, values, ...extra, queryMode: "extended" } as pg.QueryConfig);
}

/** pg keeps the backend's process id from BackendKeyData; its types do not declare it. */
type BackendKeyed = pg.Client & { processID: number | null };

/**
 * Cancels the statement a connection's backend is running (`pg_cancel_backend`, allowed for the
 * backends of one's own role), over a connection of its own; a failure leaves the statement to its
 * `statement_timeout`.
 */
async function cancelBackend(settings: PgSettings, pid: number | null, connectTimeoutMs: number): Promise<void> {
  if (pid === null) return;
  try {
    const canceller = await connect(settings, new AbortController().signal, { connectTimeoutMs });
    try {
      await canceller.query("SELECT pg_cancel_backend($1)", [pid]);
    } finally {
      await canceller.end().catch(() => {});
    }
  } catch {
    // the statement ends at its statement_timeout
  }
}
