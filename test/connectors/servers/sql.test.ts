import { env } from "cloudflare:workers";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, parseConnectionString } from "../../../workers/sql/src/pg-connection";
import { MAX_ROWS, STATEMENT_TIMEOUT_MS } from "../../../shared/connectors/sql-tools";
import { createPostgresAdapter } from "../../../workers/sql/src/sql";
import { createSqlAdapter } from "../../../src/domains/connectors/adapters/sql/sql";
import { adapterContext, adapterError } from "./helpers";

const pgUrl = inject("pgUrl");
const pgPort = inject("pgPort");
const allowList = [`127.0.0.1:${pgPort}`];
const adapter = createPostgresAdapter({ allowList });
const context = (connectionString = pgUrl, list = allowList) =>
  adapterContext({ credType: "connection_string", values: { connectionString }, allowList: list });
const run = (sql: string, params?: unknown[]) =>
  adapter.execute("run_query", params ? { sql, params } : { sql }, context());

/** A direct connection as the cluster's superuser, to look at the database behind the adapter's back. */
let observer: pg.Client;
beforeAll(async () => {
  observer = await connect(parseConnectionString(inject("pgSuperuserUrl"), allowList), new AbortController().signal);
  // Functions and an operator the database's owner (app) wrote, with the volatility they declare.
  await observer.query(`
    CREATE OR REPLACE FUNCTION t_count() RETURNS bigint LANGUAGE sql STABLE AS 'SELECT count(*) FROM t';
    CREATE OR REPLACE FUNCTION sneaky_stable() RETURNS integer LANGUAGE plpgsql STABLE AS $$ BEGIN INSERT INTO t VALUES (98, 'y'); RETURN 1; END $$;
    CREATE OR REPLACE FUNCTION volatile_eq(integer, integer) RETURNS boolean LANGUAGE sql VOLATILE AS 'SELECT $1 = $2';
    DROP OPERATOR IF EXISTS === (integer, integer);
    CREATE OPERATOR === (LEFTARG = integer, RIGHTARG = integer, FUNCTION = volatile_eq);
    ALTER FUNCTION t_count() OWNER TO app;
    ALTER FUNCTION sneaky_stable() OWNER TO app;
    ALTER FUNCTION volatile_eq(integer, integer) OWNER TO app;
    ALTER OPERATOR === (integer, integer) OWNER TO app;`);
});
afterAll(async () => {
  await observer.end().catch(() => {});
});

/** Everything a bypass could have changed: rows, tables, the sequence, locks, large objects. */
async function databaseState() {
  const { rows } = await observer.query(`SELECT
    (SELECT json_agg(t ORDER BY id) FROM t) AS t_rows,
    (SELECT count(*) FROM big)::int AS big_rows,
    to_regclass('public.t2') IS NOT NULL AS t2_exists,
    (SELECT is_called FROM s) AS sequence_called,
    (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory')::int AS advisory_locks,
    (SELECT count(*) FROM pg_largeobject_metadata)::int AS large_objects,
    (SELECT setting FROM pg_settings WHERE name = 'default_transaction_read_only') AS read_only_default`);
  return rows[0];
}

