import { parseSql, SqlSyntaxError } from "./pg-parser";
import { AdapterError } from "../../../shared/connectors/adapter-port";

/**
 * Decides, on PostgreSQL's own parse tree, whether `run_query` may run a statement: exactly one
 * statement, whose root is a plain SELECT (also `VALUES`, `TABLE t`, set operations), with no
 * data-modifying CTE, no `SELECT ... INTO`, no row locks, and no call of a deny-listed function.
 * It also names every function and operator the statement calls, so that `sql-volatility.ts` can
 * admit only what the target database marks immutable or stable: the deny list alone cannot see
 * functions that run SQL text (`ts_stat($$...$$)`), nor every side-effecting name there is.
 * The READ ONLY transaction the statement then runs in is the last line of defence, not the first:
 * advisory locks, `pg_notify`, large objects and sequences are not all stopped by it.
 */

/** Statements that may appear anywhere in a tree only as data-modifying CTEs. */
const WRITE_NODES = new Set(["InsertStmt", "UpdateStmt", "DeleteStmt", "MergeStmt"]);

/** Side-effecting functions (or ones that run SQL text the guard never sees), by exact name. */
const DENIED_FUNCTIONS = new Set([
  "nextval",
  "setval",
  "set_config",
  "pg_notify",
  "pg_terminate_backend",
  "pg_cancel_backend",
  "loread",
  "lowrite",
  "pg_reload_conf",
  "pg_rotate_logfile",
  "pg_switch_wal",
  "pg_promote",
  "pg_stat_file",
  "pg_import_system_collations",
  "pg_export_snapshot",
  "pg_log_backend_memory_contexts",
  "pg_backup_start",
  "pg_backup_stop",
  "pg_start_backup",
  "pg_stop_backup",
  "pg_create_restore_point",
  "pg_prewarm",
  "txid_current",
  "pg_current_xact_id",
  "pg_drop_replication_slot",
]);

/** Families of side-effecting functions, by name prefix. */
const DENIED_PREFIXES = [
  "pg_sleep", // pg_sleep, pg_sleep_for, pg_sleep_until: holds a connection for nothing
  "pg_advisory_",
  "pg_try_advisory_", // session locks survive ROLLBACK
  "lo_", // large objects: lo_create/lo_import/lo_export write, lo_export even to the server's disk
  "dblink", // opens connections elsewhere, where this transaction's READ ONLY does not apply
  "pg_read_",
  "pg_ls_",
  "pg_file_", // the server's file system
  "pg_stat_reset",
  "pg_replication_origin_",
  "pg_create_",
  "pg_logical_",
  "pg_wal_replay_",
  "query_to_xml",
  "cursor_to_xml", // run a SQL string the parser never sees
];

