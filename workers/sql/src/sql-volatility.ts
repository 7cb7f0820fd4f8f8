import type pg from "pg";
import { extendedQuery } from "./pg-connection";
import type { CheckedStatement } from "./sql-guard";
import { AdapterError } from "../../../shared/connectors/adapter-port";

/**
 * The main rule of `run_query` (CONTRACT "Tools and execution", SQL): a statement may call only
 * functions the target database marks immutable or stable in its `pg_proc`, and operators only
 * through such functions (`pg_operator.oprcode`). Functions that run SQL text (`ts_stat`,
 * `query_to_xml`, ...) or have side effects (`pg_advisory_lock`, `pg_terminate_backend`, `random`,
 * `gen_random_uuid`, `nextval`, ...) are volatile, so they are refused whatever their name. Functions
 * the database's owner wrote are trusted as declared (PostgreSQL itself refuses writes inside a
 * non-volatile function, and the READ ONLY transaction stays behind it).
 *
 * Argument resolution: the parser sees names and argument counts, not types, so instead of picking
 * PostgreSQL's one overload this refuses a call when ANY overload it might resolve to is volatile:
 * same name, in the named schema or (unqualified) in any schema of the session's search path
 * (`current_schemas(true)`, pg_catalog included, which a SELECT cannot change), taking that many
 * arguments (counting defaults and VARIADIC). Over-refusing a rare mixed-volatility name is the safe
 * direction; PostgreSQL's own resolution can never land on a volatile function this let through.
 */

const VOLATILE_CALLS_SQL = `
  SELECT 'function' AS kind, c.name
  FROM json_to_recordset($1::json) AS c(schema text, name text, args int)
  JOIN pg_catalog.pg_proc p ON p.proname = c.name
  JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
  WHERE p.provolatile = 'v'
    AND CASE WHEN c.schema IS NULL THEN n.nspname = ANY (pg_catalog.current_schemas(true)) ELSE n.nspname = c.schema END
    AND (c.args BETWEEN p.pronargs - p.pronargdefaults AND p.pronargs
         OR (p.provariadic <> 0 AND c.args >= p.pronargs - p.pronargdefaults - 1))
  UNION ALL
  SELECT 'operator', c.name
  FROM json_to_recordset($2::json) AS c(schema text, name text)
  JOIN pg_catalog.pg_operator o ON o.oprname = c.name
  JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace
  JOIN pg_catalog.pg_proc p ON p.oid = o.oprcode
  WHERE p.provolatile = 'v'
    AND CASE WHEN c.schema IS NULL THEN n.nspname = ANY (pg_catalog.current_schemas(true)) ELSE n.nspname = c.schema END
  LIMIT 1`;

/** Throws `invalid_input` naming the first volatile function or operator the statement calls. */
export async function refuseVolatileCalls(client: pg.Client, statement: CheckedStatement): Promise<void> {
  if (!statement.functions.length && !statement.operators.length) return;
  const { rows } = await extendedQuery(client, VOLATILE_CALLS_SQL, [
    JSON.stringify(statement.functions),
    JSON.stringify(statement.operators),
  ]);
  const found = rows[0] as { kind: string; name: string } | undefined;
  if (!found) return;
  const what = found.kind === "function" ? `The function ${found.name}()` : `The operator ${found.name}`;
  throw new AdapterError(
    "invalid_input",
    `${what} is volatile and not allowed: only functions the database marks immutable or stable may be called (volatile ones may change data, run SQL text or answer differently each call)`,
  );
}
