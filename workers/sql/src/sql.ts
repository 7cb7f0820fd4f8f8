import type pg from "pg";
import { connect, extendedQuery, parseConnectionString, scrub, type PgSettings } from "./pg-connection";
import { checkReadOnlySelect } from "./sql-guard";
import { refuseVolatileCalls } from "./sql-volatility";
import {
  AdapterError,
  type AdapterContext,
  type ConnectorAdapter,
  type HealthResult,
  type ToolResult,
} from "../../../shared/connectors/adapter-port";
import { MAX_ROWS, STATEMENT_TIMEOUT_MS, TOOLS } from "../../../shared/connectors/sql-tools";
import { columnType, lookUpTypeNames, valueParsers } from "./pg-types";

/**
 * The `sql-database` connector's execution (PostgreSQL), run in the SQL Worker (`index.ts`); the
 * API holds only its tools (`shared/connectors/sql-tools.ts`) and a client of this
 * Worker (`.../sql/sql.ts`). Every call opens one connection, runs inside
 * `BEGIN READ ONLY` with a `statement_timeout`, always ends with ROLLBACK and closes the connection
 * (so nothing a statement did to its session, such as an advisory lock, outlives the call).
 * `run_query` admits one plain SELECT (decided by PostgreSQL's parser in `sql-guard.ts`) that calls
 * only immutable or stable functions (looked up in the target's `pg_proc`, `sql-volatility.ts`),
 * sent on the extended protocol, which PostgreSQL refuses to run with more than one statement.
 */

export interface SqlAdapterOptions {
  /** `ALLOW_PRIVATE_HOSTS`, parsed: database hosts exempt from the SSRF rules (local servers in tests). */
  allowList: string[];
  /** Tests shorten it to observe a timeout quickly; production keeps the 30 s default. */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** The Worker's `ctx.waitUntil`: cancelling a statement outlives the request that was aborted. */
  waitUntil?: (work: Promise<unknown>) => void;
}

const LIST_TABLES_SQL = `
  SELECT table_schema AS schema, table_name AS name, table_type AS type
  FROM information_schema.tables
  WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND ($1::text IS NULL OR table_schema = $1)
  ORDER BY 1, 2 LIMIT ${MAX_ROWS + 1}`;

const DESCRIBE_TABLE_SQL = `
  SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
         pg_get_expr(d.adbin, d.adrelid) AS "default",
         EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS "primaryKey"
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
  WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  ORDER BY a.attnum`;

/** A failure PostgreSQL reported about the statement (SQLSTATE present): the tool's own answer. */
const isServerError = (error: unknown): error is Error & { code: string } =>
  typeof (error as { code?: unknown })?.code === "string" && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

function stringInput(input: Record<string, unknown>, key: string, required: boolean): string | null {
  const value = input[key];
  if (value === undefined || value === null) {
    if (required) throw new AdapterError("invalid_input", `"${key}" is required`);
    return null;
  }
  if (typeof value !== "string") throw new AdapterError("invalid_input", `"${key}" must be a string`);
  return value;
}

function paramsInput(input: Record<string, unknown>): Array<string | number | boolean | null> {
  const params = input.params ?? [];
  if (
    !Array.isArray(params) ||
    !params.every((p) => p === null || ["string", "number", "boolean"].includes(typeof p))
  ) {
    throw new AdapterError("invalid_input", '"params" must be an array of strings, numbers, booleans or nulls');
  }
  return params;
}