function deniedFunction(name: string): boolean {
  const lower = name.toLowerCase();
  return DENIED_FUNCTIONS.has(lower) || DENIED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

const refuse = (reason: string): never => {
  throw new AdapterError("invalid_input", reason);
};

/** A function call as written: its schema when qualified, its name and how many arguments it gets. */
export interface CalledFunction {
  schema: string | null;
  name: string;
  args: number;
}

/** An operator as written (`=`, `OPERATOR(pg_catalog.+)`, `USING >`, `= ANY (...)`). */
export interface CalledOperator {
  schema: string | null;
  name: string;
}

/** `[schema?, name]` from a parse tree's name list (`a.b.f` keeps its last two parts, as PostgreSQL does). */
function qualifiedName(list: unknown): { schema: string | null; name: string } {
  const parts = (Array.isArray(list) ? list : []).map(
    (part) => (part as { String?: { sval?: string } })?.String?.sval ?? "",
  );
  return { schema: parts.length > 1 ? (parts[parts.length - 2] ?? null) : null, name: parts[parts.length - 1] ?? "" };
}

/** Node keys holding an operator's name list: plain and ANY/ALL/LIKE expressions, sublinks, `ORDER BY ... USING`. */
const OPERATOR_NAME_KEYS: Record<string, string> = { A_Expr: "name", SubLink: "operName", SortBy: "useOp" };

/** Walks every node below the root statement, collecting the calls it makes. */
function inspect(node: unknown, calls: { functions: CalledFunction[]; operators: CalledOperator[] }): void {
  if (Array.isArray(node)) {
    for (const child of node) inspect(child, calls);
    return;
  }
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    if (WRITE_NODES.has(key))
      refuse("Data-modifying statements (INSERT, UPDATE, DELETE, MERGE) are not allowed, also not inside WITH");
    if (key === "intoClause") refuse("SELECT ... INTO creates a table and is not allowed");
    if (key === "lockingClause") refuse("FOR UPDATE / FOR SHARE lock rows and are not allowed");
    if (key === "FuncCall") {
      const call = value as { funcname?: unknown; args?: unknown[] };
      const { schema, name } = qualifiedName(call.funcname);
      if (deniedFunction(name)) refuse(`The function ${name}() has side effects and is not allowed`);
      calls.functions.push({ schema, name, args: call.args?.length ?? 0 });
    }
    const operatorKey = OPERATOR_NAME_KEYS[key];
    const operatorName = operatorKey ? (value as Record<string, unknown>)?.[operatorKey] : undefined;
    if (operatorName) calls.operators.push(qualifiedName(operatorName));
    inspect(value, calls);
  }
}

/** Root statement node names, for the refusal message (`CopyStmt` → `COPY`). */
const ROOT_NAMES: Record<string, string> = {
  ExplainStmt: "EXPLAIN",
  CopyStmt: "COPY",
  CallStmt: "CALL",
  DoStmt: "DO",
  TransactionStmt: "transaction control",
  InsertStmt: "INSERT",
  UpdateStmt: "UPDATE",
  DeleteStmt: "DELETE",
  MergeStmt: "MERGE",
  VariableSetStmt: "SET",
};

export interface CheckedStatement {
  /** The statement's own text (a trailing `;` and whatever follows it left out). */
  text: string;
  /** Every function call in it, for the volatility check against the target database. */
  functions: CalledFunction[];
  /** Every operator in it, checked through the function behind it. */
  operators: CalledOperator[];
}

/**
 * Throws `AdapterError("invalid_input", reason)` unless `sql` is one plain SELECT; answers the
 * statement's text, to be wrapped in a cursor, and the calls it makes. This check assumes
 * `standard_conforming_strings = on` (libpg-query's only mode), so the session forces it on.
 */
export async function checkReadOnlySelect(sql: string): Promise<CheckedStatement> {
  if (!sql.trim()) refuse("The query is empty");
  let tree: Awaited<ReturnType<typeof parseSql>>;
  try {
    tree = await parseSql(sql);
  } catch (error) {
    if (error instanceof SqlSyntaxError) refuse(`The query does not parse: ${error.message}`);
    throw error;
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) refuse(statements.length ? "Exactly one statement is allowed" : "The query is empty");
  const {
    stmt,
    stmt_location: location = 0,
    stmt_len: length = 0,
  } = statements[0] as { stmt: Record<string, unknown>; stmt_location?: number; stmt_len?: number };
  const rootName = Object.keys(stmt)[0] ?? "";
  if (rootName !== "SelectStmt")
    refuse(`Only SELECT statements are allowed, not ${ROOT_NAMES[rootName] ?? rootName.replace(/Stmt$/, "")}`);
  const calls = { functions: [] as CalledFunction[], operators: [] as CalledOperator[] };
  inspect(stmt, calls);
  // Locations are byte offsets into the UTF-8 text; a length of 0 means "to the end".
  const bytes = new TextEncoder().encode(sql);
  const text = new TextDecoder().decode(
    length ? bytes.subarray(location, location + length) : bytes.subarray(location),
  );
  return { text, ...calls };
}
