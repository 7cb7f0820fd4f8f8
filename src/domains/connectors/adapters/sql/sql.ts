import {
  AdapterError,
  type AdapterContext,
  type AdapterErrorKind,
  type ConnectorAdapter,
  type HealthResult,
  type ToolResult,
} from "../../../../../shared/connectors/adapter-port";
import {
  ADAPTER_ERROR_KINDS,
  SQL_WORKER_URL,
  type SqlAnswer,
  type SqlRequest,
} from "../../../../../shared/connectors/sql-protocol";
import { TOOLS } from "../../../../../shared/connectors/sql-tools";

/**
 * The `sql-database` connector (PostgreSQL) as the API sees it: its tools, listed here, and every
 * call forwarded to the SQL Worker (workers/sql), which holds pg and PostgreSQL's parser so that
 * this Worker's startup does not parse them (docs/performance.md). Each call opens one connection
 * there, runs inside `BEGIN READ ONLY` with the 30 s `statement_timeout` and the 1,000-row cap, and
 * is checked by PostgreSQL's parser and the target's `pg_proc` first (docs/connectors-sql-mcp.md).
 */

/** The service binding `SQL` (a `Fetcher`), or anything that answers the protocol the same way. */
export interface SqlRunner {
  fetch(input: string, init: RequestInit): Promise<Response>;
}

export interface SqlAdapterOptions {
  /** `ALLOW_PRIVATE_HOSTS`, parsed: database hosts exempt from the SSRF rules (local servers in tests). */
  allowList: string[];
  runner: SqlRunner;
}

/** The call ended by its AbortSignal (the execution timeout, or the caller went away). */
const cancelled = () => new AdapterError("unreachable", "The connection to PostgreSQL failed: the call was cancelled");

export function createSqlAdapter({ allowList, runner }: SqlAdapterOptions): ConnectorAdapter {
  async function call(request: SqlRequest, signal: AbortSignal): Promise<ToolResult | HealthResult> {
    let response: Response;
    let answer: SqlAnswer;
    try {
      // The signal cancels the subrequest, which aborts the SQL Worker's `request.signal` and so
      // closes the PostgreSQL connection there.
      response = await runner.fetch(SQL_WORKER_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
        signal,
      });
      answer = (await response.json()) as SqlAnswer;
    } catch (error) {
      if (signal.aborted) throw cancelled();
      throw error;
    }
    if (response.ok && "result" in answer) return answer.result;
    if (response.status === 422 && "error" in answer && ADAPTER_ERROR_KINDS.includes(answer.error?.code)) {
      const { code, message, httpStatus } = answer.error;
      throw new AdapterError(code as AdapterErrorKind, message, httpStatus ?? null);
    }
    // A fault inside the SQL Worker: the connectors domain records it as a failed call.
    throw new Error(`The SQL Worker answered ${response.status}`);
  }

  const connectionString = (context: AdapterContext) => context.credentials.values.connectionString;

  return {
    async listTools() {
      return TOOLS;
    },

    async execute(toolKey, input, context) {
      const request: SqlRequest = {
        call: "execute",
        toolKey,
        input,
        connectionString: connectionString(context),
        allowList,
      };
      return (await call(request, context.signal)) as ToolResult;
    },

    async healthCheck(context) {
      try {
        const request: SqlRequest = { call: "health", connectionString: connectionString(context), allowList };
        return (await call(request, context.signal)) as HealthResult;
      } catch (error) {
        if (error instanceof AdapterError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