export function createPostgresAdapter(options: SqlAdapterOptions): ConnectorAdapter {
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const settingsOf = (context: AdapterContext): PgSettings =>
    parseConnectionString(context.credentials.values.connectionString, options.allowList);

  /** Runs `work` in a READ ONLY transaction on a fresh connection; server errors become `success` false. */
  async function readOnly(
    context: AdapterContext,
    work: (client: pg.Client) => Promise<Record<string, unknown>>,
  ): Promise<ToolResult> {
    const settings = settingsOf(context);
    const client = await connect(settings, context.signal, {
      connectTimeoutMs: options.connectTimeoutMs,
      waitUntil: options.waitUntil,
    });
    try {
      // Our own text, so the simple protocol's statements in one round trip are fine here.
      // standard_conforming_strings is forced on because the guard's parser reads strings that way:
      // with it off (set on the database or role), `'a\' -- '` ends elsewhere for the server than
      // for the parser, and text the guard took for a string or comment would run.
      await client.query(
        `BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.floor(statementTimeoutMs)}; SET LOCAL standard_conforming_strings = on`,
      );
      const output = await work(client);
      return { success: true, output, error: null, httpStatus: null };
    } catch (error) {
      if (error instanceof AdapterError) throw error;
      if (isServerError(error)) {
        const message = scrub(error.message, settings.password);
        return { success: false, output: { sqlState: error.code, message }, error: message, httpStatus: null };
      }
      const cause = scrub((error as Error)?.message ?? String(error), settings.password);
      throw new AdapterError(
        "unreachable",
        `The connection to PostgreSQL at ${settings.host}:${settings.port} failed: ${cause}`,
      );
    } finally {
      await client.query("ROLLBACK").catch(() => {});
      await client.end().catch(() => {});
    }
  }

  async function runQuery(input: Record<string, unknown>, context: AdapterContext): Promise<ToolResult> {
    const sql = stringInput(input, "sql", true)!;
    const params = paramsInput(input);
    const statement = await checkReadOnlySelect(sql);
    return readOnly(context, async (client) => {
      await refuseVolatileCalls(client, statement);
      // A cursor caps the rows on the server; DECLARE also refuses data-modifying statements itself.
      await extendedQuery(client, `DECLARE run_query NO SCROLL CURSOR FOR ${statement.text}`, params);
      const result = await extendedQuery(client, `FETCH ${MAX_ROWS + 1} FROM run_query`, [], {
        rowMode: "array",
        types: valueParsers(client),
      });
      const names = await lookUpTypeNames(
        client,
        result.fields.map((field) => field.dataTypeID),
      );
      const truncated = result.rows.length > MAX_ROWS;
      const rows = truncated ? result.rows.slice(0, MAX_ROWS) : result.rows;
      return {
        columns: result.fields.map((field) => ({ name: field.name, type: columnType(field.dataTypeID, names) })),
        rows,
        rowCount: rows.length,
        truncated,
      };
    });
  }

  async function listTables(input: Record<string, unknown>, context: AdapterContext): Promise<ToolResult> {
    const schema = stringInput(input, "schema", false);
    return readOnly(context, async (client) => {
      const result = await extendedQuery(client, LIST_TABLES_SQL, [schema]);
      const truncated = result.rows.length > MAX_ROWS;
      return { tables: truncated ? result.rows.slice(0, MAX_ROWS) : result.rows, truncated };
    });
  }

  async function describeTable(input: Record<string, unknown>, context: AdapterContext): Promise<ToolResult> {
    const table = stringInput(input, "table", true)!;
    const schema = stringInput(input, "schema", false) ?? "public";
    const result = await readOnly(context, async (client) => {
      const columns = await extendedQuery(client, DESCRIBE_TABLE_SQL, [schema, table]);
      return { schema, table, columns: columns.rows };
    });
    if (result.success && (result.output.columns as unknown[]).length === 0) {
      const message = `No table or view "${schema}"."${table}" is visible to this connection`;
      return { success: false, output: { message }, error: message, httpStatus: null };
    }
    return result;
  }

  return {
    async listTools() {
      return TOOLS;
    },

    async execute(toolKey, input, context) {
      if (toolKey === "run_query") return runQuery(input, context);
      if (toolKey === "list_tables") return listTables(input, context);
      if (toolKey === "describe_table") return describeTable(input, context);
      throw new AdapterError("unknown_tool", `The SQL connector has no tool "${toolKey}"`);
    },

    async healthCheck(context): Promise<HealthResult> {
      try {
        const result = await readOnly(context, async (client) => {
          await client.query("SELECT 1");
          return {};
        });
        return result.success
          ? { ok: true, message: "Connected; SELECT 1 answered" }
          : { ok: false, message: result.error ?? "SELECT 1 failed" };
      } catch (error) {
        if (error instanceof AdapterError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
