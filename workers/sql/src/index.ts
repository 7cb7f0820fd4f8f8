// The SQL Worker: the `sql-database` connector's execution (pg over `cloudflare:sockets`, PostgreSQL's
// parser as WebAssembly, the read-only guard) lives here rather than in the API's Worker, whose
// every cold start would otherwise parse ~145 KiB of it (docs/performance.md). The API reaches it
// only through its service binding `SQL` (src/domains/connectors/adapters/sql/sql.ts); it has no
// route on the internet.
//
// Protocol (shared/connectors/sql-protocol.ts): `POST /` with one tool call or health
// check as JSON; 200 `{ result }`, 422 `{ error: { code, message, httpStatus } }` for an AdapterError.
//
// A fetch protocol rather than a `WorkerEntrypoint` RPC method: the call must end when the API's
// AbortSignal fires (the execution timeout, the client gone), and a signal cannot be passed as an
// RPC argument, while `fetch(url, { signal })` cancels the subrequest and, with the compatibility
// flag `enable_request_signal` (wrangler.toml), aborts `request.signal` here, which closes the
// PostgreSQL connection (pg-connection.ts `connect`). It also keeps one protocol for both workers/.
import { AdapterError, type AdapterContext } from "../../../shared/connectors/adapter-port";
import type { SqlRequest } from "../../../shared/connectors/sql-protocol";
import { createPostgresAdapter } from "./sql";

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === "string");

function parseRequest(body: unknown): SqlRequest | null {
  if (typeof body !== "object" || body === null) return null;
  const request = body as Record<string, unknown>;
  if (!isStringList(request.allowList)) return null;
  if (request.connectionString !== undefined && typeof request.connectionString !== "string") return null;
  if (request.call === "health") return request as SqlRequest;
  const input = request.input;
  if (request.call !== "execute" || typeof request.toolKey !== "string") return null;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  return request as SqlRequest;
}

/** No fetch: the SQL adapter only opens TCP sockets, each checked by `parseConnectionString`. */
const noFetch = () => Promise.reject(new Error("the SQL Worker makes no HTTP requests"));

export async function handleSql(request: Request, _env: unknown, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const call = parseRequest(await request.json().catch(() => null));
  if (!call) return Response.json({ error: "not a SQL Worker request" }, { status: 400 });
  const adapter = createPostgresAdapter({ allowList: call.allowList, waitUntil: (work) => ctx.waitUntil(work) });
  const context: AdapterContext = {
    // The connection string is handed to the adapter only: never logged, never in an answer (the
    // adapter's messages name host and port, and scrub the password from what pg reports).
    credentials: { credType: "connection_string", values: { connectionString: call.connectionString as string } },
    config: {},
    fetch: noFetch,
    signal: request.signal,
  };
  try {
    const result =
      call.call === "health"
        ? await adapter.healthCheck(context)
        : await adapter.execute(call.toolKey, call.input, context);
    return Response.json({ result });
  } catch (error) {
    if (error instanceof AdapterError) {
      return Response.json(
        { error: { code: error.kind, message: error.message, httpStatus: error.httpStatus } },
        { status: 422 },
      );
    }
    // Only the error's name: a driver's message could carry what the request held.
    console.error(JSON.stringify({ sqlWorker: "fault", error: error instanceof Error ? error.name : "unknown" }));
    return Response.json({ error: "internal" }, { status: 500 });
  }
}

export default { fetch: handleSql } satisfies ExportedHandler;