describe("sql-database adapter against PostgreSQL", () => {
  it("describes three read-only tools", async () => {
    const tools = await adapter.listTools(context());
    expect(tools.map((tool) => [tool.toolKey, tool.requiresApproval])).toEqual([
      ["run_query", false],
      ["list_tables", false],
      ["describe_table", false],
    ]);
  });

  it("answers rows with column names and types, values as JSON keeps them exact", async () => {
    const result = await run("SELECT id, price, ratio, active, created_at, tags, doc, note FROM typed");
    expect(result).toMatchObject({ success: true, error: null });
    expect(result.output).toEqual({
      columns: [
        { name: "id", type: "bigint" },
        { name: "price", type: "numeric" },
        { name: "ratio", type: "double precision" },
        { name: "active", type: "boolean" },
        { name: "created_at", type: "timestamp with time zone" },
        { name: "tags", type: "text[]" },
        { name: "doc", type: "jsonb" },
        { name: "note", type: "character varying" },
      ],
      rows: [["9007199254740993", "12.50", 0.25, true, "2026-11-22 10:00:00+00", "{a,b}", { k: [1, 2] }, null]],
      rowCount: 1,
      truncated: false,
    });
  });

  it("binds params on the extended protocol and names types it has to look up", async () => {
    const result = await run("SELECT name, $2::text AS label, 't'::regclass AS reg FROM t WHERE id = $1", [2, "x"]);
    expect(result.output).toMatchObject({
      rows: [["two", "x", "t"]],
      columns: [{ name: "name" }, { name: "label" }, { name: "reg", type: "regclass" }],
    });
  });

  it("takes a statement with a trailing semicolon, comments and non-ASCII text around it", async () => {
    const result = await run("/* über */ SELECT 'grüße' AS greeting, $1::int AS n; -- trailing", [7]);
    expect(result.output).toMatchObject({
      rows: [["grüße", 7]],
      columns: [
        { name: "greeting", type: "text" },
        { name: "n", type: "integer" },
      ],
    });
  });

  it(`caps results at ${MAX_ROWS} rows and says so`, async () => {
    const capped = await run("SELECT n FROM big ORDER BY n");
    expect(capped.output).toMatchObject({ rowCount: 1000, truncated: true });
    expect((capped.output.rows as number[][]).at(-1)).toEqual([1000]);
    const exact = await run("SELECT n FROM big ORDER BY n LIMIT 1000");
    expect(exact.output).toMatchObject({ rowCount: 1000, truncated: false });
  });

  it("runs in a READ ONLY transaction with the 30 s statement timeout by default", async () => {
    expect(STATEMENT_TIMEOUT_MS).toBe(30_000);
    const result = await run("SELECT current_setting('statement_timeout'), current_setting('transaction_read_only')");
    expect(result.output.rows).toEqual([["30s", "on"]]);
  });

  it("ends a slow query at the statement timeout", async () => {
    const quick = createPostgresAdapter({ allowList, statementTimeoutMs: 200 });
    const started = Date.now();
    // A cross join of generate_series takes minutes; it is not on the deny-list, unlike pg_sleep.
    const result = await quick.execute(
      "run_query",
      { sql: "SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b" },
      context(),
    );
    expect(result).toMatchObject({
      success: false,
      error: "canceling statement due to statement timeout",
      output: { sqlState: "57014" },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("answers PostgreSQL's own errors as a failed result", async () => {
    const result = await run("SELECT nope FROM t");
    expect(result).toMatchObject({
      success: false,
      output: { sqlState: "42703" },
      error: 'column "nope" does not exist',
    });
  });

  it("refuses a volatile function the owner wrote (add_row() writes), trusting the owner's declaration", async () => {
    const before = await databaseState();
    const error = await adapterError(run("SELECT add_row()"));
    expect(error.kind).toBe("invalid_input");
    expect(error.message).toMatch(
      /^The function add_row\(\) is volatile and not allowed: only functions the database marks immutable or stable may be called/,
    );
    expect(await databaseState()).toEqual(before);
  });

  it("runs the owner's stable functions; one that lies about writing is still stopped by PostgreSQL", async () => {
    expect((await run("SELECT t_count()")).output).toMatchObject({ rows: [["3"]] });
    const before = await databaseState();
    const result = await run("SELECT sneaky_stable()");
    expect(result).toMatchObject({
      success: false,
      output: { sqlState: "0A000" },
      error: "INSERT is not allowed in a non-volatile function",
    });
    expect(await databaseState()).toEqual(before);
  });

  describe("only immutable or stable functions: what runs SQL text or has side effects is refused whatever its name", () => {
    /** A second session of the app role: the target a terminate bypass would kill. */
    async function victim() {
      const client = await connect(parseConnectionString(pgUrl, allowList), new AbortController().signal);
      const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
      return { client, pid: rows[0].pid as number };
    }
    const stillAlive = async (client: pg.Client) => (await client.query("SELECT 1 AS one")).rows[0].one === 1;

    it("ts_stat running pg_terminate_backend in its SQL text is refused and the other session lives", async () => {
      const { client, pid } = await victim();
      try {
        const error = await adapterError(
          run(`SELECT * FROM ts_stat($$SELECT to_tsvector(pg_terminate_backend(${pid})::text)$$)`),
        );
        expect(error.kind).toBe("invalid_input");
        expect(error.message).toMatch(/^The function ts_stat\(\) is volatile and not allowed/);
        expect(await stillAlive(client)).toBe(true);
      } finally {
        await client.end().catch(() => {});
      }
    });

    it("ts_stat holding an advisory lock and sleeping past the limit is refused at once", async () => {
      const before = await databaseState();
      const started = Date.now();
      // The old guard ran this until the 30 s statement timeout; refused, it never reaches the server.
      const error = await adapterError(
        run("SELECT * FROM ts_stat($$SELECT to_tsvector(pg_advisory_lock(4711)::text || pg_sleep(60)::text)$$)"),
      );
      expect(error.message).toMatch(/ts_stat\(\) is volatile/);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(await databaseState()).toEqual(before);
    });

    it("with standard_conforming_strings = off on the role, a backslash cannot end a string early", async () => {
      await observer.query("ALTER ROLE app SET standard_conforming_strings = off");
      const { client, pid } = await victim();
      try {
        expect((await client.query("SHOW standard_conforming_strings")).rows[0].standard_conforming_strings).toBe(
          "off",
        );
        // The parser (and now the session) reads 'a\' as a string and the rest as a comment; with the
        // setting off the server would read a string up to the second quote and call the function.
        const result = await run(`SELECT 'a\\' -- ', pg_terminate_backend(${pid}) --`);
        expect(result).toMatchObject({ success: true, output: { rows: [["a\\"]] } });
        expect(await stillAlive(client)).toBe(true);
        const setting = await run("SELECT current_setting('standard_conforming_strings')");
        expect(setting.output.rows).toEqual([["on"]]);
      } finally {
        await observer.query("ALTER ROLE app RESET standard_conforming_strings");
        await client.end().catch(() => {});
      }
    });

    const volatile: Array<[string, RegExp]> = [
      ["SELECT random()", /^The function random\(\) is volatile/],
      ["SELECT gen_random_uuid()", /^The function gen_random_uuid\(\) is volatile/],
      ["SELECT pg_catalog.random()", /^The function random\(\) is volatile/],
      ["SELECT * FROM ts_stat('SELECT to_tsvector(name) FROM t')", /^The function ts_stat\(\) is volatile/],
      ["SELECT id FROM t WHERE id = (SELECT count(*) FROM ts_stat('SELECT 1'))", /ts_stat\(\) is volatile/],
      ["SELECT clock_timestamp()", /clock_timestamp\(\) is volatile/],
      ["SELECT 1 === 1", /^The operator === is volatile/],
      ["SELECT id FROM t ORDER BY id USING ===", /^The operator === is volatile/],
    ];
    it.each(volatile)("%s", async (sql, reason) => {
      const before = await databaseState();
      const error = await adapterError(run(sql));
      expect(error.kind).toBe("invalid_input");
      expect(error.message).toMatch(reason);
      expect(await databaseState()).toEqual(before);
    });

    it("ordinary SELECTs with immutable and stable functions and operators still run", async () => {
      const result = await run(
        `SELECT count(*), string_agg(upper(name), ',' ORDER BY id), now() IS NOT NULL, to_char(1.5, '9.9'),
                coalesce(NULL, 'x') || lower('Y'), (SELECT max(g) FROM generate_series(1, 3) g), length(to_tsvector('a b')::text) > 0
         FROM t WHERE name LIKE 't%' AND id = ANY ($1::int[]) AND id BETWEEN 1 AND 3`,
        ["{2,3}"],
      );
      expect(result).toMatchObject({
        success: true,
        output: { rows: [["2", "TWO,THREE", true, " 1.5", "xy", 3, true]] },
      });
    });
  });

  describe("refuses every bypass and leaves the database unchanged", () => {
    const refused: Array<[string, RegExp]> = [
      ["WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d", /Data-modifying statements/],
      ["WITH d AS (INSERT INTO t VALUES (7, 'x') RETURNING *) SELECT * FROM d", /Data-modifying statements/],
      ["SELECT 1; DROP TABLE t", /Exactly one statement/],
      ["COMMIT; DELETE FROM t", /Exactly one statement/],
      ["SELECT * INTO t2 FROM t", /SELECT \.\.\. INTO/],
      ["EXPLAIN ANALYZE DELETE FROM t", /not EXPLAIN/],
      ["SELECT nextval('s')", /nextval\(\) has side effects/],
      ["SELECT pg_catalog.nextval('s')", /nextval\(\) has side effects/],
      ["SELECT * FROM nextval('s')", /nextval\(\) has side effects/],
      ["SELECT (SELECT setval('s', 42))", /setval\(\) has side effects/],
      ["SELECT set_config('default_transaction_read_only','off',false)", /set_config\(\) has side effects/],
      ["SELECT * FROM t FOR UPDATE", /FOR UPDATE/],
      ["SELECT id FROM t UNION (SELECT id FROM t FOR SHARE)", /FOR UPDATE/],
      ["SELECT pg_sleep(31)", /pg_sleep\(\) has side effects/],
      ["SELECT pg_advisory_lock(1)", /pg_advisory_lock\(\)/],
      ["SELECT lo_create(0)", /lo_create\(\)/],
      ["SELECT pg_notify('channel', 'x')", /pg_notify\(\)/],
      ["SELECT pg_terminate_backend(1)", /pg_terminate_backend\(\)/],
      ["SELECT * FROM dblink('host=elsewhere', 'DELETE FROM t') AS x(a int)", /dblink\(\)/],
      ["SELECT query_to_xml('DELETE FROM t RETURNING id', true, false, '')", /query_to_xml\(\)/],
      ["SELECT pg_read_file('/etc/passwd')", /pg_read_file\(\)/],
      ["COPY t TO STDOUT", /not COPY/],
      ["COPY t FROM STDIN", /not COPY/],
      ["CALL p()", /not CALL/],
      ["DO $$ BEGIN DELETE FROM t; END $$", /not DO/],
      ["DELETE FROM t", /not DELETE/],
      ["SET default_transaction_read_only = off", /not SET/],
      ["BEGIN", /not transaction control/],
      ["SELEC 1", /does not parse: syntax error at or near "SELEC"/],
      ["   ", /empty/],
    ];
    it.each(refused)("%s", async (sql, reason) => {
      const before = await databaseState();
      const error = await adapterError(run(sql));
      expect(error.kind).toBe("invalid_input");
      expect(error.message).toMatch(reason);
      expect(await databaseState()).toEqual(before);
    });

    const onlyText: Array<[string, unknown[]]> = [
      ["SELECT 1 /* ; DELETE FROM t */", [1]],
      ["SELECT 1 -- ; DELETE FROM t", [1]],
      ["SELECT $$; DELETE FROM t; $$", ["; DELETE FROM t; "]],
      ["SELECT $x$'; DROP TABLE t; --$x$", ["'; DROP TABLE t; --"]],
    ];
    it.each(onlyText)("a write hidden in a comment or a dollar-quoted string stays text: %s", async (sql, row) => {
      const before = await databaseState();
      const result = await run(sql);
      expect(result).toMatchObject({ success: true, output: { rows: [row] } });
      expect(await databaseState()).toEqual(before);
    });
  });

  it("lists tables and views outside the system schemas, optionally of one schema", async () => {
    const all = await adapter.execute("list_tables", {}, context());
    expect(all.output).toEqual({
      tables: [
        { schema: "public", name: "big", type: "BASE TABLE" },
        { schema: "public", name: "t", type: "BASE TABLE" },
        { schema: "public", name: "typed", type: "BASE TABLE" },
        { schema: "reports", name: "t_names", type: "VIEW" },
      ],
      truncated: false,
    });
    const reports = await adapter.execute("list_tables", { schema: "reports" }, context());
    expect(reports.output.tables).toEqual([{ schema: "reports", name: "t_names", type: "VIEW" }]);
  });

  it("describes a table's columns; an unknown table is a failed result", async () => {
    const described = await adapter.execute("describe_table", { table: "t" }, context());
    expect(described.output).toEqual({
      schema: "public",
      table: "t",
      columns: [
        { name: "id", type: "integer", nullable: false, default: null, primaryKey: true },
        { name: "name", type: "text", nullable: false, default: null, primaryKey: false },
      ],
    });
    const view = await adapter.execute("describe_table", { schema: "reports", table: "t_names" }, context());
    expect(view.output.columns).toEqual([
      { name: "name", type: "text", nullable: true, default: null, primaryKey: false },
    ]);
    const missing = await adapter.execute("describe_table", { table: "nope" }, context());
    expect(missing).toMatchObject({
      success: false,
      error: 'No table or view "public"."nope" is visible to this connection',
    });
  });

  it("refuses an unknown tool", async () => {
    expect((await adapterError(adapter.execute("drop_everything", {}, context()))).kind).toBe("unknown_tool");
  });

  describe("connection failures", () => {
    it("health check answers SELECT 1", async () => {
      expect(await adapter.healthCheck(context())).toEqual({ ok: true, message: "Connected; SELECT 1 answered" });
    });

    it("a wrong password is unreachable, named, without the password", async () => {
      const wrong = pgUrl.replace(/:[^:@/]+@/, ":Wrong-Secret-99@");
      const error = await adapterError(adapter.execute("run_query", { sql: "SELECT 1" }, context(wrong)));
      expect(error.kind).toBe("unreachable");
      expect(error.message).toBe(
        `Could not connect to PostgreSQL at 127.0.0.1:${pgPort}: password authentication failed for user "app"`,
      );
      const health = await adapter.healthCheck(context(wrong));
      expect(health.ok).toBe(false);
      expect(health.message).toContain("password authentication failed");
      expect(JSON.stringify([error.message, health])).not.toContain("Wrong-Secret-99");
    });

    it("a closed port is unreachable, without the password", async () => {
      const closedPort = pgPort === 1 ? 2 : 1;
      const closed = pgUrl.replace(`:${pgPort}/`, `:${closedPort}/`);
      const error = await adapterError(
        createPostgresAdapter({ allowList: [`127.0.0.1:${closedPort}`] }).execute(
          "run_query",
          { sql: "SELECT 1" },
          context(closed, [`127.0.0.1:${closedPort}`]),
        ),
      );
      expect(error.kind).toBe("unreachable");
      expect(error.message).toMatch(
        new RegExp(`^Could not connect to PostgreSQL at 127\\.0\\.0\\.1:${closedPort}: .+`),
      );
      expect(error.message).not.toContain("app-Secret");
    });

    it("sslmode=require against a server without TLS fails instead of falling back to plain text", async () => {
      const error = await adapterError(
        adapter.execute("run_query", { sql: "SELECT 1" }, context(pgUrl.replace("sslmode=disable", "sslmode=require"))),
      );
      expect(error.kind).toBe("unreachable");
      expect(error.message).toContain("does not support SSL");
    });
  });

  describe("the host rules of outbound.ts apply to the database host", () => {
    const blocked = [
      "postgresql://app:pw@10.0.0.1:5432/db",
      `postgresql://app:pw@127.0.0.1:${pgPort}/db`,
      "postgresql://app:pw@[::ffff:127.0.0.1]:5432/db",
      "postgres://app:pw@localhost/db",
      "postgres://app:pw@db.internal/db",
      "postgres://app:pw@metadata.google.internal/db",
    ];
    it.each(blocked)("%s is refused with an empty allow list", async (connectionString) => {
      const strict = createPostgresAdapter({ allowList: [] });
      const error = await adapterError(strict.execute("run_query", { sql: "SELECT 1" }, context(connectionString, [])));
      expect(error.kind).toBe("blocked_destination");
    });

    it("an allow list for another port does not open this one", async () => {
      const other = createPostgresAdapter({ allowList: [`127.0.0.1:${pgPort + 1}`] });
      expect((await adapterError(other.execute("run_query", { sql: "SELECT 1" }, context()))).kind).toBe(
        "blocked_destination",
      );
    });

    const unusable: Array<[string, RegExp]> = [
      ["mysql://app:pw@db.example.com/db", /scheme must be postgres/],
      ["postgres://app:pw@db.example.com/db?host=/var/run/postgresql", /parameter "host" is not supported/],
      ["postgres://app:pw@db.example.com/db?options=-c%20default_transaction_read_only%3Doff", /parameter "options"/],
      ["postgres://app:pw@db.example.com/db?sslmode=sometimes", /sslmode "sometimes" is unknown/],
      ["postgres://app:pw@a.example.com,b.example.com/db", /only one host/],
      ["not a url", /not a postgres:\/\/ URL/],
    ];
    it.each(unusable)("%s is not usable", async (connectionString, reason) => {
      const error = await adapterError(adapter.execute("run_query", { sql: "SELECT 1" }, context(connectionString)));
      expect(error.kind).toBe("invalid_input");
      expect(error.message).toMatch(reason);
      expect(error.message).not.toContain("pw");
    });
  });
});

describe("the API's SQL client through the service binding SQL (the SQL Worker in workerd)", () => {
  const client = createSqlAdapter({ allowList, runner: env.SQL });
  const secret = new URL(pgUrl).password;

  it("lists the tools without the SQL Worker, and answers a query's rows from it", async () => {
    const tools = await createSqlAdapter({
      allowList,
      runner: { fetch: () => Promise.reject(new Error("no")) },
    }).listTools(context());
    expect(tools.map((tool) => tool.toolKey)).toEqual(["run_query", "list_tables", "describe_table"]);
    const result = await client.execute(
      "run_query",
      { sql: "SELECT id, name FROM t WHERE id = $1", params: [2] },
      context(),
    );
    expect(result).toEqual({
      success: true,
      output: {
        columns: [
          { name: "id", type: "integer" },
          { name: "name", type: "text" },
        ],
        rows: [[2, "two"]],
        rowCount: 1,
        truncated: false,
      },
      error: null,
      httpStatus: null,
    });
    expect(await client.healthCheck(context())).toEqual({ ok: true, message: "Connected; SELECT 1 answered" });
  });

  it("rebuilds the SQL Worker's AdapterError with its code, and PostgreSQL's errors stay results", async () => {
    const refused = await adapterError(client.execute("run_query", { sql: "DELETE FROM t" }, context()));
    expect(refused.kind).toBe("invalid_input");
    expect(refused.message).toMatch(/not DELETE/);
    const blocked = await adapterError(
      createSqlAdapter({ allowList: [], runner: env.SQL }).execute(
        "run_query",
        { sql: "SELECT 1" },
        context(pgUrl, []),
      ),
    );
    expect(blocked.kind).toBe("blocked_destination");
    expect((await adapterError(client.execute("drop_everything", {}, context()))).kind).toBe("unknown_tool");
    expect(await client.execute("run_query", { sql: "SELECT nope FROM t" }, context())).toMatchObject({
      success: false,
      output: { sqlState: "42703" },
    });
  });

  it("never answers the connection string or its password", async () => {
    const wrong = pgUrl.replace(/:[^:@/]+@/, ":Wrong-Secret-99@");
    const answers = [
      await adapterError(client.execute("run_query", { sql: "SELECT 1" }, context(wrong))),
      await client.healthCheck(context(wrong)),
      await adapterError(client.execute("run_query", { sql: "SELECT 1" }, context(`${pgUrl}&options=x`))),
      await client.execute("run_query", { sql: `SELECT '${secret}' FROM nope` }, context()),
      await client.execute("run_query", { sql: "SELECT current_user" }, context()),
    ];
    const unreachable = answers[0] as { kind: string; message: string };
    expect(unreachable.kind).toBe("unreachable");
    expect(unreachable.message).toContain("password authentication failed");
    const text = JSON.stringify(answers.map((answer) => (answer instanceof Error ? answer.message : answer)));
    expect(text).not.toContain("Wrong-Secret-99");
    expect(text).not.toContain(pgUrl);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(secret);
  });

  it("the caller's AbortSignal ends the call and the query on the server", async () => {
    const controller = new AbortController();
    const slow = client.execute(
      "run_query",
      { sql: "SELECT count(*), 'abort-probe' FROM generate_series(1, 100000) a, generate_series(1, 100000) b" },
      { ...context(), signal: controller.signal },
    );
    // The query runs as a cursor: PostgreSQL shows the DECLARE (with the query's text) only for a
    // moment, then the FETCH that does the work.
    const probe = () =>
      observer.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND (query LIKE '%abort-probe%' OR query LIKE 'FETCH % FROM run_query') AND pid <> pg_backend_pid()",
      );
    const started = Date.now();
    while ((await probe()).rows[0].n === 0 && Date.now() - started < 10_000) await scheduler.wait(50);
    expect((await probe()).rows[0].n).toBe(1);
    controller.abort();
    const error = await adapterError(slow);
    expect(error.kind).toBe("unreachable");
    // The SQL Worker saw its request.signal abort and closed the connection: the backend stops.
    while ((await probe()).rows[0].n > 0 && Date.now() - started < 20_000) await scheduler.wait(100);
    expect((await probe()).rows[0].n).toBe(0);
  }, 30_000); // room for both waits above
});
