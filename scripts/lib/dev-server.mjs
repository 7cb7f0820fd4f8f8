// Starts the Worker under `wrangler dev` with local D1/KV/Durable Objects/Queues, for `npm run dev`,
// the browser tests and the benchmarks. Migrations are applied and the dev seed runs before it
// resolves, so callers get a ready server (for `npm run dev`, before the port is even served).
import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runSeeds } from "./seed.mjs";

const root = resolve(import.meta.dirname, "../..");
const wranglerBin = join(root, "node_modules/wrangler/bin/wrangler.js");
const READY_TIMEOUT_MS = 90_000;

/** Secrets for throw-away servers (tests, benchmarks); `npm run dev` uses .dev.vars instead. */
export const EPHEMERAL_SECRETS = {
  JWT_SECRET: "ephemeral-jwt-secret-for-local-servers-only",
  ADMIN_TOKEN: "ephemeral-admin-token",
  CREDENTIALS_KEY: "v1:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  MEDIA_SIGNING_KEY: "ephemeral-media-signing-key-0123456789",
};

function wrangler(args, options = {}) {
  return execFileSync(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    stdio: "pipe",
    encoding: "utf8",
    ...options,
  });
}

export function applyMigrations(persistTo) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    env: { ...process.env, CI: "true" },
  });
}

/**
 * What a state folder already has, so a restart skips work that is done: the migrations applied
 * and the seed run (each is a separate wrangler process or a private instance: seconds apiece).
 * The record lives inside the state folder, so deleting the state forgets it too; it names the
 * migration files and a hash of the seed scripts, so a new migration or a changed seed runs again.
 */
const STATE_RECORD = ".platform-dev-state.json";
const migrationsDir = join(root, "migrations");
const seedDir = join(root, "scripts/seed");

const migrationFiles = () =>
  readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
function seedHash() {
  const hash = createHash("sha256");
  for (const file of readdirSync(seedDir).sort()) hash.update(file).update(readFileSync(join(seedDir, file)));
  return hash.digest("hex");
}
function readRecord(persistTo) {
  const path = join(persistTo, STATE_RECORD);
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  } catch {
    return {};
  }
}
const writeRecord = (persistTo, record) =>
  writeFileSync(join(persistTo, STATE_RECORD), `${JSON.stringify(record, null, 2)}\n`);

async function waitForHealth(origin, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer on ${origin} within ${READY_TIMEOUT_MS} ms`);
}

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise((resolvePort) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });

/**
 * Spawns `wrangler dev` on `port` and resolves once it answers `/health`. `envFile` (npm run dev)
 * replaces `.dev.vars` as the source of secrets: a file, so no secret shows in the process list.
 */
export async function launch({ port, persistTo, vars, envFile, inheritOutput }) {
  const args = [
    "dev",
    // The API first (the primary Worker on the port), then the Workers it binds: PDF_TEXT,
    // JSON_SCHEMA, SQL (the sql-database connector's execution).
    "-c",
    "wrangler.toml",
    "-c",
    "workers/pdf-text/wrangler.toml",
    "-c",
    "workers/json-schema/wrangler.toml",
    "-c",
    "workers/sql/wrangler.toml",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
  ];
  if (envFile) args.push("--env-file", envFile);
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    stdio: inheritOutput ? "inherit" : "ignore",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  try {
    await waitForHealth(origin, child);
    return { origin, stop, process: child };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * @param {{ port?: number, persistTo?: string, seed?: boolean, seedBeforeServing?: boolean,
 *           secrets?: Record<string,string> | null, envFile?: string, adminToken?: string,
 *           vars?: Record<string,string>, inheritOutput?: boolean }} options
 *   `secrets: null` means "no ephemeral secrets": they come from `envFile` (npm run dev: .dev.vars
 *   and the environment, scripts/lib/dev-vars.mjs); otherwise ephemeral secrets are passed as vars.
 *   `seedBeforeServing` (npm run dev) seeds through a private instance on a free port first, so the
 *   public port never serves an unseeded state (CONTRACT.md: migrations and seed before serving).
 */
export async function startDevServer(options = {}) {
  const port = options.port ?? 8787;
  // A throw-away state folder (tests, benchmarks) is removed when the server stops.
  const ownsState = options.persistTo === undefined;
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), "platform-api-"));
  const secrets = options.secrets === null ? null : { ...EPHEMERAL_SECRETS, ...options.secrets };
  const vars = { ...secrets, ...options.vars };
  const adminToken = secrets?.ADMIN_TOKEN ?? options.adminToken;
  const record = readRecord(persistTo);
  const migrations = migrationFiles();
  if (JSON.stringify(record.migrations) !== JSON.stringify(migrations)) {
    applyMigrations(persistTo);
    writeRecord(persistTo, { ...record, migrations });
  }
  const currentSeed = seedHash();
  const seed = options.seed !== false && record.seed !== currentSeed;
  const remember = () => writeRecord(persistTo, { ...readRecord(persistTo), seed: currentSeed });

  if (seed && options.seedBeforeServing) {
    const seeder = await launch({
      port: await freePort(),
      persistTo,
      vars,
      envFile: options.envFile,
      inheritOutput: false,
    });
    try {
      await runSeeds({ origin: seeder.origin, adminToken });
      remember();
    } finally {
      await seeder.stop();
    }
  }
  const server = await launch({
    port,
    persistTo,
    vars,
    envFile: options.envFile,
    inheritOutput: options.inheritOutput,
  });
  try {
    if (seed && !options.seedBeforeServing) {
      await runSeeds({ origin: server.origin, adminToken });
      remember();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    if (ownsState) rmSync(persistTo, { recursive: true, force: true });
  };
  return { ...server, stop, adminToken, persistTo };
}

/** The server's workerd processes (wrangler dev runs two: its proxy in front, then the Worker's own). */
export function workerdProcesses(server) {
  const pids = [server.process.pid];
  const found = [];
  while (pids.length) {
    const pid = pids.pop();
    let children = "";
    try {
      children = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(pid)], { encoding: "utf8" });
    } catch {
      // no children
    }
    for (const line of children.trim().split("\n").filter(Boolean)) {
      const [child, comm] = line.trim().split(/\s+/);
      pids.push(Number(child));
      if (comm.startsWith("workerd")) found.push(Number(child));
    }
  }
  return found;
}

/**
 * The origin of the Worker's own workerd, behind `wrangler dev`'s proxy (which listens on the
 * public port and forwards every request): among the ports this server's workerd processes
 * listen on, the one other than the public port that answers `/health`.
 */
export async function workerOrigin(server) {
  const own = new Set(workerdProcesses(server).map(String));
  const listening = execFileSync("ss", ["-ltnp"], { encoding: "utf8" });
  const publicPort = new URL(server.origin).port;
  for (const [, port, pid] of listening.matchAll(/127\.0\.0\.1:(\d+)\s.*"workerd",pid=(\d+)/g)) {
    if (port === publicPort || !own.has(pid)) continue;
    const origin = `http://127.0.0.1:${port}`;
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) return origin;
    } catch {
      // not an HTTP port (the inspector's)
    }
  }
  throw new Error("the Worker's own port was not found");
}
