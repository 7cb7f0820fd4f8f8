// A throw-away PostgreSQL cluster for the SQL connector's tests and benchmark: Debian's `postgresql`
// package (installed with apt-get when absent), a fresh data directory in a temp dir, a free port on
// 127.0.0.1, SCRAM passwords, a test database with tables. Used by test/connectors/servers/global-setup.ts
// and scripts/bench/connectors.mjs; `node scripts/test-postgres.mjs` starts one by hand and
// prints its connection strings until Ctrl-C.
//
// PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user (created
// by the package) and every server command runs through `runuser`.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";

const PG_ROOT = "/usr/lib/postgresql";
/** The owner of the test tables: its connection string is what tests hand to the adapter. */
export const APP_USER = "app";
export const APP_PASSWORD = "app-Secret-pw-4711";
const SUPERUSER_PASSWORD = "super-Secret-pw-0815";
export const DATABASE = "sqltest";
/** More rows than the 1,000-row cap, so the cap is observable. */
export const BIG_ROWS = 1500;

function binDir() {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, "bin/initdb")))
    : [];
  if (!versions.length) return null;
  return join(PG_ROOT, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

function installPostgres() {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd, rest, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0)
      throw new Error(`${args.join(" ")} failed (exit ${result.status}); install Debian's postgresql package`);
  };
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", "postgresql"]);
}

export const freePort = () =>
  new Promise((resolvePort) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });

/** The schema and data every test may rely on; tests that change data use their own tables. */
const FIXTURE_SQL = `
  CREATE TABLE t (id integer PRIMARY KEY, name text NOT NULL);
  INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three');
  CREATE TABLE typed (
    id bigint PRIMARY KEY, price numeric(10,2), ratio double precision, active boolean,
    created_at timestamptz, tags text[], doc jsonb, note varchar(20)
  );
  COMMENT ON TABLE typed IS 'one row of many column types';
  INSERT INTO typed VALUES (9007199254740993, 12.50, 0.25, true, '2026-11-22T10:00:00Z', '{a,b}', '{"k": [1, 2]}', NULL);
  CREATE TABLE big AS SELECT g AS n FROM generate_series(1, ${BIG_ROWS}) AS g;
  CREATE SEQUENCE s;
  -- A function that writes: the parser cannot know, so the READ ONLY transaction must stop it.
  CREATE FUNCTION add_row() RETURNS integer LANGUAGE sql AS 'INSERT INTO t VALUES (99, ''x'') RETURNING id';
  CREATE PROCEDURE p() LANGUAGE sql AS 'DELETE FROM t';
  CREATE SCHEMA reports;
  CREATE VIEW reports.t_names AS SELECT name FROM t;
`;

/**
 * Starts a cluster and resolves to `{ port, connectionString, superuserConnectionString, stop }`.
 * `connectionString` logs in as the owner of the test tables (who could write, were it allowed).
 */
export async function startPostgres({ port } = {}) {
  let bin = binDir();
  if (!bin) {
    installPostgres();
    bin = binDir();
    if (!bin) throw new Error("postgresql installed, but no initdb under /usr/lib/postgresql/*/bin");
  }
  port ??= await freePort();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "connectors-pg-"));
  const owner = asRoot ? Number(execFileSync("id", ["-u", "postgres"]).toString().trim()) : userInfo().uid;
  const ownerGroup = asRoot ? Number(execFileSync("id", ["-g", "postgres"]).toString().trim()) : userInfo().gid;
  const data = join(dir, "data");
  const pwfile = join(dir, "pwfile");
  writeFileSync(pwfile, SUPERUSER_PASSWORD);
  if (asRoot) {
    chownSync(dir, owner, ownerGroup);
    chownSync(pwfile, owner, ownerGroup);
  }
  const server = (tool, args) => {
    const command = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
    const result = spawnSync(command[0], command[1], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  // --no-sync and fsync=off: a throw-away cluster need not survive a power cut, and startup stays ~2 s.
  server("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=scram-sha-256",
    `--pwfile=${pwfile}`,
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  server("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]);
  const stop = () => {
    try {
      server("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const superuserConnectionString = `postgresql://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/postgres?sslmode=disable`;
    const admin = new pg.Client({ connectionString: superuserConnectionString });
    await admin.connect();
    await admin.query(`CREATE ROLE ${APP_USER} LOGIN PASSWORD '${APP_PASSWORD}'`);
    await admin.query(`CREATE DATABASE ${DATABASE} OWNER ${APP_USER}`);
    await admin.end();
    const connectionString = `postgresql://${APP_USER}:${APP_PASSWORD}@127.0.0.1:${port}/${DATABASE}?sslmode=disable`;
    const app = new pg.Client({ connectionString });
    await app.connect();
    await app.query(FIXTURE_SQL);
    await app.end();
    return {
      port,
      connectionString,
      superuserConnectionString: superuserConnectionString.replace("/postgres?", `/${DATABASE}?`),
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPostgres({ port: process.env.PGPORT ? Number(process.env.PGPORT) : undefined });
  console.log(
    `PostgreSQL on 127.0.0.1:${cluster.port}\n  ${cluster.connectionString}\n  ${cluster.superuserConnectionString}\nCtrl-C stops it.`,
  );
  const stop = () => (cluster.stop(), process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
